import { CASH_VEST_SUB_SCORES, type PolicyChecklist } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { Db } from '../../db/open-database';
import type { AuditContext } from '../../platform/audit/write-audit';
import { createCashVestRow, saveCashVestScores } from './cash-vest-edits.service';
import { findSuggestionFor } from './cash-vest.service';

/** What the demo's scores say they are: the model's, not yet an analyst's. */
export const SUGGESTED_COMMENT = 'Suggested by the model; not yet reviewed by an analyst.';
/** What the demo writes where the model could not suggest a score (seed-analysis.ts). */
export const NOT_SUGGESTED_COMMENT =
  'The model could not suggest this score (an input is missing); the demo set the middle of the range.';
/**
 * Comments written in an analyst's place, never reviewed by one: the client report leaves them out
 * (issue 42 point 5), only an analyst's own commentary from the wizard goes to a client.
 */
export const MODEL_WRITTEN_COMMENTS: ReadonlySet<string> = new Set([
  SUGGESTED_COMMENT,
  NOT_SUGGESTED_COMMENT,
]);

/**
 * A cashVest score as an analyst who accepts every suggestion would leave it: 'New cashVest Score' for
 * the client's open cycle, then, when the model could suggest all five sub-scores, an edit saving them
 * (with the suggestion, interest figures and the checklist given). For seed-demo, which gives the demo
 * clients an analysis history. Answers the row's id and whether it was scored.
 */
export async function recordSuggestedCashVest(
  db: Db,
  ctx: AuditContext,
  who: { clientId: number; userId: number },
  checklist?: PolicyChecklist,
): Promise<{ cashVestId: number; scored: boolean }> {
  const row = await createCashVestRow(db, ctx, who);
  if (!row.startDate || !row.endDate) return { cashVestId: row.cashVestId, scored: false };
  const suggestion = await findSuggestionFor(db, row, who.userId, checklist);
  const score = (key: (typeof CASH_VEST_SUB_SCORES)[number]['key']) =>
    suggestion.subScores.find((s) => s.key === key)?.score ?? null;
  const [valueScore, liquidityProf, warnickRate, cashflow, investment] = CASH_VEST_SUB_SCORES.map((s) =>
    score(s.key),
  );
  if (
    valueScore == null ||
    liquidityProf == null ||
    warnickRate == null ||
    cashflow == null ||
    investment == null
  )
    return { cashVestId: row.cashVestId, scored: false };
  await saveCashVestScores(db, ctx, row, who.userId, {
    startDate: row.startDate,
    endDate: row.endDate,
    valueScore,
    liquidityProf,
    warnickRate,
    cashflow,
    investment,
    valueScoreComments: SUGGESTED_COMMENT,
    liquidityProfComments: SUGGESTED_COMMENT,
    warnickRateComments: SUGGESTED_COMMENT,
    cashflowComments: SUGGESTED_COMMENT,
    investmentComments: SUGGESTED_COMMENT,
    ...(checklist ? { policyChecklist: checklist } : {}),
  });
  return { cashVestId: row.cashVestId, scored: true };
}
