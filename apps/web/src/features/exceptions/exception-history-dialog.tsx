import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { FormError } from '../../components/form-error';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { exceptionQueries } from './exceptions.queries';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the viewer's MM/DD/YYYY hh:mm (platform.md 9: server times are UTC). */
export function formatEventTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatDate(at)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Every change of one exception, oldest first, from the audit log: who (or the system), when, what. */
export function ExceptionHistoryDialog({
  exception,
  onClose,
}: {
  exception: ExceptionItem;
  onClose: () => void;
}) {
  const titleId = useId();
  const history = useQuery(exceptionQueries.history(exception.exceptionId));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>History</DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        {history.isError && (
          <FormError message={failureMessage(history.error, 'Failed to load the history.')} />
        )}
        {history.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : history.data?.length === 0 ? (
          <EmptyState />
        ) : (
          <List dense aria-label="Changes">
            {(history.data ?? []).map((event, index) => (
              <ListItem key={`${event.at}-${index}`} disableGutters>
                <ListItemText
                  primary={event.description}
                  secondary={`${formatEventTime(event.at)} · ${event.userName ?? 'System'}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
