import { randomInt } from 'node:crypto';
import { prepareMonteCarlo } from '@tideline/analytics';
import { MSG } from '@tideline/contracts/common/messages';
import { ACCOUNT_GROUP_MSG } from '@tideline/contracts/accounts/account-groups.schemas';
import { subtractYears, wholeYearsBetween } from '@tideline/contracts/monte-carlo/monte-carlo-dates';
import {
  MONTE_CARLO_DEFAULT_PATHS,
  MONTE_CARLO_MSG,
  type MonteCarloRun,
  type MonteCarloRunInputParsed,
  type MonteCarloRunStarted,
  type MonteCarloValidation,
} from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { assertVisibleClient } from '../accounts/accounts.service';
import { lockClientStarts, markAnalysisInProgress } from '../analysis/analysis-cycle.service';
import { loadGroupHistory, refreshGroupTables } from '../balance-tables/group-history';
import { describeModelError, MONTE_CARLO_JOB, runDateOf, type MonteCarloJobData } from './monte-carlo.job';
import * as q from './monte-carlo.queries';

// ingestion-analysis.md 2 "Monte Carlo tab", 5 "Monte Carlo run", 7 "Analysis": the history, the run
// button's check, the run and Delete. Every id is client-scoped: another client's answers 404, as an
// id that exists nowhere.

/** A run the user may see, with its group's name and override; else 404. */
export async function findVisibleRun(db: DbOrTx, user: CurrentUser, monteCarloId: number) {
  const found = await q.selectRun(db, monteCarloId);
  if (!found || !canAccessClient(user, found.run.clientId)) throw notFound(MONTE_CARLO_MSG.notFound);
  return found;
}

/** A group of the client the user may see; else 'Account group does not exist.'. */
async function findVisibleGroup(db: DbOrTx, user: CurrentUser, groupId: number, clientId?: number) {
  const group = await q.selectGroup(db, groupId);
  if (
    !group ||
    !canAccessClient(user, group.clientId) ||
    (clientId !== undefined && group.clientId !== clientId)
  )
    throw notFound(ACCOUNT_GROUP_MSG.notFound);
  return group;
}

const utcToday = () => runDateOf(new Date());

/** Field errors name the body's fields as its schema's do (monteCarlo.endRange). */
const FIELD = {
  numberOfYears: 'monteCarlo.numberOfYears',
  startRange: 'monteCarlo.startRange',
  endRange: 'monteCarlo.endRange',
  accountGroupId: 'monteCarlo.accountGroupId',
} as const;

/**
 * The run button's check (spec 5): the group's balance tables, brought up to date, against the
 * model's own rules (prepareMonteCarlo), so the server and the model never disagree.
 */
async function checkGroupHistory(
  db: Db,
  who: { clientId: number; userId: number },
  groupId: number,
  window: { endDate: string; numberOfYears: number },
): Promise<MonteCarloValidation> {
  const startDate = subtractYears(window.endDate, window.numberOfYears);
  await refreshGroupTables(db, who, groupId);
  const history = await loadGroupHistory(db, groupId);
  const answer = {
    startDate,
    endDate: window.endDate,
    historyStartDate: history ? (history.transactions[0]?.date ?? history.anchorDate) : null,
    historyEndDate: history?.anchorDate ?? null,
  };
  if (!history) return { ...answer, isValid: false, msg: MONTE_CARLO_MSG.noHistory, startBalance: null };
  const plan = prepareMonteCarlo({ accounts: [history], ...window, today: utcToday(), seed: 0 });
  if (!plan.ok) return { ...answer, isValid: false, msg: describeModelError(plan.error), startBalance: null };
  return {
    ...answer,
    isValid: true,
    msg: null,
    startBalance: Math.round(plan.value.startBalance * 100) / 100,
  };
}

