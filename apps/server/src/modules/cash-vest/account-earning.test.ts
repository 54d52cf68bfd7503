import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketRateObservations } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import {
  benchmarkLevelOfAccount,
  DEFAULT_EARNING_SHARE_PERCENT,
  judgeEarning,
  judgeEarningAccounts,
  readEarningSharePercent,
} from './account-earning';

// Issue 41 point 5: an account earns only when its rate reaches a share (default 75%) of its level's
// benchmark. Rates are annualised from the period's interest: interest / average x 365 / days.

const BENCHMARK = { rate: 3, label: 'Level One benchmark, Effective federal funds rate' };
/** An account that received `ratePercent` a year on $1,000,000 over a 365-day period. */
const at = (ratePercent: number, options: Partial<Parameters<typeof judgeEarning>[0]> = {}) =>
  judgeEarning({
    accountCategory: 'Operating',
    interestReceived: (1_000_000 * ratePercent) / 100,
    averageBalance: 1_000_000,
    days: 365,
    earningsCreditRate: null,
    benchmark: BENCHMARK,
    sharePercent: DEFAULT_EARNING_SHARE_PERCENT,
    ...options,
  });

describe('judgeEarning', () => {
  it('0.29% against a 3% benchmark is not earning; 2.4% is (75% of 3% is 2.25%)', () => {
    const low = at(0.29);
    expect(low.isEarning).toBe(false);
    expect(low.rate).toBeCloseTo(0.29, 10);
    expect(low.reason).toBe(
      'Interest received: 0.29% a year, under 75% of the Level One benchmark, Effective federal funds rate (3.00%), 2.25%',
    );
    expect(at(2.4).isEarning).toBe(true);
    expect(at(2.4).reason).toContain('at least 75%');
    // The threshold itself earns; a basis point under it does not.
    expect(at(2.25).isEarning).toBe(true);
    expect(at(2.24).isEarning).toBe(false);
  });

  it('annualises by 365 / days: $2,000 in 30 days on $1,000,000 is 2.43% a year', () => {
    const verdict = at(0, { interestReceived: 2_000, days: 30 });
    expect(verdict.rate).toBeCloseTo((2_000 / 1_000_000) * (365 / 30) * 100, 10);
    expect(verdict.isEarning).toBe(true);
  });

  it('takes the share as configured', () => {
    expect(at(2.4, { sharePercent: 90 }).isEarning).toBe(false); // needs 2.70%
    expect(at(0.29, { sharePercent: 5 }).isEarning).toBe(true); // needs 0.15%
    expect(at(0.29, { sharePercent: 0 }).isEarning).toBe(true);
  });

  it('counts an earnings credit rate, the higher of the two', () => {
    const verdict = at(0.29, { earningsCreditRate: 2.5 });
    expect(verdict).toMatchObject({ isEarning: true, rate: 2.5 });
    expect(verdict.reason).toMatch(/^Earnings credit rate: 2.50% a year, at least 75%/);
    expect(at(0, { earningsCreditRate: 0.5 }).isEarning).toBe(false);
  });

  it('a category alone does not earn; without a benchmark any rate does, and says so', () => {
    const idle = at(0, { accountCategory: 'Money Market' });
    expect(idle).toMatchObject({ isEarning: false, rate: 0 });
    expect(idle.reason).toBe('Money Market account with no interest and no earnings credit in the period');
    const noBenchmark = at(0.29, { benchmark: null });
    expect(noBenchmark.isEarning).toBe(true);
    expect(noBenchmark.reason).toContain('no benchmark rate');
  });

  it('has no rate without a positive average balance', () => {
    expect(at(0, { interestReceived: 10, averageBalance: 0 })).toMatchObject({ isEarning: false });
  });
});

describe('the benchmark level of an account and the configured share', () => {
  it('measures term instruments against level two, deposits against level one', () => {
    expect(benchmarkLevelOfAccount('Certificate of Deposit', null)).toBe('levelTwo');
    expect(benchmarkLevelOfAccount(null, 'Investment')).toBe('levelTwo');
    expect(benchmarkLevelOfAccount('Money Market', null)).toBe('levelOne');
    expect(benchmarkLevelOfAccount('Operating', 'Checking')).toBe('levelOne');
  });

  it('reads EARNING_RATE_SHARE_PERCENT, 75 by default, and refuses a value outside 0 to 100', () => {
    expect(readEarningSharePercent({})).toBe(75);
    expect(readEarningSharePercent({ EARNING_RATE_SHARE_PERCENT: ' ' })).toBe(75);
    expect(readEarningSharePercent({ EARNING_RATE_SHARE_PERCENT: '60' })).toBe(60);
    expect(() => readEarningSharePercent({ EARNING_RATE_SHARE_PERCENT: '120' })).toThrow(/0 to 100/);
    expect(() => readEarningSharePercent({ EARNING_RATE_SHARE_PERCENT: 'most' })).toThrow(/0 to 100/);
  });
});

describe('judgeEarningAccounts on the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.database.db.insert(marketRateObservations).values([
      { seriesId: 'EFFR', observationDate: '2035-06-27', value: 3, source: 'import' as const },
      // The 90-day Treasury stopped long ago: level two's benchmark is the commercial paper stand-in.
      { seriesId: 'DGS3MO', observationDate: '2035-01-02', value: 9, source: 'import' as const },
      { seriesId: 'DCPN3M', observationDate: '2035-06-27', value: 3, source: 'import' as const },
    ]);
  });
  afterAll(() => ctx.close());

  it('measures each account against its level’s benchmark on the end date, stand-ins included', async () => {
    // 2035-04-01 to 2035-06-30: 91 days; interest for 0.29% and 2.4% a year on $1,000,000.
    const days = 91;
    const interestFor = (percent: number) => (1_000_000 * percent * days) / 365 / 100;
    const accounts = [
      { accountId: 1, accountCategory: 'Operating', accountType: 'Checking' },
      { accountId: 2, accountCategory: 'Certificate of Deposit', accountType: null },
      { accountId: 3, accountCategory: 'Money Market', accountType: null },
    ];
    const known = {
      averages: new Map([
        [1, 1_000_000],
        [2, 1_000_000],
        [3, 1_000_000],
      ]),
      interestReceived: new Map([
        [1, interestFor(0.29)],
        [2, interestFor(2.4)],
        [3, interestFor(2.4)],
      ]),
    };
    const period = { start: '2035-04-01', end: '2035-06-30' };
    const verdicts = await judgeEarningAccounts(ctx.database.db, accounts, period, known, 75);
    expect(verdicts.get(1)).toMatchObject({ isEarning: false });
    expect(verdicts.get(1)!.rate).toBeCloseTo(0.29, 10);
    expect(verdicts.get(2)!.isEarning).toBe(true);
    expect(verdicts.get(2)!.reason).toContain(
      'Level Two benchmark, 90-day AA nonfinancial commercial paper (3.00%)',
    );
    expect(verdicts.get(3)!.reason).toContain('Level One benchmark, Effective federal funds rate (3.00%)');
    // A share of 90% needs 2.70%: 2.4% no longer earns.
    const strict = await judgeEarningAccounts(ctx.database.db, accounts, period, known, 90);
    expect([...strict.values()].map((v) => v.isEarning)).toEqual([false, false, false]);
  });
});
