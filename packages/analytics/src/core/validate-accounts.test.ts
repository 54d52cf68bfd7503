import { describe, expect, it } from 'vitest';
import { buildBalanceTables } from '../balances/build-balance-tables';
import { runMonteCarlo } from '../monte-carlo/run-monte-carlo';
import { runShortTermStep1 } from '../short-term/run-short-term-step1';
import type { AccountHistory } from './account-history';
import { MAX_ABS_AMOUNT } from './money';
import { validateAccounts } from './validate-accounts';

// Issue 18 point 10: inputs large enough to overflow get a typed error, and the largest amounts a
// model takes still give finite figures, never Infinity or NaN.

/** Every weekday from 2022-01-03 to 2024-12-31, alternating the largest allowed credit and debit. */
function hugeHistory(): AccountHistory {
  const transactions = [];
  const big = MAX_ABS_AMOUNT - 0.01;
  let sign = 1;
  for (let t = Date.UTC(2022, 0, 3); t <= Date.UTC(2024, 11, 31); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    transactions.push({ date: day.toISOString().slice(0, 10), amount: sign * big });
    sign = -sign;
  }
  return { accountId: 'huge', anchorBalance: big, anchorDate: '2022-01-01', transactions };
}

const finiteEverywhere = (value: unknown): boolean =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : Array.isArray(value)
      ? value.every(finiteEverywhere)
      : value !== null && typeof value === 'object'
        ? Object.values(value).every(finiteEverywhere)
        : true;

describe('amounts too large to model', () => {
  it('are refused as AMOUNT_TOO_LARGE, naming the field', () => {
    const base: AccountHistory = {
      accountId: 'a',
      anchorBalance: 0,
      anchorDate: '2024-01-01',
      transactions: [],
    };
    const cases: [AccountHistory, string][] = [
      [{ ...base, anchorBalance: MAX_ABS_AMOUNT }, 'accounts[0].anchorBalance'],
      [
        { ...base, transactions: [{ date: '2024-01-02', amount: -1e300 }] },
        'accounts[0].transactions[0].amount',
      ],
      [
        { ...base, observedBalances: [{ date: '2024-01-02', balance: 2e13 }] },
        'accounts[0].observedBalances[0].balance',
      ],
    ];
    for (const [account, field] of cases) {
      const result = validateAccounts([account]);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: 'AMOUNT_TOO_LARGE', field });
    }
  });

  it('the largest allowed ones give finite tables, Monte Carlo and short-term results', () => {
    const accounts = [hugeHistory(), { ...hugeHistory(), accountId: 'twin' }];
    const tables = buildBalanceTables({ accounts, dataUntil: '2024-12-31' });
    expect(tables.ok && finiteEverywhere(tables.value)).toBe(true);
    const monteCarlo = runMonteCarlo({
      accounts,
      endDate: '2024-12-31',
      numberOfYears: 2,
      today: '2025-01-15',
      seed: 7,
      paths: 200,
    });
    expect(monteCarlo.ok && finiteEverywhere(monteCarlo.value)).toBe(true);
    const step1 = runShortTermStep1({
      accounts,
      startDate: '2022-01-03',
      endDate: '2024-12-31',
      minDate: '2022-01-03',
    });
    expect(step1.ok && finiteEverywhere(step1.value)).toBe(true);
  });
});
