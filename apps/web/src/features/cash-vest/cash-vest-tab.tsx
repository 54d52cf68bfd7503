import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { CASH_VEST_MSG, type CashVestHistoryRow } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { enqueueSnackbar } from '../../lib/toast-host';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { useViewedRows } from '../../lib/use-viewed-rows';
import { CashVestHistoryTable } from './cash-vest-history-table';
import { useCreateCashVest } from './cash-vest.mutations';
import { cashVestQueries } from './cash-vest.queries';
import { CashVestPanel } from './cash-vest-panel';

const CashVestWizard = lazy(() => import('./cash-vest-wizard').then((m) => ({ default: m.CashVestWizard })));

/**
 * The cashVest tab of the client analysis view (spec 2): the history, 'New cashVest Score' (ours: how
 * a row comes to exist), the panels of the viewed rows (at most 2; the first two by default) and the
 * 5-page edit wizard.
 */
export default function CashVestTab({ clientId }: { clientId: number }) {
  const history = useQuery(cashVestQueries.history(clientId));
  const canEdit = useCan('EDIT_CASH_VEST_SCORES');
  const create = useCreateCashVest(clientId);
  const [editing, setEditing] = useState<CashVestHistoryRow | null>(null);
  const rows = history.data;
  const ids = (rows ?? []).map((r) => r.cashVestId);
  const viewing = useViewedRows(ids);
  const viewed = viewing.viewed;

  // The new row opens in the wizard: its scores are what it is for.
  const newScore = () =>
    create.mutate(undefined, {
      onSuccess: (result) => {
        enqueueSnackbar(result.msg || CASH_VEST_MSG.created, { variant: 'success' });
        setEditing(result.cashVest);
      },
      onError: (error) =>
        enqueueSnackbar(failureMessage(error, CASH_VEST_MSG.createFailed), { variant: 'error' }),
    });

  return (
    <Stack spacing={2}>
      <CashVestHistoryTable
        rows={rows}
        isLoading={history.isLoading}
        viewed={viewed}
        onToggleViewed={viewing.toggle}
        onEdit={setEditing}
        toolbarActions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={newScore} loading={create.isPending}>
              New cashVest Score
            </Button>
          )
        }
      />
      {ids
        .filter((id) => viewed.includes(id))
        .map((id) => (
          <CashVestPanel key={id} cashVestId={id} />
        ))}
      {editing && (
        <Suspense fallback={null}>
          <CashVestWizard clientId={clientId} row={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