/** Spec 5: the start date is the end date minus numberOfYears; the body may give either or both. */
function resolveNumberOfYears(input: MonteCarloRunInputParsed): number {
  const { numberOfYears, startRange, endRange } = input;
  if (numberOfYears === undefined) {
    if (startRange === undefined) throw badRequest(MSG.required, { [FIELD.numberOfYears]: [MSG.required] });
    const years = wholeYearsBetween(startRange, endRange);
    if (years === null) {
      throw badRequest(MONTE_CARLO_MSG.startRangeNotWholeYears, {
        [FIELD.startRange]: [MONTE_CARLO_MSG.startRangeNotWholeYears],
      });
    }
    return years;
  }
  const expected = subtractYears(endRange, numberOfYears);
  if (startRange !== undefined && startRange !== expected) {
    const msg = MONTE_CARLO_MSG.startRangeMismatch(expected);
    throw badRequest(msg, { [FIELD.startRange]: [msg] });
  }
  return numberOfYears;
}

function toHistoryRow(row: Awaited<ReturnType<typeof q.selectRuns>>[number]): MonteCarloRun {
  const progress = row.state === 'done' ? 100 : row.state === 'running' ? (row.jobProgress ?? 0) : 0;
  return {
    monteCarloId: row.monteCarloId,
    monteCarloName: row.monteCarloName,
    groupId: row.groupId,
    groupName: row.groupName,
    createdAt: row.createdAt.toISOString(),
    startDateRange: row.startDate,
    endDateRange: row.endDate,
    numberOfYears: row.numberOfYears,
    dataHasChanged: row.dataHasChanged ? 'YES' : 'NO',
    state: row.state,
    progress,
    message: row.message,
    jobId: row.jobId,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function createMonteCarloService(deps: { db: Db; jobs: JobRunner }) {
  const { db } = deps;

  /**
   * Records a run (and moves the cycle's analysis to 'In Progress') and sends its job in one
   * transaction: both commit or neither. One run of a client in flight at a time (issue 40 point 4):
   * under the client's lock, a run still queued or running answers 409. Exposed for seed-demo:
   * `paths` and `seed` default to 10,000 and a random seed.
   */
  async function recordRun(
    user: Pick<CurrentUser, 'userId'>,
    input: MonteCarloRunInputParsed & { numberOfYears: number },
    ctx: AuditContext,
    options: { rerun?: q.RunRow | null; paths?: number; seed?: number } = {},
  ): Promise<MonteCarloRunStarted> {
    const values = {
      clientId: input.clientId,
      accountGroupId: input.accountGroupId,
      monteCarloName: input.name,
      startDate: subtractYears(input.endRange, input.numberOfYears),
      endDate: input.endRange,
      numberOfYears: input.numberOfYears,
      createdBy: user.userId,
    };
    return db.transaction(async (tx) => {
      await lockClientStarts(tx, MONTE_CARLO_JOB, input.clientId);
      const openReportId = await markAnalysisInProgress(tx, ctx, input.clientId);
      const prior = options.rerun ? await q.lockRun(tx, options.rerun.monteCarloId) : null;
      if (options.rerun && prior?.state !== 'failed') throw conflict(MONTE_CARLO_MSG.stillRunning);
      if (await q.hasRunInFlight(tx, MONTE_CARLO_JOB, input.clientId))
        throw conflict(MONTE_CARLO_MSG.alreadyRunning);
      const row = prior
        ? { ...prior, ...values, openReportId }
        : await q.insertRun(tx, {
            ...values,
            openReportId,
            seed: options.seed ?? randomInt(0, 2 ** 32),
            paths: options.paths ?? MONTE_CARLO_DEFAULT_PATHS,
            state: 'queued',
          });
      if (prior) {
        // Run again in place: a failed run keeps its row (and seed) and starts over.
        await q.updateRun(tx, prior.monteCarloId, {
          ...values,
          openReportId,
          createdAt: new Date(),
          state: 'queued',
          message: null,
          result: null,
          rates: null,
          defaultCushions: null,
          dataAsOf: null,
          completedAt: null,
          jobId: null,
        });
      }
      await writeAudit(tx, ctx, {
        action: prior ? 'monte_carlo.rerun' : 'monte_carlo.run',
        entity: 'monte_carlo_run',
        entityId: row.monteCarloId,
        after: { ...values, seed: row.seed, paths: row.paths },
        clientIds: [input.clientId],
      });
      const data: MonteCarloJobData = {
        monteCarloId: row.monteCarloId,
        clientId: row.clientId,
        userId: user.userId,
      };
      const jobId = await deps.jobs.enqueue(MONTE_CARLO_JOB, data, {
        createdBy: user.userId,
        clientId: row.clientId,
        tx,
      });
      await q.updateRun(tx, row.monteCarloId, { jobId });
      return { msg: MONTE_CARLO_MSG.runStarted, monteCarloId: row.monteCarloId, jobId };
    });
  }

  return {
    recordRun,

    /** GET monte-carlo/{clientId}: the history, newest first. */
    async listRuns(user: CurrentUser, clientId: number): Promise<MonteCarloRun[]> {
      await assertVisibleClient(db, user, clientId);
      return (await q.selectRuns(db, clientId)).map(toHistoryRow);
    },

    /** GET monte-carlo/validate/{accountGroupId}?endDate=&numberOfYears=. */
    async validateRun(
      user: CurrentUser,
      groupId: number,
      window: { endDate: string; numberOfYears: number },
    ): Promise<MonteCarloValidation> {
      const group = await findVisibleGroup(db, user, groupId);
      return checkGroupHistory(db, { clientId: group.clientId, userId: user.userId }, groupId, window);
    },

    /** POST monte-carlo/run: spec 5's rules, the group's history, then the run and its job. */
    async startRun(user: CurrentUser, input: MonteCarloRunInputParsed, ctx: AuditContext) {
      await findVisibleGroup(db, user, input.accountGroupId, input.clientId);
      const numberOfYears = resolveNumberOfYears(input);
      if (input.endRange > utcToday())
        throw badRequest(MONTE_CARLO_MSG.endDateAfterToday, {
          [FIELD.endRange]: [MONTE_CARLO_MSG.endDateAfterToday],
        });
      let rerun: q.RunRow | null = null;
      if (input.monteCarloId !== undefined) {
        const prior = await findVisibleRun(db, user, input.monteCarloId);
        if (prior.run.clientId !== input.clientId) throw notFound(MONTE_CARLO_MSG.notFound);
        if (prior.run.state === 'queued' || prior.run.state === 'running')
          throw conflict(MONTE_CARLO_MSG.stillRunning);
        if (prior.run.state === 'failed') rerun = prior.run;
      }
      const check = await checkGroupHistory(
        db,
        { clientId: input.clientId, userId: user.userId },
        input.accountGroupId,
        { endDate: input.endRange, numberOfYears },
      );
      if (!check.isValid) throw badRequest(check.msg!, { [FIELD.accountGroupId]: [check.msg!] });
      return recordRun(user, { ...input, numberOfYears }, ctx, { rerun });
    },

    /** DELETE monte-carlo/remove/{id}: the run, its result and its override. */
    async deleteRun(user: CurrentUser, monteCarloId: number, ctx: AuditContext): Promise<{ msg: string }> {
      const { run } = await findVisibleRun(db, user, monteCarloId);
      await db.transaction(async (tx) => {
        await q.deleteRun(tx, monteCarloId);
        await writeAudit(tx, ctx, {
          action: 'monte_carlo.delete',
          entity: 'monte_carlo_run',
          entityId: monteCarloId,
          before: {
            monteCarloName: run.monteCarloName,
            accountGroupId: run.accountGroupId,
            startDate: run.startDate,
            endDate: run.endDate,
            state: run.state,
          },
          clientIds: [run.clientId],
        });
      });
      return { msg: MONTE_CARLO_MSG.deleted };
    },
  };
}

export type MonteCarloService = ReturnType<typeof createMonteCarloService>;
