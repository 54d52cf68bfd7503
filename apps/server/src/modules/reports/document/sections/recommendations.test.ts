import { describe, expect, it } from 'vitest';
import { NOT_SUGGESTED_COMMENT, SUGGESTED_COMMENT } from '../../../cash-vest/record-suggested-cash-vest';
import type { CashVestRecord } from '../../../cash-vest/cash-vest.queries';
import type { PdfNode } from '../../../../platform/pdf/pdf-types';
import type { AccountPeriodRow } from '../report-balances.queries';
import { chooseAccountsToClose } from './accounts-to-close';
import { measureBenchmarkGap } from './benchmark-gap';
import { buildSubScoreTable, reviewedCommentary } from './summary';

// Recommendations that follow the data (issue 42 point 5): which accounts the report says to close,
// the dollars of money earning below the benchmark, and which commentary a client may read.

const QUARTER_DAYS = 90;
let nextId = 1;
const account = (overrides: Partial<AccountPeriodRow>): AccountPeriodRow => ({
  accountId: nextId++,
  accountName: 'Account',
  bankName: 'First Bank',
  accountCategory: 'Operating',
  accountType: 'Transaction',
  startBalance: '1000.00',
  endBalance: '1000.00',
  averageBalance: '1000.00',
  minimumBalance: '1000.00',
  transactionCount: 0,
  days: QUARTER_DAYS,
  ...overrides,
});

describe('chooseAccountsToClose', () => {
  const cd = account({ accountName: 'CD 12-month', accountCategory: 'Certificate of Deposit' });
  const mmf = account({
    accountName: 'Money market fund',
    accountCategory: 'Money Market',
    transactionCount: 3,
  });
  const pool = account({
    accountName: 'State pool',
    accountCategory: 'Investment Pool',
    transactionCount: 1,
  });
  const debt = account({ accountName: 'Debt service 2019', accountCategory: 'Debt Service' });
  const investment = account({
    accountName: 'Custody',
    accountCategory: 'Operating',
    accountType: 'Investment',
  });
  const idle = account({ accountName: 'Old petty cash', accountCategory: 'Deposit' });
  const feeCharging = account({ accountName: 'Payroll 2', accountCategory: 'Payroll', transactionCount: 4 });
  const quietFree = account({
    accountName: 'Grants clearing',
    accountCategory: 'Deposit',
    transactionCount: 2,
  });
  const busy = account({ accountName: 'Operating', transactionCount: 900 });
  const rows = [cd, mmf, pool, debt, investment, idle, feeCharging, quietFree, busy];

  it('never lists a CD, a money market fund, a pool or a debt-service account that charges no fees', () => {
    const listed = chooseAccountsToClose(rows, new Map([[feeCharging.accountId, 45]]), 5).map(
      (c) => c.accountName,
    );
    expect(listed).toEqual(['Old petty cash', 'Payroll 2']);
  });

  it('lists an account that holds money by design once it charges fees, and says why each is listed', () => {
    const fees = new Map([
      [pool.accountId, 30],
      [feeCharging.accountId, 45],
    ]);
    const listed = chooseAccountsToClose(rows, fees, 5);
    expect(listed.map((c) => [c.accountName, c.reason, c.fees])).toEqual([
      ['State pool', 'Charges fees', 30],
      ['Old petty cash', 'No activity', 0],
      ['Payroll 2', 'Charges fees', 45],
    ]);
  });

  it('lists no busy account whatever its fees, and none without days in the period', () => {
    const fees = new Map([[busy.accountId, 500]]);
    expect(chooseAccountsToClose([busy, account({ days: 0 })], fees, 5)).toEqual([]);
  });
});

describe('measureBenchmarkGap', () => {
  const rateTable = [
    { levelNumber: 1, amount: 100_000, indicativeRate: 4, benchmarkInterest: 4_000 },
    { levelNumber: 2, amount: 200_000, indicativeRate: 4.5, benchmarkInterest: 9_000 },
    { levelNumber: 3, amount: 300_000, indicativeRate: 5, benchmarkInterest: 15_000 },
    { levelNumber: 4, amount: 0, indicativeRate: 4.8, benchmarkInterest: 0 },
    { levelNumber: 5, amount: 400_000, indicativeRate: 5.5, benchmarkInterest: 22_000 },
  ];

  it('puts in dollars a year what the balance above the operating need would earn at the benchmark, less what it earns', () => {
    // 900,000 above the need plus a 50,000 cushion at level one's 4%: 46,000 + 2,000 a year.
    const gap = measureBenchmarkGap(rateTable, 50_000, 3_000, 91.25)!;
    expect(gap.aboveNeed).toBe(950_000);
    expect(gap.benchmarkInterest).toBeCloseTo(48_000);
    expect(gap.earnedPerYear).toBeCloseTo(12_000);
    expect(gap.gap).toBeCloseTo(36_000);
  });

  it('finds no gap when the money already earns the benchmark, and none when a level has no rate', () => {
    expect(measureBenchmarkGap(rateTable, 0, 12_500, 91.25)!.gap).toBeLessThan(0);
    const unrated = rateTable.map((r) => (r.levelNumber === 3 ? { ...r, benchmarkInterest: null } : r));
    expect(measureBenchmarkGap(unrated, 0, 0, 90)).toBeNull();
  });
});

describe('client commentary', () => {
  it("keeps an analyst's text and drops the texts the model and the demo write in an analyst's place", () => {
    expect(reviewedCommentary(' Most of the money earns. ')).toBe('Most of the money earns.');
    expect(reviewedCommentary(SUGGESTED_COMMENT)).toBeNull();
    expect(reviewedCommentary(NOT_SUGGESTED_COMMENT)).toBeNull();
    expect(reviewedCommentary('   ')).toBeNull();
    expect(reviewedCommentary(null)).toBeNull();
  });

  it('leaves the Commentary column out when no sub-score has reviewed commentary', () => {
    const row = {
      valueScore: 14,
      liquidityProf: 24,
      warnickRate: 12,
      cashflow: 15,
      investment: 7,
      valueScoreComments: SUGGESTED_COMMENT,
      liquidityProfComments: NOT_SUGGESTED_COMMENT,
      warnickRateComments: null,
      cashflowComments: SUGGESTED_COMMENT,
      investmentComments: '',
    } as unknown as CashVestRecord;
    const table = buildSubScoreTable(row) as PdfNode;
    const header = table.table!.body[0]!.map((cell) => (cell as PdfNode).text);
    expect(header).toEqual(['Sub-score', 'Score', 'Range', 'Stars']);
    expect(JSON.stringify(table)).not.toContain('the demo set the middle of the range');
  });
});
