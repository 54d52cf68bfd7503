import { memo, useDeferredValue, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import { EmptyState } from './data-table/empty-state';

/** The id of a widget's heading, from its title: the card is the region the heading names. */
export const widgetHeadingId = (title: string) => `widget-${title.replace(/\W+/g, '-').toLowerCase()}`;

interface WidgetCardProps {
  title: string;
  subheader?: string | null;
  action?: ReactNode;
  isLoading?: boolean;
  isEmpty?: boolean;
  children?: ReactNode;
}

/**
 * A client summary widget (clients spec 2): its title (with an optional subheader and action), a
 * spinner while loading, and 'No Results. There are no results to be displayed.' when empty.
 */
export function WidgetCard({
  title,
  subheader,
  action,
  isLoading = false,
  isEmpty = false,
  children,
}: WidgetCardProps) {
  // The whole card is drawn in a background render React can interrupt, as DataTable's rows are
  // (use-table-data.ts): a query's answer renders its widget synchronously, and a client's profile has
  // widgets answering one after another while the page is still being drawn. In that synchronous render
  // the card's props are the ones it last drew, so the memo skips the card (MUI's styled parts included)
  // and only the widget's own few lines run (issue 21 "Speed").
  const shown = useDeferredValue(
    useMemo(
      () => ({ title, subheader, action, isLoading, isEmpty, children }),
      [title, subheader, action, isLoading, isEmpty, children],
    ),
  );
  return <WidgetCardBody {...shown} />;
}

const WidgetCardBody = memo(function WidgetCardBody({
  title,
  subheader,
  action,
  isLoading,
  isEmpty,
  children,
}: WidgetCardProps) {
  const id = widgetHeadingId(title);
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader={subheader ?? undefined}
        action={action}
        slotProps={{ title: { id, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : isEmpty ? (
          <EmptyState />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
});
