import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import { EXCEPTION_MSG } from '@tideline/contracts/exceptions/exceptions.schemas';
import { failureMessage } from '../../lib/api-messages';
import { enqueueSnackbar } from '../../lib/toast-host';
import { useCan } from '../../lib/use-can';
import { isJobFinished, useJob } from '../../lib/use-job';
import { EXCEPTION_TEXTS } from './exception-texts';
import { startDetection } from './exceptions.api';
import { exceptionQueries } from './exceptions.queries';

/**
 * 'Check now' (EDIT_EXCEPTIONS): one detection over every client the user sees, as a job polled until it
 * ends (GET /api/jobs/{jobId}); then the queue, the widget and the badges are fetched again.
 */
export function CheckNowButton() {
  const canCheck = useCan('EDIT_EXCEPTIONS');
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const reported = useRef<string | null>(null);
  const start = useMutation({
    mutationFn: () => startDetection(null),
    onSuccess: (started) => {
      reported.current = null;
      setJobId(started);
      enqueueSnackbar(EXCEPTION_MSG.detectionQueued, { variant: 'info' });
    },
    onError: (error) =>
      enqueueSnackbar(failureMessage(error, EXCEPTION_TEXTS.detectFailed), { variant: 'error' }),
  });

  const status = job.data;
  useEffect(() => {
    if (!status || !isJobFinished(status) || reported.current === status.jobId) return;
    reported.current = status.jobId;
    if (status.state === 'completed') {
      enqueueSnackbar(EXCEPTION_TEXTS.detectDone, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: exceptionQueries.all() });
    } else {
      enqueueSnackbar(status.message ?? EXCEPTION_TEXTS.detectFailed, { variant: 'error' });
    }
  }, [status, queryClient]);

  if (!canCheck) return null;
  const isRunning = start.isPending || (jobId !== null && !isJobFinished(status));
  return (
    <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => start.mutate()} loading={isRunning}>
      Check now
    </Button>
  );
}
