import { type IsoDate } from '../core/iso-date';
import { isFiniteAmount } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import { parseDateField } from '../core/validate-accounts';

/** A saved cashVest score (the analyst's edited values). */
export interface CashVestScoreRecord {
  /** The date the scores describe (the cashVest period's end date). */
  readonly date: IsoDate;
  readonly valueScore: number;
  readonly liquidityProficiency: number;
  readonly warnickRate: number;
  readonly cashflow: number;
  readonly investment: number;
}

/** One bar group of the cashVest Score chart (clients spec 3: keys indexed by monthYear). */
export interface CashVestSeriesPoint {
  /** `YYYY-MM` */
  readonly monthYear: string;
  readonly 'Cash Flow': number;
  readonly Investment: number;
  readonly 'Liquidity Proficiency': number;
  readonly 'Value Score': number;
  readonly 'Warnick Rate': number;
}

/**
 * The client summary's cashVest Score series: one point per month, oldest first; when several scores
 * fall in one month, the latest date wins.
 */
export function buildCashVestSeries(records: readonly CashVestScoreRecord[]): Result<CashVestSeriesPoint[]> {
  const latestByMonth = new Map<string, { day: number; record: CashVestScoreRecord }>();
  for (const [index, record] of records.entries()) {
    const field = `records[${index}]`;
    const day = parseDateField(record.date, `${field}.date`);
    if (!day.ok) return day;
    for (const key of [
      'valueScore',
      'liquidityProficiency',
      'warnickRate',
      'cashflow',
      'investment',
    ] as const) {
      if (!isFiniteAmount(record[key]))
        return fail('NON_FINITE_AMOUNT', `${field}.${key} must be a number`, `${field}.${key}`);
    }
    const month = record.date.slice(0, 7);
    const current = latestByMonth.get(month);
    if (!current || day.value >= current.day) latestByMonth.set(month, { day: day.value, record });
  }
  return ok(
    [...latestByMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([monthYear, { record }]) => ({
        monthYear,
        'Cash Flow': record.cashflow,
        Investment: record.investment,
        'Liquidity Proficiency': record.liquidityProficiency,
        'Value Score': record.valueScore,
        'Warnick Rate': record.warnickRate,
      })),
  );
}
