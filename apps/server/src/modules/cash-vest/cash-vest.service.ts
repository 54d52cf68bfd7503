import {
  CASH_VEST_MSG,
  EMPTY_POLICY_CHECKLIST,
  PolicyChecklistSchema,
  POLICY_CHECKLIST,
  starPercentageOf,
  starsOfTotal,
  type CashVestHistoryRow,
  type CashVestSubScores,
  type PolicyChecklist,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type {
  CashVestSuggestion,
  CashVestSuggestionQuery,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { badRequest, notFound } from '../../platform/http/app-error';
import { findVisibleClient } from '../clients/clients.service';
import { frozenRunIdsOf, readFrozenRuns, type FrozenRuns } from '../analysis/frozen-runs';
import { selectCycle } from '../monte-carlo/period-run.queries';
import { buildCashVestSuggestionWithRuns } from './cash-vest-suggestion.service';
import * as q from './cash-vest.queries';

// ingestion-analysis.md 2 "cashVest tab", 3, 7: reading the cashVest rows of a client and the model's
// suggestion for one. A row's scores stay null until the first edit (cash-vest-edits.service.ts).

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

export function toHistoryRow(r: q.CashVestRecord): CashVestHistoryRow {
  return {
    cashVestId: r.cashVestId,
    createdAt: r.createdAt.toISOString(),
    startDate: r.startDate,
    endDate: r.endDate,
    totalScore: r.totalScore,
    totalStar: r.totalScore === null ? null : starsOfTotal(r.totalScore),
    periodInterest: numberOrNull(r.periodInterest),
    yearInterest: numberOrNull(r.yearInterest),
    initialInterest: numberOrNull(r.initialInterest),
  };
}

/** What the last edit's suggestion read: its group and checklist. */
export function savedChoices(r: q.CashVestRecord): {
  groupId: number | null;
  checklist: PolicyChecklist | null;
} {
  const saved = (r.suggestion ?? {}) as Partial<CashVestSuggestion>;
  const checklist = PolicyChecklistSchema.safeParse(saved.policyChecklist);
  return {
    groupId: typeof saved.accountGroup?.groupId === 'number' ? saved.accountGroup.groupId : null,
    checklist: checklist.success ? checklist.data : null,
  };
}

export function toSubScores(r: q.CashVestRecord): CashVestSubScores {
  const star = (score: number | null, max: number) => (score === null ? null : starPercentageOf(score, max));
  const choices = savedChoices(r);
  return {
    ...toHistoryRow(r),
    valueScore: r.valueScore,
    valueScoreStar: star(r.valueScore, 20),
    valueScoreComments: r.valueScoreComments,
    liquidityProf: r.liquidityProf,
    liquidityProfStar: star(r.liquidityProf, 30),
    liquidityProfComments: r.liquidityProfComments,
    warnickRate: r.warnickRate,
    warnickRateStar: star(r.warnickRate, 20),
    warnickRateComments: r.warnickRateComments,
    cashflow: r.cashflow,
    cashflowStar: star(r.cashflow, 20),
    cashflowComments: r.cashflowComments,
    investment: r.investment,
    investmentStar: star(r.investment, 10),
    investmentComments: r.investmentComments,
    accountGroupId: choices.groupId,
    policyChecklist: choices.checklist,
    updatedAt: r.updatedAt.toISOString(),
    frozenRuns: frozenRunIdsOf(readFrozenRuns(r.frozenRuns)),
  };
}

/** A row the user may see; another client's answers as one that does not exist. */
export async function findVisibleRow(db: DbOrTx, user: CurrentUser, cashVestId: number) {
  const row = await q.selectRow(db, cashVestId);
  if (!row || !canAccessClient(user, row.clientId)) throw notFound(CASH_VEST_MSG.notFound);
  return row;
}

/** GET cash-vest/{clientId}: the history, newest first. */
export async function listCashVest(
  db: Db,
  user: CurrentUser,
  clientId: number,
): Promise<CashVestHistoryRow[]> {
  await findVisibleClient(db, user, clientId);
  return (await q.selectClientRows(db, clientId)).map(toHistoryRow);
}

/** GET cash-vest/sub-scores/{cashVestId}. */
export async function findSubScores(
  db: Db,
  user: CurrentUser,
  cashVestId: number,
): Promise<CashVestSubScores> {
  return toSubScores(await findVisibleRow(db, user, cashVestId));
}

function checklistOf(text: string): PolicyChecklist {
  const ticked = new Set(text.split(','));
  return Object.fromEntries(
    POLICY_CHECKLIST.map((item) => [item.key, ticked.has(item.key)]),
  ) as PolicyChecklist;
}

/** The group read: the one asked for (it must be the client's), else the last edit's, else 'All Accounts'. */
async function resolveGroup(db: DbOrTx, row: q.CashVestRecord, groupId: number | undefined) {
  if (groupId !== undefined) {
    const group = await q.selectClientGroup(db, row.clientId, groupId);
    if (!group) throw notFound(CASH_VEST_MSG.groupNotFound);
    return group;
  }
  const saved = savedChoices(row).groupId;
  return (
    (saved === null ? null : await q.selectClientGroup(db, row.clientId, saved)) ??
    (await q.selectClientGroup(db, row.clientId))
  );
}

/**
 * Issue 41 point 4: the runs a score keeps, once it is closed: its cycle's analysis is completed or the
 * cycle closed (or the cycle is gone and the score was saved). An open score reads its period's runs.
 */
export async function keptRunsOf(db: DbOrTx, row: q.CashVestRecord): Promise<FrozenRuns | null> {
  const frozen = readFrozenRuns(row.frozenRuns);
  if (!frozen) return null;
  if (row.openReportId === null) return frozen;
  const cycle = await selectCycle(db, row.openReportId);
  return !cycle || cycle.analysisCompletedAt || cycle.closedAt ? frozen : null;
}

/** The suggestion for the row and the runs it read (what a save keeps). */
export async function suggestWithRuns(
  db: Db,
  row: q.CashVestRecord,
  userId: number,
  choices: {
    groupId?: number;
    startDate: string | null;
    endDate: string | null;
    checklist?: PolicyChecklist;
  },
) {
  const group = await resolveGroup(db, row, choices.groupId);
  const allAccounts = await q.selectClientGroup(db, row.clientId);
  return buildCashVestSuggestionWithRuns(db, {
    cashVestId: row.cashVestId,
    clientId: row.clientId,
    userId,
    startDate: choices.startDate,
    endDate: choices.endDate,
    group,
    isAllAccounts: group !== null && group.groupId === allAccounts?.groupId,
    checklist: choices.checklist ?? savedChoices(row).checklist ?? EMPTY_POLICY_CHECKLIST,
    openReportId: row.openReportId,
    frozen: await keptRunsOf(db, row),
  });
}

export async function suggest(
  db: Db,
  row: q.CashVestRecord,
  userId: number,
  choices: Parameters<typeof suggestWithRuns>[3],
): Promise<CashVestSuggestion> {
  return (await suggestWithRuns(db, row, userId, choices)).suggestion;
}

/** GET cash-vest/suggestion/{cashVestId} (ours): for the dates and group the wizard has, else the row's. */
export async function findSuggestion(
  db: Db,
  user: CurrentUser,
  cashVestId: number,
  query: CashVestSuggestionQuery,
): Promise<CashVestSuggestion> {
  const row = await findVisibleRow(db, user, cashVestId);
  const startDate = query.startDate ?? row.startDate;
  const endDate = query.endDate ?? row.endDate;
  if (startDate && endDate && endDate < startDate)
    throw badRequest(CASH_VEST_MSG.endBeforeStart, { endDate: [CASH_VEST_MSG.endBeforeStart] });
  return suggest(db, row, user.userId, {
    ...(query.accountGroupId === undefined ? {} : { groupId: query.accountGroupId }),
    startDate,
    endDate,
    ...(query.checklist === undefined ? {} : { checklist: checklistOf(query.checklist) }),
  });
}

/** The suggestion for a row's own dates and last group (seed-demo: no user check). */
export function findSuggestionFor(
  db: Db,
  row: q.CashVestRecord,
  userId: number,
  checklist?: PolicyChecklist,
): Promise<CashVestSuggestion> {
  return suggest(db, row, userId, {
    startDate: row.startDate,
    endDate: row.endDate,
    ...(checklist ? { checklist } : {}),
  });
}
