import { useDeferredValue, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import { EmptyState } from './data-table/empty-state';

/** The id of a widget's heading, from its title: the card is the region the heading names. */
export const widgetHeadingId = (title: string) => `widget-${title.replace(/\W+/g, '-').toLowerCase()}`;

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
}: {
  title: string;
  subheader?: string | null;
  action?: ReactNode;
  isLoading?: boolean;
  isEmpty?: boolean;
  children?: ReactNode;
}) {
  const id = widgetHeadingId(title);
  // The content is drawn in a background render React can interrupt, as DataTable's rows are
  // (use-table-data.ts): a query's answer renders its widget synchronously, and a client's profile
  // has eight widgets answering one after another while the page is still being drawn. Until then
  // the card shows what it showed before; the same elements again cost React nothing.
  const shown = useDeferredValue(
    useMemo(() => ({ isLoading, isEmpty, children }), [isLoading, isEmpty, children]),
  );
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader={subheader ?? undefined}
        action={action}
        slotProps={{ title: { id, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {shown.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : shown.isEmpty ? (
          <EmptyState />
        ) : (
          shown.children
        )}
      </CardContent>
    </Card>
  );
}
