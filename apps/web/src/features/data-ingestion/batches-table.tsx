import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BATCH_TEMPLATE_TYPE_LABELS } from '@tideline/contracts/data-ingestion/batches.schemas';
import { DataTable } from '../../components/data-table/data-table';
import { BATCH_COLUMNS, batchFilters } from './batch-columns';
import { ingestionQueries } from './data-ingestion.queries';
import type { UploadDashboardSlots } from './ingestion-slots';
import { useBatchActions } from './use-batch-actions';
import { useExtractionPolling } from './use-extraction-polling';

const NEWEST_FIRST = { id: 'createdAt', desc: true } as const;

/**
 * Tab 0 of the upload dashboard (VIEW_BATCHES): 'Batches Ready for Files' with the Batches filter
 * dialog and each batch's actions. While files are being extracted the batch summary is polled.
 */
export function BatchesTable({ clientId, slots }: { clientId: number; slots: UploadDashboardSlots }) {
  const batches = useQuery(ingestionQueries.batches(clientId));
  const actions = useBatchActions(slots);
  useExtractionPolling(clientId, batches.data, actions.isValidateOpen);
  const filters = useMemo(() => batchFilters(batches.data ?? []), [batches.data]);
  return (
    <>
      <DataTable
        title="Batches Ready for Files"
        columns={BATCH_COLUMNS}
        filters={filters}
        initialSort={NEWEST_FIRST}
        getRowId={(b) => b.batchId}
        getRowLabel={(b) =>
          `${b.bankName} / ${b.accountName ?? '---'} (${BATCH_TEMPLATE_TYPE_LABELS[b.templateType]})`
        }
        mode={{ kind: 'client', rows: batches.data, isLoading: batches.isLoading }}
        rowActions={actions.rowActions}
      />
      {actions.dialogs}
    </>
  );
}
