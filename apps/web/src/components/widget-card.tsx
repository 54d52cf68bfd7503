import type { ReactNode } from 'react';
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
}
