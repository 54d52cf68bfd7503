import type { AccountHistory, Transaction } from '../core/account-history';
import { isBusinessDay } from '../calendar/business-calendar';
import {
  daysInMonth,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
  weekdayOf,
} from '../core/iso-date';
import { roundCents } from '../core/money';
import { createSeededRandom } from '../core/seeded-random';

/**
 * A synthetic cash history with known structure, for the short-term model's tests and the
 * forecast-accuracy bench (docs/models.md "Forecast accuracy"): receipts and disbursements by weekday
 * with their own yearly growth, a biweekly Friday payroll, vendor runs on the 15th and the last
 * business day, two property-tax seasons (the 15th and the last business day of the tax months),
 * quarterly state aid on a fixed day, and noise. Seeded (core/seeded-random): the same options give
 * the same history.
 */
export interface SyntheticHistoryOptions {
  readonly from: string;
  readonly to: string;
  readonly seed: number;
  readonly endBalance?: number;
  /** Yearly growth factors (1.06: +6% a year). */
  readonly receiptsGrowth?: number;
  readonly disbursementsGrowth?: number;
  /** Mean receipts and disbursements (positive) of an ordinary business day. */
  readonly dailyReceipts?: number;
  readonly dailyDisbursements?: number;
  /** Net pay of each biweekly payroll, paid on the Fridays 14 days apart from `payrollAnchor`. */
  readonly payroll?: number;
  readonly payrollAnchor?: string;
  /** Vendor payments on the 15th and on the last business day of every month. */
  readonly vendorRun?: number;
  /** Property tax received in `taxMonths`: 60% on the 15th, 30% on the last business day. */
  readonly taxPerSeason?: number;
  readonly taxMonths?: readonly number[];
  /** State aid on day `aidDay` of January, April, July and October. */
  readonly aid?: number;
  readonly aidDay?: number;
  /** Relative standard deviation of every amount. */
  readonly noise?: number;
}

/** The structure the generator used (what a test expects the model to find). */
export interface SyntheticStructure {
  /** Day number mod 14 of the payroll Fridays. */
  readonly payrollPhase: number;
  readonly taxMonths: readonly number[];
  readonly aidDay: number;
}

const WEEKDAY_SHAPE = [0, 1.3, 1.0, 0.9, 0.9, 1.2, 0];

function gaussian(random: ReturnType<typeof createSeededRandom>): number {
  const u = Math.max(random.nextUnit(), 1e-12);
  const v = random.nextUnit();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function lastBusinessDayOf(year: number, month: number): number {
  let day = toDayNumber(year, month, daysInMonth(year, month));
  while (!isBusinessDay(day)) day -= 1;
  return day;
}

export function makeSyntheticHistory(options: SyntheticHistoryOptions): {
  account: AccountHistory;
  structure: SyntheticStructure;
} {
  const from = parseIsoDate(options.from);
  const to = parseIsoDate(options.to);
  if (from === undefined || to === undefined || to < from) throw new Error('makeSyntheticHistory: bad dates');
  const random = createSeededRandom(options.seed);
  const noise = options.noise ?? 0.2;
  const vary = (amount: number) => amount * Math.max(0, 1 + noise * gaussian(random));
  const receiptsGrowth = options.receiptsGrowth ?? 1.06;
  const disbursementsGrowth = options.disbursementsGrowth ?? 1.04;
  const grow = (rate: number, day: number) => rate ** ((day - from) / 365);
  const dailyReceipts = options.dailyReceipts ?? 400_000;
  const dailyDisbursements = options.dailyDisbursements ?? 380_000;
  const payroll = options.payroll ?? 2_500_000;
  const anchor = parseIsoDate(options.payrollAnchor ?? '2021-01-08') as number;
  const payrollPhase = ((anchor % 14) + 14) % 14;
  const vendorRun = options.vendorRun ?? 900_000;
  const taxPerSeason = options.taxPerSeason ?? 12_000_000;
  const taxMonths = options.taxMonths ?? [4, 10];
  const aid = options.aid ?? 1_500_000;
  const aidDay = options.aidDay ?? 20;
  const transactions: Transaction[] = [];
  const post = (day: number, amount: number) => {
    const cents = roundCents(amount);
    if (cents !== 0) transactions.push({ date: formatIsoDate(day), amount: cents });
  };
  for (let day = from; day <= to; day += 1) {
    const { year, month, day: dayOfMonth } = fromDayNumber(day);
    const rg = grow(receiptsGrowth, day);
    const dg = grow(disbursementsGrowth, day);
    if (isBusinessDay(day)) {
      const shape = WEEKDAY_SHAPE[weekdayOf(day)] ?? 1;
      post(day, vary(dailyReceipts * shape * rg));
      post(day, -vary(dailyDisbursements * shape * dg));
      // An occasional large one-off payment: noise no calendar explains.
      if (random.nextUnit() < 0.02) post(day, -vary(4 * dailyDisbursements * dg));
    }
    // Calendar items are dated on their nominal day; a weekend or holiday counts on the next business day.
    if (weekdayOf(day) === 5 && (((day - anchor) % 14) + 14) % 14 === 0) post(day, -vary(payroll * dg));
    if (dayOfMonth === 15) post(day, -vary(vendorRun * dg));
    if (day === lastBusinessDayOf(year, month)) post(day, -vary(vendorRun * dg));
    if (taxMonths.includes(month)) {
      if (dayOfMonth === 15) post(day, vary(0.6 * taxPerSeason * rg));
      if (day === lastBusinessDayOf(year, month)) post(day, vary(0.3 * taxPerSeason * rg));
    }
    if ([1, 4, 7, 10].includes(month) && dayOfMonth === aidDay) post(day, vary(aid * rg));
  }
  return {
    account: {
      accountId: `synthetic-${options.seed}`,
      anchorBalance: options.endBalance ?? 50_000_000,
      anchorDate: formatIsoDate(to),
      transactions,
    },
    structure: { payrollPhase, taxMonths, aidDay },
  };
}
