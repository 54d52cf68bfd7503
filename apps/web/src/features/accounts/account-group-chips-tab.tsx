import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ACCOUNT_GROUP_MSG } from '@tideline/contracts/accounts/account-groups.schemas';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { useCan } from '../../lib/use-can';
import { useCanOpen } from '../../lib/use-can-open';
import { useSetAccountGroups } from './accounts.mutations';
import { groupQueries } from './accounts.queries';
import { GroupFormDialog } from './group-form-dialog';
import { toastOutcome } from '../../lib/mutation-toasts';

/** The Account Groups tab of the profile (spec 2): the account's groups as chips. */
export function AccountGroupChipsTab({ account }: { account: Account }) {
  const canCreate = useCan('ADD_ACCOUNT_GROUPS');
  const canAssign = useCan('EDIT_ACCOUNT_GROUPS');
  // The group page needs VIEW_ACCOUNT_GROUPS: without it the chips are names, not links.
  const canOpenGroups = useCanOpen(`/client-management/${account.clientId}/account-group/0`);
  const groups = useQuery(groupQueries.ofAccount(account.clientId, account.accountId));
  const [dialog, setDialog] = useState<'create' | 'assign' | null>(null);
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 2 }}>
        {canCreate && (
          <Button variant="outlined" onClick={() => setDialog('create')}>
            Create Group
          </Button>
        )}
        {canAssign && (
          <Button variant="contained" onClick={() => setDialog('assign')}>
            Assign/Edit Groups
          </Button>
        )}
      </Stack>
      {groups.isLoading ? (
        <CircularProgress aria-label="Loading the groups" />
      ) : (
        <Box
          component="ul"
          aria-label="Groups of the account"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
        >
          {(groups.data ?? []).map((g) => (
            <Box component="li" key={g.value} sx={{ listStyle: 'none' }}>
              {canOpenGroups ? (
                <Chip
                  label={g.label}
                  component={RouterLink}
                  to={`/client-management/${account.clientId}/account-group/${g.value}`}
                  clickable
                />
              ) : (
                <Chip label={g.label} />
              )}
            </Box>
          ))}
        </Box>
      )}
      {dialog === 'create' && (
        <GroupFormDialog clientId={account.clientId} title="Create Group" onClose={() => setDialog(null)} />
      )}
      {dialog === 'assign' && groups.data && (
        <AssignGroupsDialog
          account={account}
          current={groups.data.map((g) => g.value)}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}

function AssignGroupsDialog({
  account,
  current,
  onClose,
}: {
  account: Account;
  current: number[];
  onClose: () => void;
}) {
  const titleId = useId();
  const options = useQuery(groupQueries.options(account.clientId));
  const save = useSetAccountGroups(account.clientId);
  const [selected, setSelected] = useState(() => new Set(current));
  const toggle = (groupId: number) => {
    const next = new Set(selected);
    if (next.has(groupId)) next.delete(groupId);
    else next.add(groupId);
    setSelected(next);
  };
  const submit = () => {
    // Spec 3, 9: 'All Accounts' is always part of the associations saved.
    const allAccounts = (options.data ?? []).filter((g) => g.isAllAccounts).map((g) => g.value);
    const groupIds = [...new Set([...allAccounts, ...selected])];
    save.mutate(
      { accountId: account.accountId, groupIds },
      toastOutcome(
        { success: ACCOUNT_GROUP_MSG.associationsUpdated, failure: ACCOUNT_GROUP_MSG.updateFailed },
        onClose,
      ),
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Assign/Edit Groups</DialogTitle>
      <DialogContent>
        {options.isLoading ? (
          <CircularProgress aria-label="Loading the groups" />
        ) : (
          <FormGroup aria-label="Groups" sx={{ maxHeight: 400, overflowY: 'auto', flexWrap: 'nowrap' }}>
            {(options.data ?? []).map((g) => (
              <FormControlLabel
                key={g.value}
                control={
                  <Checkbox
                    checked={g.isAllAccounts || selected.has(g.value)}
                    disabled={g.isAllAccounts}
                    onChange={() => toggle(g.value)}
                  />
                }
                label={g.label}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={submit} disabled={options.isLoading}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
