import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { useCan } from '../../lib/use-can';
import { exceptionQueries } from './exceptions.queries';

/**
 * The count of a client's open and snoozed exceptions (issue 43 point 3), red when one is High or past
 * its due date; it opens the queue on that client. Every badge of a screen reads the one GET
 * /api/exceptions/counts. Nothing without VIEW_EXCEPTIONS, nothing for a client without exceptions.
 */
export function ClientExceptionBadge({ clientId }: { clientId: number }) {
  const canView = useCan('VIEW_EXCEPTIONS');
  const counts = useQuery({ ...exceptionQueries.counts(), enabled: canView });
  const count = counts.data?.find((c) => c.clientId === clientId);
  if (!canView || !count || count.open === 0) return null;
  const isUrgent = count.high > 0 || count.overdue > 0;
  const label = `${count.open} open exception${count.open === 1 ? '' : 's'}`;
  const detail = [count.high > 0 && `${count.high} high`, count.overdue > 0 && `${count.overdue} overdue`]
    .filter(Boolean)
    .join(', ');
  return (
    <Chip
      component={RouterLink}
      to={`/exceptions?clientId=${clientId}`}
      clickable
      size="small"
      color={isUrgent ? 'error' : 'warning'}
      label={count.open}
      aria-label={label}
      title={detail ? `${label} (${detail})` : label}
      sx={{ ml: 1 }}
    />
  );
}
