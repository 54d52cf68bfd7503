import {
  runShortTermStep1 as fitStep1,
  runShortTermStep2 as forecastStep2,
  type ShortTermStep1Model,
} from '@tideline/analytics';
import { SHORT_TERM_MSG, SHORT_TERM_WEEKS } from '@tideline/contracts/short-term/short-term.schemas';
import type { Db } from '../../db/open-database';
import { PROMPT_POLLING_SECONDS, type JobContext, type JobDefinition } from '../../platform/jobs/job-runner';
import type { Storage } from '../../platform/storage/storage';
import { loadGroupHistory, refreshGroupTables } from '../balance-tables/group-history';
import { findCurrentLiquidityLevels } from '../monte-carlo/current-liquidity-levels.service';
import * as q from './short-term.queries';
import { discardFile, storeModelPdf } from './short-term-files';
import type { StoredStep2 } from './short-term-results';

// The short-term model's two steps (analytics.md "Short-term model"), each a job with progress
// (polled at /api/jobs/{jobId}). A job reads its row, does the work, and writes the result only if
// the row still asks for it (not deleted, not rerun by a newer job): a retry rewrites the same result.
// The model's refusals (Result ok:false) are the run's failure message, not a retried error.

export const SHORT_TERM_STEP1_JOB = 'analysis.short-term-step-1';
export const SHORT_TERM_STEP2_JOB = 'analysis.short-term-step-2';

export interface ShortTermJobData {
  shortTermModelId: number;
  clientId: number;
  /** Who asked: the balance tables a step 1 rebuilds are written in their name. */
  userId: number;
}

export interface ShortTermJobResult {
  shortTermModelId: number;
  state: 'done' | 'failed' | 'skipped';
  message: string | null;
}

type ShortTermJob = Pick<JobContext<ShortTermJobData>, 'db' | 'data' | 'setProgress'> & {
  /** The job's id; null when called directly (seed-demo), which skips the superseded check. */
  jobId: string | null;
};

const skipped = (id: number): ShortTermJobResult => ({
  shortTermModelId: id,
  state: 'skipped',
  message: null,
});

/**
 * Whether the row is still this job's to write: not deleted, not rerun or removed since. The job id
 * is recorded just after the job is sent, so a step under way without one is this job's too.
 */
function isOwnedBy(row: q.ModelRow | null, step: 1 | 2, jobId: string | null): row is q.ModelRow {
  if (!row) return false;
  if (jobId === null) return true;
  const owner = step === 1 ? row.step1JobId : row.step2JobId;
  const state = step === 1 ? row.step1State : row.step2State;
  return owner === jobId || (owner === null && (state === 'queued' || state === 'running'));
}

/** Records a step's failure on the row (when still this job's); answers the job's result. */
async function recordFailure(job: ShortTermJob, step: 1 | 2, reason: string): Promise<ShortTermJobResult> {
  const { db, data } = job;
  const message = SHORT_TERM_MSG.jobFailed(step, reason);
  await db.transaction(async (tx) => {
    const row = await q.lockModel(tx, data.shortTermModelId);
    if (!isOwnedBy(row, step, job.jobId)) return;
    await q.updateModel(
      tx,
      row.shortTermModelId,
      step === 1
        ? { step1State: 'failed', step1Message: message, step1Ready: false }
        : { step2State: 'failed', step2Message: message },
    );
  });
  await job.setProgress(100, message);
  return { shortTermModelId: data.shortTermModelId, state: 'failed', message };
}

/**
 * Writes the step's result and the model's new PDF in one transaction with the row locked; the
 * PDF replaced is removed after the commit, and a PDF no row took is removed at once.
 */
