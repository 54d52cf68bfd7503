import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MONTE_CARLO_MSG,
  type MonteCarloRun,
  type MonteCarloRunStarted,
} from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { useViewedRows } from '../../lib/use-viewed-rows';
import { MonteCarloHistoryTable } from './monte-carlo-history-table';
import { MonteCarloResultsPanel } from './monte-carlo-results-panel';
import { MonteCarloSettingsDialog } from './monte-carlo-settings-dialog';
import { useDeleteMonteCarlo } from './monte-carlo.mutations';
import { monteCarloKeys, monteCarloQueries } from './monte-carlo.queries';
import { RunProgress } from './run-progress';

/** The local calendar day of a timestamp, YYYY-MM-DD (what the date filter compares). */
function localDayOf(timestamp: string): string {
  const date = new Date(timestamp);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type SettingsState = { rerun?: MonteCarloRun } | null;

/**
 * The Monté Carlo tab of the client analysis view (ingestion-analysis.md 2 "Monte Carlo tab"): the
 * history with its date filter, the Settings run dialog, the progress of a run, at most two viewed
 * '{name} - Results' panels, and Delete Monté Carlo.
 */
export default function MonteCarloTab({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const runs = useQuery(monteCarloQueries.runs(clientId));
  const canRun = useCan('RUN_MONTE_CARLO_MODEL');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [settings, setSettings] = useState<SettingsState>(null);
  const [deleting, setDeleting] = useState<MonteCarloRun | null>(null);
  const [started, setStarted] = useState<{ jobId: string; name: string }[]>([]);
  const remove = useDeleteMonteCarlo();

  const rows = (runs.data ?? []).filter((run) => {
    const day = localDayOf(run.createdAt);
    return (!from || day >= from) && (!to || day <= to);
  });
  // Only finished runs have results to view.
  const viewing = useViewedRows(rows.filter((r) => r.state === 'done').map((r) => r.monteCarloId));
  const viewedRuns = rows.filter((r) => viewing.isViewed(r.monteCarloId));

  const onStarted = (run: MonteCarloRunStarted, name: string) =>
    setStarted((jobs) => [...jobs, { jobId: run.jobId, name }]);
  const onFinished = useCallback(
    (jobId: string) => {
      setStarted((jobs) => jobs.filter((j) => j.jobId !== jobId));
      void queryClient.invalidateQueries({ queryKey: monteCarloKeys.all() });
    },
    [queryClient],
  );

  const confirmDelete = (run: MonteCarloRun) =>
    remove.mutate(run.monteCarloId, {
      onSuccess: (msg) => enqueueSnackbar(msg, { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(failureMessage(error, MONTE_CARLO_MSG.deleteFailed), { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} role="group" aria-label="Date filter">
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {started.map((job) => (
        <RunProgress
          key={job.jobId}
          jobId={job.jobId}
          name={job.name}
          onFinished={() => onFinished(job.jobId)}
        />
      ))}
      <MonteCarloHistoryTable
        clientId={clientId}
        rows={rows}
        isLoading={runs.isLoading}
        isViewed={viewing.isViewed}
        onToggleViewed={viewing.toggle}
        onRerun={(run) => setSettings({ rerun: run })}
        onDelete={setDeleting}
        toolbarActions={
          canRun && (
            <Button variant="contained" onClick={() => setSettings({})}>
              Run Analysis
            </Button>
          )
        }
      />
      {viewedRuns.map((run) => (
        <MonteCarloResultsPanel
          key={run.monteCarloId}
          run={run}
          onHide={() => viewing.hide(run.monteCarloId)}
        />
      ))}
      {settings && (
        <MonteCarloSettingsDialog
          clientId={clientId}
          {...(settings.rerun ? { rerun: settings.rerun } : {})}
          onStarted={onStarted}
          onClose={() => setSettings(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={MONTE_CARLO_MSG.deleteTitle}
        message={MONTE_CARLO_MSG.deleteWarning}
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
