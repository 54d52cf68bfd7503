import {
  QUARTER_STAGE_LABELS,
  QUARTER_STAGES,
  type QuarterStage,
  type QuarterStageRow,
  type QuarterStep,
} from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import type { ChecklistCounts, ChecklistCycle } from './quarter-checklist.queries';

// From the cycle's counts to the checklist's stages (issue 42 point 1). Each stage is done, needs
// attention (a failed file or run: what a person must fix first), or is still to come; the first stage
// not done is "next" and carries the step, so the screen always shows the one button that moves the
// quarter on.

interface Finding {
  isDone: boolean;
  needsAttention?: boolean;
  detail: string;
  done?: number;
  total?: number;
  step: QuarterStep;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function runFinding(name: string, done: number, failed: number, running: number, step: QuarterStep): Finding {
  if (done > 0) return { isDone: true, detail: `${plural(done, 'run')} done for the period.`, step };
  if (running > 0) return { isDone: false, detail: `${plural(running, 'run')} in progress.`, step };
  if (failed > 0)
    return {
      isDone: false,
      needsAttention: true,
      detail: `${plural(failed, 'run')} failed: run it again.`,
      step,
    };
  return { isDone: false, detail: `No ${name} run for the period yet.`, step };
}

function findStages(cycle: ChecklistCycle, c: ChecklistCounts): Record<QuarterStage, Finding> {
  const hasBatches = c.batches > 0;
  const uploadedAccounts = c.accounts - c.accountsNeedingFiles;
  // Promotion records each changed account, so an account's tables older than its last change are
  // stale (the analyses rebuild those before they read them).
  const tablesCurrent = c.tablesComputedAt !== null && !c.tablesStale;
  return {
    reportStarted: {
      isDone: true,
      detail: `Period ${cycle.startDate} to ${cycle.endDate}.`,
      step: { label: 'Start Report', place: 'clientReport' },
    },
    ingestionStarted: {
      isDone: hasBatches,
      detail: hasBatches ? `${plural(c.batches, 'batch')} created.` : 'No batches yet.',
      done: c.batches,
      step: { label: 'Start Ingestion', place: 'clientBanks' },
    },
    filesUploaded: {
      isDone: hasBatches && c.accountsNeedingFiles === 0,
      detail: `${uploadedAccounts} of ${plural(c.accounts, 'account')} have files (${plural(c.files, 'file')}).`,
      done: uploadedAccounts,
      total: c.accounts,
      step: { label: 'Upload Files', place: 'uploadDashboard' },
    },
    filesExtracted: {
      isDone: c.files > 0 && c.filesExtracting === 0 && c.filesFailed === 0,
      detail:
        c.filesExtracting > 0
          ? `${c.filesExtracted} of ${plural(c.files, 'file')} extracted, ${c.filesExtracting} in progress.`
          : `${c.filesExtracted} of ${plural(c.files, 'file')} extracted.`,
      done: c.filesExtracted,
      total: c.files,
      step: { label: 'Extraction Progress', place: 'uploadDashboard' },
    },
    failedFiles: {
      isDone: c.files > 0 && c.filesFailed === 0,
      needsAttention: c.filesFailed > 0,
      detail:
        c.filesFailed > 0
          ? `${plural(c.filesFailed, 'file')} failed: fix the template or upload again.`
          : 'No failed files.',
      done: c.filesFailed,
      step: { label: 'Fix Failed Files', place: 'uploadDashboard' },
    },
    accountsValidated: {
      isDone: hasBatches && c.accountsValidated === c.accounts,
      detail: `${c.accountsValidated} of ${plural(c.accounts, 'account')} validated.`,
      done: c.accountsValidated,
      total: c.accounts,
      step: { label: 'Validate Accounts', place: 'uploadDashboard' },
    },
    batchesValidated: {
      isDone: hasBatches && c.batchesValidated === c.batches,
      detail: `${c.batchesValidated} of ${plural(c.batches, 'batch')} validated.`,
      done: c.batchesValidated,
      total: c.batches,
      step: { label: 'Validate Batches', place: 'uploadDashboard' },
    },
    tables: {
      isDone: tablesCurrent,
      detail: tablesCurrent
        ? 'Up to date with every account’s transactions.'
        : c.tablesComputedAt === null
          ? 'Not computed yet.'
          : 'Transactions changed since they were computed.',
      step: { label: 'Calculate Daily and Monthly Tables', place: 'analysisTables' },
    },
    monteCarlo: runFinding('Monte Carlo', c.monteCarloDone, c.monteCarloFailed, c.monteCarloRunning, {
      label: 'Run Monte Carlo',
      place: 'analysisMonteCarlo',
    }),
    shortTerm: runFinding('short-term', c.shortTermDone, c.shortTermFailed, c.shortTermRunning, {
      label: 'Run Short Term Model',
      place: 'analysisShortTerm',
    }),
    cashVest: {
      isDone: c.cashVestScores > 0,
      detail: c.cashVestScores > 0 ? 'Scored for the period.' : 'Not scored for the period yet.',
      step: { label: 'Score cashVest', place: 'analysisCashVest' },
    },
    analysisCompleted: {
      isDone: cycle.analysisCompletedAt !== null,
      detail:
        cycle.analysisCompletedAt !== null
          ? `Completed ${cycle.analysisCompletedAt.slice(0, 10)}.`
          : 'The analysis is still open.',
      step: { label: 'Complete Analysis', place: 'analysisCashVest' },
    },
    reportGenerated: {
      ...runFinding('report', c.reportsGenerated, c.reportsFailed, c.reportsRunning, {
        label: 'Generate Report',
        place: 'clientReports',
      }),
      detail:
        c.reportsGenerated > 0
          ? `${plural(c.reportsGenerated, 'report')} generated.`
          : c.reportsRunning > 0
            ? 'Generating.'
            : c.reportsFailed > 0
              ? `${plural(c.reportsFailed, 'generation')} failed: generate it again.`
              : 'No report generated yet.',
    },
    reportCompleted: {
      isDone: c.reportsCompleted > 0 || cycle.isClosed,
      detail:
        c.reportsCompleted > 0 ? 'The final report is uploaded.' : 'Upload the final report to complete it.',
      step: { label: 'Upload Report', place: 'clientReports' },
    },
    reportFinalized: {
      isDone: c.reportsFinalized > 0,
      detail: c.reportsFinalized > 0 ? 'Finalized and published.' : 'Not finalized yet.',
      step: { label: 'Finalize', place: 'clientReports' },
    },
  };
}

function toRow(stage: QuarterStage, finding: Finding, isNext: boolean): QuarterStageRow {
  const state = finding.isDone ? 'done' : finding.needsAttention ? 'attention' : isNext ? 'next' : 'waiting';
  return {
    stage,
    label: QUARTER_STAGE_LABELS[stage],
    state,
    detail: finding.detail,
    done: finding.done ?? null,
    total: finding.total ?? null,
    step: state === 'next' || state === 'attention' ? finding.step : null,
  };
}

/** The stages of a cycle; without one (or after a finalized one), a new cycle waiting for Start Report. */
export function deriveQuarterStages(
  cycle: ChecklistCycle | undefined,
  counts: ChecklistCounts | undefined,
): QuarterStageRow[] {
  if (!cycle || !counts || (cycle.isClosed && counts.reportsFinalized > 0)) {
    return QUARTER_STAGES.map((stage, index) => ({
      stage,
      label: QUARTER_STAGE_LABELS[stage],
      state: index === 0 ? 'next' : 'waiting',
      detail: index === 0 ? 'No report is open.' : '',
      done: null,
      total: null,
      step: index === 0 ? { label: 'Start Report', place: 'clientReport' } : null,
    }));
  }
  const findings = findStages(cycle, counts);
  const next = QUARTER_STAGES.find((stage) => !findings[stage].isDone && !findings[stage].needsAttention);
  return QUARTER_STAGES.map((stage) => toRow(stage, findings[stage], stage === next));
}
