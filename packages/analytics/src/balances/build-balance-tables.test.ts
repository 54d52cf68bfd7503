import { describe, expect, it } from 'vitest';
import { buildBalanceTables } from './build-balance-tables';

const checking = {
  accountId: 'chk',
  anchorBalance: 1000,
  anchorDate: '2024-01-05',
  transactions: [
    { date: '2024-01-02', amount: 200 },
    { date: '2024-01-04', amount: -50 },
    { date: '2024-01-04', amount: 30 },
    { date: '2024-01-08', amount: -100 },
    { date: '2024-02-01', amount: 500 },
  ],
  observedBalances: [
    { date: '2024-01-04', balance: 1000 },
    { date: '2024-01-08', balance: 880 },
  ],
};

describe('buildBalanceTables', () => {
  it('computes end-of-day balances before and after the anchor by hand', () => {
    const result = buildBalanceTables({ accounts: [checking], dataUntil: '2024-02-02' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const daily = result.value.accounts[0]?.daily ?? [];
    const balanceOn = (date: string) => daily.find((row) => row.date === date)?.balance;
    // Opening = 1000 - (200 - 50 + 30) = 820; the table starts on the first transaction.
    expect(daily[0]).toEqual({
      date: '2024-01-02',
      balance: 1020,
      credits: 200,
      debits: 0,
      transactionCount: 1,
    });
    expect(balanceOn('2024-01-03')).toBe(1020);
    expect(balanceOn('2024-01-04')).toBe(1000);
    expect(balanceOn('2024-01-05')).toBe(1000);
    expect(balanceOn('2024-01-08')).toBe(900);
    expect(balanceOn('2024-02-01')).toBe(1400);
    expect(daily).toHaveLength(32);
    expect(daily.at(-1)?.date).toBe('2024-02-02');
  });

  it('builds the monthly table by hand', () => {
    const result = buildBalanceTables({ accounts: [checking], dataUntil: '2024-02-02' });
    if (!result.ok) throw new Error(result.error.message);
    const [january, february] = result.value.accounts[0]?.monthly ?? [];
    // January 2..31: 1020 x2, 1000 x4 (4th-7th), 900 x24.
    expect(january).toEqual({
      month: '2024-01',
      monthEndBalance: 900,
      averageDailyBalance: Math.round(((1020 * 2 + 1000 * 4 + 900 * 24) / 30) * 100) / 100,
      minimumBalance: 900,
      maximumBalance: 1020,
      totalCredits: 230,
      totalDebits: -150,
      transactionCount: 4,
      dayCount: 30,
    });
    expect(february).toMatchObject({
      month: '2024-02',
      monthEndBalance: 1400,
      averageDailyBalance: 1400,
      dayCount: 2,
    });
  });

  it('reconciles observed balances and reports the difference', () => {
    const result = buildBalanceTables({ accounts: [checking], dataUntil: '2024-02-02' });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.accounts[0]?.reconciliation).toEqual([
      { date: '2024-01-04', computedBalance: 1000, observedBalance: 1000, difference: 0, isMatched: true },
      { date: '2024-01-08', computedBalance: 900, observedBalance: 880, difference: -20, isMatched: false },
    ]);
  });

  it('sums a group, carrying a later account opening balance backwards, with business-day variance', () => {
    const savings = { accountId: 'sav', anchorBalance: 50, anchorDate: '2024-01-05', transactions: [] };
    const result = buildBalanceTables({ accounts: [checking, savings], dataUntil: '2024-01-09' });
    if (!result.ok) throw new Error(result.error.message);
    const group = result.value.group;
    expect(group.daily.map((row) => row.balance)).toEqual([1070, 1070, 1050, 1050, 1050, 1050, 950, 950]);
    // Business days 2,3,4,5,8,9 January 2024.
    expect(group.dayToDayVariance).toEqual([
      { date: '2024-01-03', variance: 0 },
      { date: '2024-01-04', variance: -20 },
      { date: '2024-01-05', variance: 0 },
      { date: '2024-01-08', variance: -100 },
      { date: '2024-01-09', variance: 0 },
    ]);
    expect(group.monthly[0]).toMatchObject({
      minimumBalance: 950,
      maximumBalance: 1070,
      transactionCount: 4,
    });
  });

  it('returns typed errors for bad input', () => {
    expect(buildBalanceTables({ accounts: [], dataUntil: '2024-01-01' })).toMatchObject({
      ok: false,
      error: { code: 'NO_ACCOUNTS' },
    });
    const nonFinite = { ...checking, transactions: [{ date: '2024-01-02', amount: Number.NaN }] };
    expect(buildBalanceTables({ accounts: [nonFinite], dataUntil: '2024-02-02' })).toMatchObject({
      ok: false,
      error: { code: 'NON_FINITE_AMOUNT', field: 'accounts[0].transactions[0].amount' },
    });
    const outOfOrder = { ...checking, transactions: [...checking.transactions].reverse() };
    expect(buildBalanceTables({ accounts: [outOfOrder], dataUntil: '2024-02-02' })).toMatchObject({
      ok: false,
      error: { code: 'DATES_OUT_OF_ORDER' },
    });
    const duplicate = {
      ...checking,
      observedBalances: [
        { date: '2024-01-04', balance: 1 },
        { date: '2024-01-04', balance: 2 },
      ],
    };
    expect(buildBalanceTables({ accounts: [duplicate], dataUntil: '2024-02-02' })).toMatchObject({
      ok: false,
      error: { code: 'DUPLICATE_DATE' },
    });
    expect(buildBalanceTables({ accounts: [checking], dataUntil: '2024-02-30' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_DATE' },
    });
  });
});
