import type { DbOrTx } from '../../db/open-database';
import { readFrozenRuns, type FrozenRuns, type FrozenShortTerm } from '../analysis/frozen-runs';
import { freezeCycleRuns } from '../analysis/frozen-runs.service';
import { selectScoredRows } from '../cash-vest/cash-vest.queries';
import { selectCycle } from '../monte-carlo/period-run.queries';
import { selectEarlierForecasts } from './document/report-analyses.queries';
import { pickCashVest } from './document/sections/summary';

// Issue 41 point 4: what a report reads is fixed when it is generated (reports.frozen_runs): the runs
// of its cycle's completed analysis (or, before Complete Analysis, the runs chosen for the period now),
// the earlier cycles' forecasts, and the cashVest score it shows, each copied. The job renders from
// the copy, so a retry, a later run, a deletion or an edit of levels gives the same document.

export async function freezeReportRuns(
  db: DbOrTx,
  report: { clientId: number; openReportId: number; startDate: string; endDate: string },
): Promise<FrozenRuns> {
  const cycle = await selectCycle(db, report.openReportId);
  const completed = cycle?.analysisCompletedAt ? readFrozenRuns(cycle.frozenRuns) : null;
  const base = completed ?? (await freezeCycleRuns(db, report.clientId, cycle));
  const [earlier, scored] = await Promise.all([
    selectEarlierForecasts(db, report.clientId, report.startDate),
    selectScoredRows(db, report.clientId),
  ]);
  const earlierForecasts: FrozenShortTerm[] = earlier.map((f) => ({
    groupId: f.model.accountGroupId,
    groupName: f.groupName,
    shortTermModelId: f.model.shortTermModelId,
    model: f.model,
  }));
  const cashVest = pickCashVest(scored, { openReportId: report.openReportId, endDate: report.endDate });
  return {
    ...base,
    earlierForecasts,
    cashVest: cashVest ? { cashVestId: cashVest.cashVestId, row: cashVest } : null,
  };
}