async function saveResult(
  job: ShortTermJob,
  storage: Storage,
  step: 1 | 2,
  newKey: string,
  values: Partial<q.ModelRow>,
): Promise<boolean> {
  const { db, data } = job;
  let oldKey: string | null = null;
  const isSaved = await db.transaction(async (tx) => {
    const row = await q.lockModel(tx, data.shortTermModelId);
    if (!isOwnedBy(row, step, job.jobId)) return false;
    oldKey = row.fileKey;
    return q.updateModel(tx, row.shortTermModelId, { ...values, fileKey: newKey });
  });
  await discardFile(storage, isSaved ? oldKey : newKey).catch(() => undefined);
  return isSaved;
}

/**
 * Step 1 (analytics.md "Short-term model", step 1): rebuild the group's stale balance tables, read
 * the group's daily table, fit and check the model, write its PDF. data_as_of is when the data was read.
 */
export async function computeShortTermStep1(
  deps: { storage: Storage },
  job: ShortTermJob,
): Promise<ShortTermJobResult> {
  const { db, data } = job;
  const found = await q.selectModel(db, data.shortTermModelId);
  if (!found || !isOwnedBy(found.model, 1, job.jobId)) return skipped(data.shortTermModelId);
  const { model: row, groupName } = found;
  await q.updateModel(db, row.shortTermModelId, { step1State: 'running', step1Message: null });
  await job.setProgress(5, 'Refreshing the balance tables');
  await refreshGroupTables(db, { clientId: row.clientId, userId: data.userId }, row.accountGroupId);
  await job.setProgress(40, 'Reading the account group history');
  const dataAsOf = new Date();
  const history = await loadGroupHistory(db, row.accountGroupId);
  if (!history) return recordFailure(job, 1, SHORT_TERM_MSG.noHistory);
  const minDate = await q.selectGroupMinDate(db, row.accountGroupId);
  if (!minDate) return recordFailure(job, 1, SHORT_TERM_MSG.groupWithoutData);
  await job.setProgress(60, 'Fitting the model and back-testing it');
  const fitted = fitStep1({
    accounts: [history],
    startDate: row.startDate,
    endDate: row.endDate,
    minDate,
    balanceAdjustments: row.balanceAdjustments as { date: string; amount: number }[],
  });
  if (!fitted.ok) return recordFailure(job, 1, fitted.error.message);
  await job.setProgress(80, 'Writing the PDF');
  const key = await storeModelPdf(
    db,
    deps.storage,
    { ...row, dataAsOf },
    { groupName, step1: fitted.value, step2: null },
  );
  const isSaved = await saveResult(job, deps.storage, 1, key, {
    step1State: 'done',
    step1Message: null,
    step1Ready: fitted.value.checks.isReady,
    step1Result: fitted.value,
    step1CompletedAt: new Date(),
    dataAsOf,
  });
  return isSaved
    ? { shortTermModelId: row.shortTermModelId, state: 'done', message: null }
    : skipped(row.shortTermModelId);
}

/**
 * Step 2 (analytics.md "Short-term model", step 2): the 24-week forecast of a ready step 1, with the
 * strategic liquidity of the group's current liquidity levels (none without a finished Monte Carlo),
 * and the PDF rewritten with the forecast and its charts.
 */
