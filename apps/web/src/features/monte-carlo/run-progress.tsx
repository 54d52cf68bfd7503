import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { isJobFinished, useJob } from '../../lib/use-job';

/**
 * The progress of a run this user just started (GET /api/jobs/{jobId}, polled every second): its
 * percentage and what it is doing. When the job ends, `onFinished` refreshes the history, whose row then
 * says whether the run is done or why it failed.
 */
export function RunProgress({
  jobId,
  name,
  onFinished,
}: {
  jobId: string;
  name: string;
  onFinished: () => void;
}) {
  const job = useJob(jobId);
  const isFinished = isJobFinished(job.data);
  useEffect(() => {
    if (isFinished) onFinished();
  }, [isFinished, onFinished]);
  if (isFinished) return null;
  const progress = job.data?.progress ?? 0;
  return (
    <Alert severity="info" role="status" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      Running {name}: {progress}%{job.data?.message ? ` (${job.data.message})` : ''}
      <LinearProgress variant="determinate" value={progress} aria-label={`${name} progress`} sx={{ mt: 1 }} />
    </Alert>
  );
}
