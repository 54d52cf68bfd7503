import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import {
  AccountExtractionResultSchema,
  type AccountUploadResult,
} from '@tideline/contracts/accounts/account-upload.schemas';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import type { JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import { accountQueries, jobQueries } from './accounts.queries';

export type ExtractionJob = AccountUploadResult['jobs'][number];

export interface ExtractionState extends ExtractionJob {
  status: JobStatus | undefined;
  isFinished: boolean;
  /** Accounts the finished job created. */
  createdCount: number | null;
  /** The failed job's message, or the spec's fallback. */
  failure: string | null;
}

const POLL_MS = 1_000;
const isFinished = (job: JobStatus | undefined) => job?.state === 'completed' || job?.state === 'failed';

/**
 * Follows the extraction jobs of a bulk upload (spec 4): polls each job until it ends, refreshes the
 * staging table when one completes and reports a failed one. Kept by the Accounts tab, so the table
 * refreshes even after the upload dialog is closed.
 */
export function useExtractionJobs(clientId: number) {
  const queryClient = useQueryClient();
  const [jobs, setJobs] = useState<ExtractionJob[]>([]);
  const reported = useRef(new Set<string>());
  const results = useQueries({
    queries: jobs.map((job) => ({
      ...jobQueries.detail(job.jobId),
      refetchInterval: (query: { state: { data?: JobStatus } }) =>
        isFinished(query.state.data) ? false : POLL_MS,
    })),
  });

  const states: ExtractionState[] = jobs.map((job, i) => {
    const status = results[i]?.data;
    const parsed = AccountExtractionResultSchema.safeParse(status?.result);
    return {
      ...job,
      status,
      isFinished: isFinished(status),
      createdCount: status?.state === 'completed' && parsed.success ? parsed.data.createdCount : null,
      failure: status?.state === 'failed' ? (status.message ?? ACCOUNT_MSG.extractFailed) : null,
    };
  });

  const finishedKey = states
    .filter((s) => s.isFinished)
    .map((s) => `${s.jobId}:${s.status?.state}`)
    .join(',');
  useEffect(() => {
    if (!finishedKey) return;
    let hasCompleted = false;
    for (const entry of finishedKey.split(',')) {
      if (reported.current.has(entry)) continue;
      reported.current.add(entry);
      const [jobId, state] = entry.split(':');
      if (state === 'completed') hasCompleted = true;
      else {
        const job = results.find((r) => r.data?.jobId === jobId)?.data;
        enqueueSnackbar(job?.message ?? ACCOUNT_MSG.extractFailed, { variant: 'error' });
      }
    }
    if (hasCompleted) void queryClient.invalidateQueries({ queryKey: accountQueries.client(clientId) });
    // results is read for the message only; finishedKey says when something ended.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedKey, clientId, queryClient]);

  const follow = useCallback((started: ExtractionJob[]) => setJobs(started), []);
  /** After a retry the job runs again: forget that it ended and poll it anew. */
  const refollow = useCallback(
    (jobId: string) => {
      for (const entry of [...reported.current])
        if (entry.startsWith(`${jobId}:`)) reported.current.delete(entry);
      void queryClient.invalidateQueries({ queryKey: jobQueries.detail(jobId).queryKey });
    },
    [queryClient],
  );
  return { jobs: states, follow, refollow };
}
