import type { ShortTermStep1Model } from '@tideline/analytics';
import { SHORT_TERM_MSG, type BalanceAdjustment } from '@tideline/contracts/short-term/short-term.schemas';
import type {
  CashPositionForecast,
  DayToDayVariance,
  ShortTermForecast,
  ShortTermModelOption,
  ShortTermModelRow,
  ShortTermStep2Row,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { notFound } from '../../platform/http/app-error';
import { findVisibleClient } from '../clients/clients.service';
import * as q from './short-term.queries';
import { fileUrlOf } from './short-term-files';
import {
  actualWindow,
  dayToDayRows,
  measureAccuracy,
  modelAccuracyOf,
  weeklyRows,
  type StoredStep2,
} from './short-term-results';
import { findVisibleGroup } from './short-term.service';

// The Short Term Model tab's reads (ingestion-analysis.md 2, 7) and the client summary's short-term
// widgets (clients-accounts-investments-reports.md 2, 7). A forecast endpoint keyed by a group reads
// the model named by ?shortTermModelId= (the viewed step 2 row; it must be of that group), else the
// group's latest finished step 2; a widget reads the client's latest finished step 2 of any group.

type ListRow = Awaited<ReturnType<typeof q.selectModelRows>>[number];
type ModelWithGroup = NonNullable<Awaited<ReturnType<typeof q.selectModel>>>;

const EMPTY = { shortTermModelId: null, shortTermModelName: null, groupName: null } as const;

function toRow(row: ListRow, step: 1 | 2): ShortTermModelRow {
  const { model } = row;
  const state = (step === 1 ? model.step1State : model.step2State) ?? 'queued';
  const isUnderWay = state === 'queued' || state === 'running';
  const isReady = step === 1 ? state === 'done' && model.step1Ready === true : state === 'done';
  const ownMessage = step === 1 ? model.step1Message : model.step2Message;
  const completedAt = step === 1 ? model.step1CompletedAt : model.step2CompletedAt;
  return {
    shortTermModelId: model.shortTermModelId,
    shortTermModelName: model.shortTermModelName,
    groupId: model.accountGroupId,
    groupName: row.groupName,
    createdAt: model.createdAt.toISOString(),
    startDateRange: model.startDate,
    endDateRange: model.endDate,
    stepStatus: isReady ? 'YES' : 'NO',
    dataHasChanged: row.dataHasChanged ? 'YES' : 'NO',
    fileUrl: fileUrlOf(model.fileKey),
    balanceAdjustments: model.balanceAdjustments as BalanceAdjustment[],
    state,
    progress: state === 'done' ? 100 : (row.jobProgress ?? 0),
    message: isUnderWay ? row.jobMessage : (ownMessage ?? readinessNote(model, step)),
    jobId: step === 1 ? model.step1JobId : model.step2JobId,
    completedAt: completedAt?.toISOString() ?? null,
  };
}

/** Why Step 1 Ready? is NO on a finished step 1, in the checks' words. */
function readinessNote(model: q.ModelRow, step: 1 | 2): string | null {
  if (step !== 1 || model.step1State !== 'done' || model.step1Ready) return null;
  const checks = (model.step1Result as ShortTermStep1Model | null)?.checks;
  if (!checks) return null;
  const reasons = [
    ...(checks.hasEnoughHistory ? [] : [`${checks.historyMonths} months of history, 24 needed`]),
    ...(checks.hasNoLongGap
      ? []
      : [
          `${checks.longestGapBusinessDays} business days without transactions from ${checks.longestGapStart ?? '?'}, at most 10 allowed`,
        ]),
  ];
  return reasons.length > 0 ? `Not ready: ${reasons.join('; ')}.` : null;
}

const resultsOf = (model: q.ModelRow) => ({
  step1: model.step1Result as ShortTermStep1Model,
  step2: model.step2Result as StoredStep2,
});

/** The group's balances the forecast can be compared with (its daily table past the end date). */
async function loadActuals(db: Db, model: q.ModelRow) {
  const { step1, step2 } = resultsOf(model);
  const window = actualWindow(step1, step2);
  return q.selectGroupBalances(db, model.accountGroupId, window.from, window.to);
}

export function createShortTermReads(deps: { db: Db }) {
  const { db } = deps;

  /** The model of a group-keyed forecast endpoint, or null (the group has no finished step 2). */
  async function findGroupModel(
    user: CurrentUser,
    groupId: number,
    shortTermModelId: number | undefined,
    clientId?: number,
  ): Promise<ModelWithGroup | null> {
    await findVisibleGroup(db, user, groupId, clientId);
    const found = await q.selectForecastModel(db, { groupId, shortTermModelId });
    if (!found && shortTermModelId !== undefined) throw notFound(SHORT_TERM_MSG.notFound);
    return found;
  }

  async function findClientModel(user: CurrentUser, clientId: number): Promise<ModelWithGroup | null> {
    await findVisibleClient(db, user, clientId);
    return q.selectForecastModel(db, { clientId });
  }

  async function toCashPosition(found: ModelWithGroup | null, weeks: number): Promise<CashPositionForecast> {
    if (!found) return { ...EMPTY, strategicLiquidityNote: null, rows: [] };
    const { step2 } = resultsOf(found.model);
    return {
      shortTermModelId: found.model.shortTermModelId,
      shortTermModelName: found.model.shortTermModelName,
      groupName: found.groupName,
      strategicLiquidityNote: step2.strategicLiquidity ? null : SHORT_TERM_MSG.noLiquidityLevels,
      rows: weeklyRows(step2, weeks, await loadActuals(db, found.model)),
    };
  }

  async function toDayToDay(found: ModelWithGroup | null): Promise<DayToDayVariance> {
    if (!found) return { ...EMPTY, rows: [] };
    const { step1, step2 } = resultsOf(found.model);
    return {
      shortTermModelId: found.model.shortTermModelId,
      shortTermModelName: found.model.shortTermModelName,
      groupName: found.groupName,
      rows: dayToDayRows(step1, step2, await loadActuals(db, found.model)),
    };
  }

  return {
    /** GET short-term/step-1/{clientId}: the Step 1 Analysis table. */
    async listStep1(user: CurrentUser, clientId: number): Promise<ShortTermModelRow[]> {
      await findVisibleClient(db, user, clientId);
      return (await q.selectModelRows(db, clientId, 1)).map((row) => toRow(row, 1));
    },

    /** GET short-term/step-2/{clientId}: the Step 2 Analysis table, with each forecast's accuracy. */
    async listStep2(user: CurrentUser, clientId: number): Promise<ShortTermStep2Row[]> {
      await findVisibleClient(db, user, clientId);
      const rows = await q.selectModelRows(db, clientId, 2);
      return Promise.all(
        rows.map(async (row) => {
          const isDone = row.model.step2State === 'done' && row.model.step2Result && row.model.step1Result;
          const { step1, step2 } = resultsOf(row.model);
          return {
            ...toRow(row, 2),
            accuracy: isDone ? measureAccuracy(step1, step2, await loadActuals(db, row.model)) : null,
            modelAccuracy: isDone ? modelAccuracyOf(step2) : null,
            strategicLiquidityNote:
              isDone && !step2.strategicLiquidity ? SHORT_TERM_MSG.noLiquidityLevels : null,
          };
        }),
      );
    },

    /** GET short-term/list?clientId=: the models whose step 1 is ready (the step 2 dialog's list). */
    async listOptions(user: CurrentUser, clientId: number): Promise<ShortTermModelOption[]> {
      await findVisibleClient(db, user, clientId);
      return (await q.selectReadyModels(db, clientId)).map(({ model, groupName }) => ({
        shortTermModelId: model.shortTermModelId,
        shortTermModelName: model.shortTermModelName,
        groupId: model.accountGroupId,
        groupName,
        startDateRange: model.startDate,
        endDateRange: model.endDate,
        balanceAdjustments: model.balanceAdjustments as BalanceAdjustment[],
      }));
    },

    /** GET short-term/forecast/{groupId}: the forecast table (Date, Single Day, 7, 14, 30 Day). */
    async forecast(
      user: CurrentUser,
      groupId: number,
      shortTermModelId?: number,
    ): Promise<ShortTermForecast> {
      const found = await findGroupModel(user, groupId, shortTermModelId);
      if (!found) return { ...EMPTY, rows: [] };
      return {
        shortTermModelId: found.model.shortTermModelId,
        shortTermModelName: found.model.shortTermModelName,
        groupName: found.groupName,
        rows: resultsOf(found.model).step2.rows,
      };
    },

    /** GET short-term/day-to-day-variance/{groupId}. */
    async dayToDayVariance(user: CurrentUser, groupId: number, shortTermModelId?: number) {
      return toDayToDay(await findGroupModel(user, groupId, shortTermModelId));
    },

    /** GET short-term/cash-position-forecast/{clientId}/{groupId}. */
    async cashPositionForecast(
      user: CurrentUser,
      clientId: number,
      groupId: number,
      query: { weeks: number; shortTermModelId?: number | undefined },
    ) {
      await findVisibleClient(db, user, clientId);
      return toCashPosition(
        await findGroupModel(user, groupId, query.shortTermModelId, clientId),
        query.weeks,
      );
    },

    /** GET /api/clients/day-to-day-variance/{id}: the client's latest step 2. */
    async clientDayToDayVariance(user: CurrentUser, clientId: number) {
      return toDayToDay(await findClientModel(user, clientId));
    },

    /** GET /api/clients/short-term-forecast/{id}?weeks= and /short-term/{id}/{weeks}: weekly rows. */
    async clientCashPosition(user: CurrentUser, clientId: number, weeks: number) {
      return toCashPosition(await findClientModel(user, clientId), weeks);
    },
  };
}

export type ShortTermReads = ReturnType<typeof createShortTermReads>;
