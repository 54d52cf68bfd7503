import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { INVESTMENT_GROUP_MSG } from '@tideline/contracts/investments/investment-groups.schemas';
import { PageLoader } from '../../components/page-loader';
import { useCan } from '../../lib/use-can';
import { AddGroupInvestmentsDialog } from './add-group-investments-dialog';
import { InvestmentGroupFormDialog } from './investment-group-form-dialog';
import { InvestmentsTable } from './investments-table';
import { investmentGroupQueries } from './investments.queries';
import type { InvestmentScope } from './investments.api';

/** The Investments page's tab of the groups (spec 2), sent as navigation state. */
const INVESTMENT_GROUPS_TAB = 1;
const ALL: InvestmentScope = { kind: 'all' };

/**
 * /investment-management/investment-group/:groupId (spec 2 "Investment group page"): the group's
 * investments, Edit Group and Add Investment(s).
 */
export default function InvestmentGroupPage() {
  const params = useParams();
  const groupId = Number(params.groupId);
  const isValid = Number.isInteger(groupId) && groupId > 0;
  const navigate = useNavigate();
  const canEdit = useCan('EDIT_INVESTMENT_GROUPS');
  const canAdd = useCan('ADD_INVESTMENT_GROUP_ASSOCIATIONS');
  const group = useQuery({ ...investmentGroupQueries.single(groupId), enabled: isValid });
  const [dialog, setDialog] = useState<'edit' | 'add' | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const backToGroups = useCallback(
    () => void navigate('/investment-management', { state: INVESTMENT_GROUPS_TAB }),
    [navigate],
  );

  // Spec 2: a missing group sends the user back to the groups with the message.
  const isMissing = !isValid || group.isError;
  useEffect(() => {
    if (!isMissing) return;
    enqueueSnackbar(INVESTMENT_GROUP_MSG.notFound, { variant: 'error' });
    void navigate('/investment-management', { replace: true, state: INVESTMENT_GROUPS_TAB });
  }, [isMissing, navigate]);

  const toolbar = useMemo(
    () =>
      canAdd && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
          Add Investment(s)
        </Button>
      ),
    [canAdd],
  );

  if (!group.data || isMissing) return <PageLoader />;
  const detail = group.data;
  return (
    <Stack component="section" aria-labelledby="investment-group-title" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography id="investment-group-title" variant="h4" component="h1">
          {detail.groupName} Investments
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<ArrowBackIcon />} onClick={backToGroups}>
            Back to Investment Groups
          </Button>
          {canEdit && (
            <Button variant="outlined" onClick={() => setDialog('edit')}>
              Edit Group
            </Button>
          )}
        </Stack>
      </Stack>
      <InvestmentsTable title="Investments" scope={ALL} groupId={detail.groupId} toolbarActions={toolbar} />
      {dialog === 'edit' && <InvestmentGroupFormDialog group={detail} onClose={close} />}
      {dialog === 'add' && (
        <AddGroupInvestmentsDialog groupId={detail.groupId} groupName={detail.groupName} onClose={close} />
      )}
    </Stack>
  );
}
