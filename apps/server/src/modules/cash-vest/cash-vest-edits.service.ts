import {
  CASH_VEST_MSG,
  type CashVestInputParsed,
  type CashVestResult,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { CashVestSuggestion } from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, notFound } from '../../platform/http/app-error';
import { markAnalysisInProgress } from '../analysis/analysis-cycle.service';
import { findVisibleClient } from '../clients/clients.service';
import { selectClientFacts } from './cash-vest-inputs.queries';
import { readInterestFigures } from './cash-vest-suggestion.service';
import { frozenRunIdsOf, readFrozenRuns, type FrozenRuns } from '../analysis/frozen-runs';
import { findVisibleRow, suggestWithRuns, toSubScores } from './cash-vest.service';
import * as q from './cash-vest.queries';

// The cashVest writes (ingestion-analysis.md 5 and 7): 'New cashVest Score' (ours) and the edit.

/** What the audit keeps of a row. */
function auditedFields(r: q.CashVestRecord) {
  const {
    suggestion: _s,
    frozenRuns,
    createdAt: _c,
    updatedAt: _u,
    createdBy: _cb,
    updatedBy: _ub,
    ...fields
  } = r;
  return { ...fields, frozenRuns: frozenRunIdsOf(readFrozenRuns(frozenRuns)) };
}

/**
 * 'New cashVest Score' (ours): a row for the client's open cycle, dated with its period (the cycle's
 * analysis is then in progress), or without dates outside a cycle. Usable by seed-demo (no user check).
 */
export async function createCashVestRow(
  db: Db,
  ctx: AuditContext,
  who: { clientId: number; userId: number | null },
): Promise<q.CashVestRecord> {
  return db.transaction(async (tx) => {
    const openReportId = await markAnalysisInProgress(tx, ctx, who.clientId);
    const period = openReportId === null ? null : await q.selectReportPeriod(tx, openReportId);
    const { initialInterest } = await selectClientFacts(tx, who.clientId);
    const group = await q.selectClientGroup(tx, who.clientId);
    const figures = period
      ? await readInterestFigures(tx, group?.groupId ?? null, period.startDate, period.endDate)
      : null;
    const row = await q.insertRow(tx, {
      clientId: who.clientId,
      openReportId,
      startDate: period?.startDate ?? null,
      endDate: period?.endDate ?? null,
      periodInterest: figures ? String(figures.periodInterest) : null,
      yearInterest: figures ? String(figures.yearInterest) : null,
      initialInterest: initialInterest === null ? null : String(initialInterest),
      createdBy: who.userId,
      updatedBy: who.userId,
    });
    await writeAudit(tx, ctx, {
      action: 'cash_vest_score.created',
      entity: 'cash_vest_score',
      entityId: row.cashVestId,
      after: auditedFields(row),
      clientIds: [who.clientId],
    });
    return row;
  });
}

/** POST cash-vest/{clientId}. */
export async function createCashVest(
  db: Db,
  user: CurrentUser,
  clientId: number,
  ctx: AuditContext,
): Promise<CashVestResult> {
  await findVisibleClient(db, user, clientId);
  const row = await createCashVestRow(db, ctx, { clientId, userId: user.userId });
  return { msg: CASH_VEST_MSG.created, cashVest: toSubScores(row) };
}

/**
 * Saves the analyst's scores on a row (no user check; the route checks first). The suggestion of the
 * edit's dates, group and checklist is stored beside them; one that cannot be computed does not stop
 * the edit (the scores are what count), the interest figures are then read on their own.
 */
export async function saveCashVestScores(
  db: Db,
  ctx: AuditContext,
  row: q.CashVestRecord,
  userId: number,
  input: CashVestInputParsed,
): Promise<q.CashVestRecord> {
  let suggestion: CashVestSuggestion | null = null;
  let frozenRuns: FrozenRuns | null = null;
  try {
    ({ suggestion, frozenRuns } = await suggestWithRuns(db, row, userId, {
      ...(input.accountGroupId === undefined ? {} : { groupId: input.accountGroupId }),
      startDate: input.startDate,
      endDate: input.endDate,
      ...(input.policyChecklist ? { checklist: input.policyChecklist } : {}),
    }));
  } catch (error) {
    // A group that is not the client's is the request's mistake, not the model's.
    if (input.accountGroupId !== undefined && (error as { statusCode?: number }).statusCode === 404)
      throw badRequest(CASH_VEST_MSG.groupNotFound, {
        'cashVest.accountGroupId': [CASH_VEST_MSG.groupNotFound],
      });
  }
  const { initialInterest } = await selectClientFacts(db, row.clientId);
  return db.transaction(async (tx) => {
    const current = await q.selectRowForUpdate(tx, row.cashVestId);
    if (!current) throw notFound(CASH_VEST_MSG.notFound);
    const group = suggestion?.accountGroup ?? (await q.selectClientGroup(tx, row.clientId));
    const figures =
      suggestion && suggestion.periodInterest !== null && suggestion.yearInterest !== null
        ? { periodInterest: suggestion.periodInterest, yearInterest: suggestion.yearInterest }
        : await readInterestFigures(tx, group?.groupId ?? null, input.startDate, input.endDate);
    const updated = await q.updateRow(tx, row.cashVestId, {
      startDate: input.startDate,
      endDate: input.endDate,
      valueScore: input.valueScore,
      liquidityProf: input.liquidityProf,
      warnickRate: input.warnickRate,
      cashflow: input.cashflow,
      investment: input.investment,
      // Spec 5: the five pages total up to the overall score.
      totalScore:
        input.valueScore + input.liquidityProf + input.warnickRate + input.cashflow + input.investment,
      valueScoreComments: input.valueScoreComments ?? null,
      liquidityProfComments: input.liquidityProfComments ?? null,
      warnickRateComments: input.warnickRateComments ?? null,
      cashflowComments: input.cashflowComments ?? null,
      investmentComments: input.investmentComments ?? null,
      periodInterest: String(figures.periodInterest),
      yearInterest: String(figures.yearInterest),
      initialInterest: initialInterest === null ? null : String(initialInterest),
      suggestion,
      // Issue 41 point 4: the runs the scores were suggested from (a closed score's stay the same).
      frozenRuns: frozenRuns ?? current.frozenRuns,
      updatedBy: userId,
      updatedAt: new Date(),
    });
    await writeAudit(tx, ctx, {
      action: 'cash_vest_score.updated',
      entity: 'cash_vest_score',
      entityId: row.cashVestId,
      before: auditedFields(current),
      after: auditedFields(updated),
      clientIds: [row.clientId],
    });
    return updated;
  });
}

/** PUT cash-vest/update/{cashVestId}, body {cashVest}. */
export async function editCashVest(
  db: Db,
  user: CurrentUser,
  cashVestId: number,
  input: CashVestInputParsed,
  ctx: AuditContext,
): Promise<CashVestResult> {
  const row = await findVisibleRow(db, user, cashVestId);
  const saved = await saveCashVestScores(db, ctx, row, user.userId, input);
  return { msg: CASH_VEST_MSG.updated, cashVest: toSubScores(saved) };
}
