import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { ingestionKeys, ingestionQueries } from './data-ingestion.queries';

/** Spec 4 "Extraction polling" and 9: the batch summary is read every 4 seconds. */
export const EXTRACTION_POLL_MS = 4_000;

/**
 * Polls the client's batch summary while a batch shown has files queued or being read and nothing
 * pauses it (the Validate Batch dialog is open). A batch whose in-progress count dropped below the one
 * shown, or that disappeared, has its row, files and accounts refreshed; once the refreshed rows show
 * nothing in progress, the poll stops.
 */
export function useExtractionPolling(
  clientId: number,
  batches: readonly ClientBatch[] | undefined,
  isPaused: boolean,
) {
  const queryClient = useQueryClient();
  const isRunning = !isPaused && (batches?.some((b) => b.inProgressCount > 0) ?? false);
  const summary = useQuery({
    ...ingestionQueries.summary(clientId),
    enabled: isRunning,
    refetchInterval: isRunning ? EXTRACTION_POLL_MS : false,
  });

  const { data, dataUpdatedAt } = summary;
  useEffect(() => {
    if (!data || !batches) return;
    const counts = new Map(data.map((s) => [s.batchId, s.inProgressCount]));
    const changed = batches.filter((b) => (counts.get(b.batchId) ?? -1) < b.inProgressCount);
    if (changed.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: ingestionKeys.batches(clientId) });
    for (const b of changed) void queryClient.invalidateQueries({ queryKey: ingestionKeys.batch(b.batchId) });
    // Each new summary (even one equal to the last) is compared with the rows shown, its baseline; a
    // change of the rows alone waits for the next summary.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, dataUpdatedAt]);

  return { isPolling: isRunning };
}
