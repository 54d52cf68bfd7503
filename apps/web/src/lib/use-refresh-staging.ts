import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/** The batch a staging dialog inspects: its accounts' summary and the client's batches show its rows. */
export interface BatchRef {
  batchId: number;
  clientId: number;
}

/**
 * ingestion-analysis.md 4: after a change of staging rows, their list and the batch account summary
 * refresh. Features do not import each other, so the data-ingestion keys are named here:
 * ['data-ingestion', 'batch', batchId] holds the batch's accounts, ['data-ingestion', 'client',
 * clientId] its batches and summary.
 */
export function useRefreshStaging(batch: BatchRef, rowsKey: QueryKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rowsKey }),
      queryClient.invalidateQueries({ queryKey: ['data-ingestion', 'batch', batch.batchId] }),
      queryClient.invalidateQueries({ queryKey: ['data-ingestion', 'client', batch.clientId] }),
    ]);
}
