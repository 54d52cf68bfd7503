import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  BATCH_RECOVERY_MSG,
  hasDecisionsLeft,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import {
  BATCH_STATUS,
  BATCH_TEMPLATE_TYPE_LABELS,
  type ClientBatch,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { enqueueSnackbar } from '../../lib/toast-host';
import { useCan } from '../../lib/use-can';
import { batchColumnsOf, batchFilters } from './batch-columns';
import { useValidateBatchesInOneStep } from './batch-validation.mutations';
import { BatchValidationResultDialog } from './batch-validation-result-dialog';
import { ingestionQueries } from './data-ingestion.queries';
import type { UploadDashboardSlots } from './ingestion-slots';
import { useBatchActions } from './use-batch-actions';
import { useExtractionPolling } from './use-extraction-polling';

const NEWEST_FIRST = { id: 'createdAt', desc: true } as const;
const isOpen = (b: ClientBatch) => b.status !== BATCH_STATUS.validated;

/**
 * Issue 42 point 2 (spec 8 'Batches Validated Successfully' / 'Failed to Validate Batches.'): the
 * selected batches validated in one action, their reconciled accounts first; what is left is shown.
 */
function useValidateSelected(clientId: number) {
  const [result, setResult] = useState<BatchesValidatedInOneStep | null>(null);
  const canValidateAccounts = useCan('VALIDATE_ACCOUNT_BATCHES');
  const validate = useValidateBatchesInOneStep(clientId);
  const bulkActions: BulkAction<ClientBatch>[] = canValidateAccounts
    ? [
        {
          label: 'Validate Batches',
          permissions: ['VALIDATE_BATCHES'],
          onClick: (rows, { clearSelection }) =>
            validate.mutate(
              rows.filter(isOpen).map((b) => b.batchId),
              {
                onSuccess: (answer) => {
                  clearSelection();
                  if (hasDecisionsLeft(answer)) setResult(answer);
                  else enqueueSnackbar(answer.msg, { variant: 'success' });
                },
                onError: (error) =>
                  enqueueSnackbar(failureMessage(error, BATCH_RECOVERY_MSG.validateBatchesFailed), {
                    variant: 'error',
                  }),
              },
            ),
        },
      ]
    : [];
  const dialog = result && <BatchValidationResultDialog result={result} onClose={() => setResult(null)} />;
  return { bulkActions, dialog };
}

/**
 * Tab 0 of the upload dashboard (VIEW_BATCHES): 'Batches Ready for Files' with the Batches filter
 * dialog and each batch's actions. While files are being extracted the batch summary is polled.
 */
export function BatchesTable({ clientId, slots }: { clientId: number; slots: UploadDashboardSlots }) {
  const batches = useQuery(ingestionQueries.batches(clientId));
  const actions = useBatchActions(slots);
  const selected = useValidateSelected(clientId);
  useExtractionPolling(clientId, batches.data, actions.isValidateOpen);
  const filters = useMemo(() => batchFilters(batches.data ?? []), [batches.data]);
  const { showFailed } = actions;
  const columns = useMemo(() => batchColumnsOf(showFailed), [showFailed]);
  return (
    <>
      <DataTable
        title="Batches Ready for Files"
        columns={columns}
        filters={filters}
        initialSort={NEWEST_FIRST}
        getRowId={(b) => b.batchId}
        getRowLabel={(b) =>
          `${b.bankName} / ${b.accountName ?? '---'} (${BATCH_TEMPLATE_TYPE_LABELS[b.templateType]})`
        }
        mode={{ kind: 'client', rows: batches.data, isLoading: batches.isLoading }}
        rowActions={actions.rowActions}
        bulkActions={selected.bulkActions}
        isRowSelectable={isOpen}
      />
      {actions.dialogs}
      {selected.dialog}
    </>
  );
}
