import { useQuery } from '@tanstack/react-query';
import { JobStatusSchema, type JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import { apiRequest } from './api-client';

const POLL_MS = 1_000;

export const isJobFinished = (job: JobStatus | undefined): boolean =>
  job?.state === 'completed' || job?.state === 'failed';

/**
 * A background job's state and progress (GET /api/jobs/{jobId}), polled every second until it
 * completes or fails: the progress bars of long work (balance tables, analysis runs, PDFs).
 */
export function useJob(jobId: string | null | undefined) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: async () => JobStatusSchema.parse(await apiRequest(`/jobs/${jobId}`)),
    enabled: Boolean(jobId),
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : POLL_MS),
  });
}
