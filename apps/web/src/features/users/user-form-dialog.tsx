import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { USER_MSG, type ClientAssociation, type User } from '@tideline/contracts/users/users.schemas';
import { UserForm } from './user-form';
import { userQueries } from './users.queries';

interface UserFormDialogProps {
  /** The user to edit; none for Add New User. */
  user?: User;
  onClose: () => void;
}

const NO_CLIENTS: ClientAssociation[] = [];

/**
 * The Add/Edit User dialog (platform.md 2.6). Editing loads the user's client association first; when
 * that fails the dialog says so and closes (platform.md 8).
 */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  const titleId = useId();
  const association = useQuery({
    ...userQueries.clientAssociation(user?.userId ?? 0),
    enabled: user !== undefined,
  });
  useEffect(() => {
    if (!association.isError) return;
    enqueueSnackbar(USER_MSG.clientAssociationFailed, { variant: 'error' });
    onClose();
  }, [association.isError, onClose]);

  const isLoading = user !== undefined && !association.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{user ? 'Edit User' : 'Add New User'}</DialogTitle>
      {isLoading ? (
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading client associations" />
          </Box>
        </DialogContent>
      ) : (
        <UserForm user={user} savedClients={association.data ?? NO_CLIENTS} onDone={onClose} />
      )}
    </Dialog>
  );
}
