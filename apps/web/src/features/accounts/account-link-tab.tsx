import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_LINK_MSG,
  AccountLinkEditBodySchema,
  type AccountLink,
} from '@tideline/contracts/accounts/account-links.schemas';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { useDeleteAccountLink, useSaveAccountLink } from './accounts.mutations';
import { accountQueries, linkQueries } from './accounts.queries';
import { toastOutcome } from '../../lib/mutation-toasts';

// Spec 5 "Account link": linkedToAccountId 'Required!'.
const LinkFormSchema = AccountLinkEditBodySchema.shape.account;
type LinkForm = z.input<typeof LinkFormSchema>;

/** The Account Link tab (spec 2, 3): at most one link; Add only when there is none. */
export function AccountLinkTab({ account }: { account: Account }) {
  const canAdd = useCan('ADD_ACCOUNT_LINKS');
  const canEdit = useCan('EDIT_ACCOUNT_LINKS');
  const links = useQuery(linkQueries.ofAccount(account.accountId));
  const [isOpen, setIsOpen] = useState(false);
  if (links.isLoading) return <CircularProgress aria-label="Loading the account link" />;
  // Spec 3: editing uses the first link.
  const link = links.data?.[0];
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        {link ? (
          <Box>
            <Typography>
              Linked to: <strong>{link.linkedToAccountName}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Linked on {formatDate(link.linkedDate)}
            </Typography>
          </Box>
        ) : (
          <Typography color="text.secondary">This account is not linked to another account.</Typography>
        )}
        {link
          ? canEdit && (
              <Button variant="outlined" onClick={() => setIsOpen(true)}>
                Edit Account Link
              </Button>
            )
          : canAdd && (
              <Button variant="contained" onClick={() => setIsOpen(true)}>
                Add Account Link
              </Button>
            )}
      </Stack>
      {isOpen && <AccountLinkDialog account={account} link={link} onClose={() => setIsOpen(false)} />}
    </Paper>
  );
}

function AccountLinkDialog({
  account,
  link,
  onClose,
}: {
  account: Account;
  link: AccountLink | undefined;
  onClose: () => void;
}) {
  const titleId = useId();
  const options = useQuery(accountQueries.options(account.clientId));
  const save = useSaveAccountLink(account.accountId);
  const remove = useDeleteAccountLink(account.accountId);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { control, handleSubmit } = useForm<LinkForm, unknown, z.output<typeof LinkFormSchema>>({
    resolver: zodResolver(LinkFormSchema),
    defaultValues: { linkedToAccountId: link?.linkedToId ?? '' },
  });
  const choices = (options.data ?? []).filter((a) => a.accountId !== account.accountId);

  const submit = ({ linkedToAccountId }: { linkedToAccountId: number }) =>
    save.mutate(
      { linkId: link?.id, linkedToAccountId },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? (link ? ACCOUNT_LINK_MSG.updated : ACCOUNT_LINK_MSG.created), {
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(
            failureMessage(error, link ? ACCOUNT_LINK_MSG.editFailed : ACCOUNT_LINK_MSG.createFailed),
            {
              variant: 'error',
            },
          ),
      },
    );
  const confirmDelete = () =>
    link &&
    remove.mutate(
      link.id,
      toastOutcome({ success: ACCOUNT_LINK_MSG.deleted, failure: ACCOUNT_LINK_MSG.deleteFailed }, onClose),
    );

  const isPending = save.isPending || remove.isPending;
  if (isConfirmingDelete) {
    return (
      <Dialog open onClose={() => !isPending && onClose()} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Delete Account Link</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete the link between {account.accountName} and {link?.linkedToAccountName}? This action cannot
            be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsConfirmingDelete(false)} disabled={isPending}>
            Return to edit
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={remove.isPending}
            onClick={confirmDelete}
            autoFocus
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={() => !isPending && onClose()} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{link ? 'Edit Account Link' : 'Add Account Link'}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <Controller
            control={control}
            name="linkedToAccountId"
            render={({ field, fieldState }) => (
              <TextField
                select
                fullWidth
                margin="normal"
                label="Linked Account"
                name={field.name}
                inputRef={field.ref}
                value={choices.length > 0 ? ((field.value as number | '' | undefined) ?? '') : ''}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
              >
                {choices.map((a) => (
                  <MenuItem key={a.accountId} value={a.accountId}>
                    {a.accountName} ({a.accountNumber})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </DialogContent>
        <DialogActions>
          {link && (
            <Button
              color="error"
              onClick={() => setIsConfirmingDelete(true)}
              sx={{ mr: 'auto' }}
              disabled={isPending}
            >
              Delete
            </Button>
          )}
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