export async function computeShortTermStep2(
  deps: { storage: Storage },
  job: ShortTermJob,
): Promise<ShortTermJobResult> {
  const { db, data } = job;
  const found = await q.selectModel(db, data.shortTermModelId);
  if (!found || !isOwnedBy(found.model, 2, job.jobId)) return skipped(data.shortTermModelId);
  const { model: row, groupName } = found;
  if (row.step1State !== 'done' || !row.step1Result)
    return recordFailure(job, 2, SHORT_TERM_MSG.step1NotDone);
  const step1 = row.step1Result as ShortTermStep1Model;
  await q.updateModel(db, row.shortTermModelId, { step2State: 'running', step2Message: null });
  await job.setProgress(10, 'Reading the current liquidity levels');
  const current = await findCurrentLiquidityLevels(db, row.accountGroupId);
  await job.setProgress(30, 'Forecasting');
  const forecast = forecastStep2({
    model: step1,
    weeks: SHORT_TERM_WEEKS.max,
    ...(current ? { strategicLiquidity: current.levels.strategicLiquidity } : {}),
  });
  if (!forecast.ok) return recordFailure(job, 2, forecast.error.message);
  const step2: StoredStep2 = {
    rows: forecast.value.rows,
    weekly: forecast.value.weekly,
    strategicLiquidity: current
      ? {
          amount: current.levels.strategicLiquidity,
          monteCarloId: current.monteCarloId,
          monteCarloName: current.monteCarloName,
        }
      : null,
    band: current?.band ?? [],
    method: forecast.value.method,
    accuracy: forecast.value.accuracy,
  };
  await job.setProgress(60, 'Writing the PDF');
  const key = await storeModelPdf(db, deps.storage, row, { groupName, step1, step2 });
  const isSaved = await saveResult(job, deps.storage, 2, key, {
    step2State: 'done',
    step2Message: null,
    step2Result: step2,
    step2CompletedAt: new Date(),
  });
  return isSaved
    ? { shortTermModelId: row.shortTermModelId, state: 'done', message: null }
    : skipped(row.shortTermModelId);
}

function defineStep(
  name: string,
  step: 1 | 2,
  compute: typeof computeShortTermStep1,
  deps: { storage: Storage },
): JobDefinition<ShortTermJobData> {
  return {
    name,
    retryLimit: 2,
    retryDelaySeconds: 5,
    pollingIntervalSeconds: PROMPT_POLLING_SECONDS,
    expireInSeconds: 30 * 60,
    handle: (ctx) => compute(deps, ctx),
    // Something other than the data went wrong, every try: the row says so, and can be run again.
    onFinalFailure: async (ctx, message) => {
      await recordFailure({ ...ctx, jobId: ctx.jobId }, step, message);
    },
  };
}

/** Registered in jobs.ts. */
export function shortTermStep1Job(deps: { storage: Storage }): JobDefinition<ShortTermJobData> {
  return defineStep(SHORT_TERM_STEP1_JOB, 1, computeShortTermStep1, deps);
}

export function shortTermStep2Job(deps: { storage: Storage }): JobDefinition<ShortTermJobData> {
  return defineStep(SHORT_TERM_STEP2_JOB, 2, computeShortTermStep2, deps);
}

/**
 * Both steps at once, without the job queue (seed-demo gives the demo clients a model): records the
 * model and runs step 1, then step 2 when step 1 is ready. Answers the model's id.
 */
export async function runShortTermModelNow(
  db: Db,
  storage: Storage,
  input: {
    clientId: number;
    userId: number;
    accountGroupId: number;
    name: string;
    startDate: string;
    endDate: string;
    balanceAdjustments?: { date: string; amount: number }[];
    openReportId?: number | null;
  },
): Promise<{ shortTermModelId: number; step1: ShortTermJobResult; step2: ShortTermJobResult | null }> {
  const row = await q.insertModel(db, {
    clientId: input.clientId,
    accountGroupId: input.accountGroupId,
    openReportId: input.openReportId ?? null,
    shortTermModelName: input.name,
    startDate: input.startDate,
    endDate: input.endDate,
    balanceAdjustments: input.balanceAdjustments ?? [],
    createdBy: input.userId,
  });
  const job: ShortTermJob = {
    db,
    jobId: null,
    data: { shortTermModelId: row.shortTermModelId, clientId: input.clientId, userId: input.userId },
    setProgress: async () => undefined,
  };
  const step1 = await computeShortTermStep1({ storage }, job);
  if (step1.state !== 'done') return { shortTermModelId: row.shortTermModelId, step1, step2: null };
  const ready = await q.selectModel(db, row.shortTermModelId);
  if (!ready?.model.step1Ready) return { shortTermModelId: row.shortTermModelId, step1, step2: null };
  await q.updateModel(db, row.shortTermModelId, { step2State: 'queued' });
  const step2 = await computeShortTermStep2({ storage }, job);
  return { shortTermModelId: row.shortTermModelId, step1, step2 };
}
