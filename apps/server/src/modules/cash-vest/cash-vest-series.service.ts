import { buildCashVestSeries } from '@tideline/analytics';
import type { CashVestSeriesPoint } from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { AppError } from '../../platform/http/app-error';
import { findVisibleClient } from '../clients/clients.service';
import { selectScoredRows } from './cash-vest.queries';

/**
 * GET /api/clients/cash-vest/widget/{id}: the cashVest Score bar chart (clients spec 3 "cashVest score
 * series"), one point per month of the edited scores, dated by their period's end (docs/models.md).
 */
export async function findCashVestSeries(
  db: Db,
  user: CurrentUser,
  clientId: number,
): Promise<CashVestSeriesPoint[]> {
  await findVisibleClient(db, user, clientId);
  const rows = await selectScoredRows(db, clientId);
  const series = buildCashVestSeries(
    rows.map((r) => ({
      date: r.endDate!,
      valueScore: r.valueScore ?? 0,
      liquidityProficiency: r.liquidityProf ?? 0,
      warnickRate: r.warnickRate ?? 0,
      cashflow: r.cashflow ?? 0,
      investment: r.investment ?? 0,
    })),
  );
  if (!series.ok) throw new AppError(422, `The cashVest series could not be built: ${series.error.message}`);
  return series.value;
}
