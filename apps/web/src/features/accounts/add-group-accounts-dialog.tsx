import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_GROUP_MSG,
  type AccountGroupDetail,
} from '@tideline/contracts/accounts/account-groups.schemas';
import { useAddGroupAccounts } from './accounts.mutations';
import { accountQueries } from './accounts.queries';
import { toastOutcome } from '../../lib/mutation-toasts';

interface AddGroupAccountsDialogProps {
  clientId: number;
  group: AccountGroupDetail;
  onClose: () => void;
}

/** Add Accounts (spec 2): the client's accounts not yet in the group. */
export function AddGroupAccountsDialog({ clientId, group, onClose }: AddGroupAccountsDialogProps) {
  const titleId = useId();
  const options = useQuery(accountQueries.options(clientId));
  const add = useAddGroupAccounts(clientId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const members = new Set(group.accounts.map((a) => a.accountId));
  const available = (options.data ?? []).filter((a) => !members.has(a.accountId));

  const toggle = (accountId: number) => {
    const next = new Set(selected);
    if (next.has(accountId)) next.delete(accountId);
    else next.add(accountId);
    setSelected(next);
  };
  const submit = () =>
    add.mutate(
      { groupId: group.groupID, accountIds: [...selected] },
      toastOutcome(
        { success: ACCOUNT_GROUP_MSG.accountsAdded, failure: ACCOUNT_GROUP_MSG.addAccountsFailed },
        onClose,
      ),
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Add Accounts</DialogTitle>
      <DialogContent>
        {options.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading accounts" />
          </Box>
        ) : available.length === 0 ? (
          <Typography color="text.secondary">
            Every account of the client is already in this group.
          </Typography>
        ) : (
          <FormGroup aria-label="Accounts not in the group" sx={{ maxHeight: 400, overflowY: 'auto' }}>
            {available.map((a) => (
              <FormControlLabel
                key={a.accountId}
                control={
                  <Checkbox checked={selected.has(a.accountId)} onChange={() => toggle(a.accountId)} />
                }
                label={`${a.accountName} (${a.accountNumber})`}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={selected.size === 0} loading={add.isPending} onClick={submit}>
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
