import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import { REPORT_MSG } from '@tideline/contracts/reports/reports.schemas';
import { isJobFinished, useJob } from '../../lib/use-job';

/**
 * Spec 8: 'Failed to generate report pdf.', then the job's reason. The server's job already says it
 * that way (REPORT_MSG.jobFailed); a bare reason gets the spec's text in front.
 */
export function generationFailureText(message: string | null | undefined): string {
  if (!message) return REPORT_MSG.generateFailed;
  return message.startsWith(REPORT_MSG.generateFailed) ? message : `${REPORT_MSG.generateFailed} ${message}`;
}

/** Why a finished generation failed, or null when its PDF is stored. */
function failureOf(job: JobStatus): string | null {
  if (job.state === 'failed') return generationFailureText(job.message);
  const result = job.result as { state?: string; message?: string | null } | null;
  return result?.state === 'failed' ? generationFailureText(result.message) : null;
}

/**
 * The progress of a report's PDF (GET /api/jobs/{jobId}, polled every second): its percentage and what
 * it is doing. When the job ends, `onFinished` hears why it failed (or null), once.
 */
export function ReportGenerationProgress({
  jobId,
  label,
  onFinished,
}: {
  jobId: string;
  label: string;
  onFinished: (jobId: string, failure: string | null) => void;
}) {
  const job = useJob(jobId);
  const finished = isJobFinished(job.data) ? job.data : undefined;
  const isReported = useRef(false);
  // A job that cannot be read is left to the list, which shows the report's own state.
  const isUnreadable = job.isError && !job.data;
  useEffect(() => {
    if ((!finished && !isUnreadable) || isReported.current) return;
    isReported.current = true;
    onFinished(jobId, finished ? failureOf(finished) : null);
  }, [finished, isUnreadable, jobId, onFinished]);
  if (finished || isUnreadable) return null;
  const progress = job.data?.progress ?? 0;
  return (
    <Alert severity="info" role="status" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {label}: {progress}%{job.data?.message ? ` (${job.data.message})` : ''}
      <LinearProgress variant="determinate" value={progress} aria-label={label} sx={{ mt: 1 }} />
    </Alert>
  );
}
