import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import { ANALYSIS_MSG } from '@tideline/contracts/analysis/analysis.schemas';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { isJobFinished, useJob } from '../../lib/use-job';
import { startBalanceTables } from './balance-tables.api';

/** Everything drawn from the balance tables: account charts, averages, widgets, analyses. */
const TABLE_READERS = [['accounts'], ['clients'], ['analysis'], ['investments']] as const;

/**
 * 'Calculate Daily and Monthly Tables' (the Accounts tab's Account Actions and the analysis view,
 * RUN_CALCULATIONS): starts the job and shows its progress ('Account 3 of 12') until it ends; then
 * everything that reads the tables is fetched again.
 */
export function CalculateTablesButton({ clientId }: { clientId: number }) {
  const canRun = useCan('RUN_CALCULATIONS');
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const reported = useRef<string | null>(null);
  const start = useMutation({
    mutationFn: () => startBalanceTables(clientId),
    onSuccess: (started) => {
      reported.current = null;
      setJobId(started.jobId);
      enqueueSnackbar(started.msg, { variant: 'info' });
    },
    onError: (error) =>
      enqueueSnackbar(failureMessage(error, ANALYSIS_MSG.runCalculationsFailed), { variant: 'error' }),
  });

  const status = job.data;
  useEffect(() => {
    if (!status || !isJobFinished(status) || reported.current === status.jobId) return;
    reported.current = status.jobId;
    if (status.state === 'completed') {
      enqueueSnackbar(ANALYSIS_MSG.tablesReady, { variant: 'success' });
      for (const queryKey of TABLE_READERS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    } else {
      enqueueSnackbar(status.message ?? ANALYSIS_MSG.runCalculationsFailed, { variant: 'error' });
    }
  }, [status, queryClient]);

  if (!canRun) return null;
  const isRunning = start.isPending || (jobId !== null && !isJobFinished(status));
  return (
    <Box sx={{ minWidth: 260 }}>
      <Button
        startIcon={<CalculateOutlinedIcon />}
        onClick={() => start.mutate()}
        disabled={isRunning}
        aria-describedby={isRunning ? `tables-progress-${clientId}` : undefined}
      >
        Calculate Daily and Monthly Tables
      </Button>
      {isRunning && (
        <Box id={`tables-progress-${clientId}`} role="status" sx={{ mt: 0.5 }}>
          <LinearProgress
            variant={status && status.progress > 0 ? 'determinate' : 'indeterminate'}
            value={status?.progress ?? 0}
            aria-label="Calculating the daily and monthly tables"
          />
          <Typography variant="caption" color="text.secondary">
            {status?.message ?? ANALYSIS_MSG.calculating} {status ? `${status.progress}%` : ''}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
