import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import { isJobFinished, useJob } from '../../lib/use-job';

/**
 * Why a finished step failed, or null when it is done: a job that failed, or one that completed with
 * the model's refusal in its result ({ state: 'failed', message }).
 */
export function failureOf(job: JobStatus, fallback: string): string | null {
  if (job.state === 'failed') return job.message ?? fallback;
  const result = job.result as { state?: string; message?: string | null } | null;
  return result?.state === 'failed' ? (result.message ?? fallback) : null;
}

/**
 * The progress of a step this user just started (GET /api/jobs/{jobId}, polled every second): its
 * percentage and what it is doing. When the job ends, `onFinished` is told why it failed (or null);
 * the tables then say whether the step is done or why not.
 */
export function RunProgress({
  jobId,
  label,
  failureText,
  onFinished,
}: {
  jobId: string;
  label: string;
  /** The spec's failure text, when the job says nothing more. */
  failureText: string;
  onFinished: (failure: string | null) => void;
}) {
  const job = useJob(jobId);
  const finished = isJobFinished(job.data) ? job.data : undefined;
  const isReported = useRef(false);
  useEffect(() => {
    if (!finished || isReported.current) return;
    isReported.current = true;
    onFinished(failureOf(finished, failureText));
  }, [finished, failureText, onFinished]);
  if (finished) return null;
  const progress = job.data?.progress ?? 0;
  return (
    <Alert severity="info" role="status" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {label}: {progress}%{job.data?.message ? ` (${job.data.message})` : ''}
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={`${label} progress`}
        sx={{ mt: 1 }}
      />
    </Alert>
  );
}
