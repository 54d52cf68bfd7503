import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { StartIngestionBody } from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import { useSessionStore } from '../../lib/session-store';
import { deleteOpenReport, startIngestion, type IngestionTarget } from './data-ingestion.api';
import { pullTransactions, retryExtraction } from './extraction.api';
import { ingestionKeys } from './data-ingestion.queries';

/**
 * Start Ingestion: new batches and an open report IN PROGRESS. `onStarted` lets the composing page
 * refresh what other areas show of it (the client's report status).
 */
export function useStartIngestion(onStarted?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: IngestionTarget; body: StartIngestionBody }) =>
      startIngestion(target, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ingestionKeys.all() }), onStarted?.()]),
  });
}

/** The open batches list's Delete Batch: the client's open report, its batches and their files. */
export function useDeleteOpenReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => deleteOpenReport(clientId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestionKeys.all() }),
  });
}

/**
 * After a batch's files change (upload, retry, pull): the client's batches, and the batch's files and
 * accounts, refresh; a batch now extracting starts the poll.
 */
export function useRefreshBatch() {
  const queryClient = useQueryClient();
  return (batch: { batchId: number; clientId: number }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ingestionKeys.batches(batch.clientId) }),
      queryClient.invalidateQueries({ queryKey: ingestionKeys.batch(batch.batchId) }),
    ]);
}

/** Retry Extraction: the failed files are queued again, so the poll picks the batch up. */
export function useRetryExtraction(batch: { batchId: number; clientId: number }) {
  const refresh = useRefreshBatch();
  return useMutation({
    mutationFn: (fileAuditIds: number[]) => retryExtraction(fileAuditIds),
    onSuccess: () => refresh(batch),
  });
}

/** Pull Transaction Data (Plaid, Munitrust): the answer's msg is shown as the message. */
export function usePullTransactions() {
  const refresh = useRefreshBatch();
  const userId = useSessionStore((s) => s.user?.userId);
  return useMutation({
    mutationFn: (batch: ClientBatch) => pullTransactions(batch.batchId, userId),
    onSuccess: (_result, batch) => refresh(batch),
  });
}
