import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountHistory } from '../core/account-history';
import { buildBalanceTables } from './build-balance-tables';
import { formatIsoDate, parseIsoDate } from '../core/iso-date';

const firstDay = parseIsoDate('2024-01-01') ?? 0;

/** Accounts with cents amounts on days 0..89 of 2024 and an anchor somewhere in that range. */
const accountArbitrary = fc
  .record({
    anchorOffset: fc.integer({ min: 0, max: 89 }),
    anchorCents: fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
    items: fc.array(
      fc.record({
        offset: fc.integer({ min: 0, max: 89 }),
        cents: fc.integer({ min: -5_000_00, max: 5_000_00 }),
      }),
      {
        maxLength: 60,
      },
    ),
  })
  .map(({ anchorOffset, anchorCents, items }) => ({
    anchorBalance: anchorCents / 100,
    anchorDate: formatIsoDate(firstDay + anchorOffset),
    transactions: [...items]
      .sort((a, b) => a.offset - b.offset)
      .map((item) => ({ date: formatIsoDate(firstDay + item.offset), amount: item.cents / 100 })),
  }));

describe('buildBalanceTables properties', () => {
  it('keeps the anchor, sums the group, and explains every month by its credits and debits', () => {
    fc.assert(
      fc.property(fc.array(accountArbitrary, { minLength: 1, maxLength: 4 }), (raw) => {
        const accounts: AccountHistory[] = raw.map((account, index) => ({
          ...account,
          accountId: `a${index}`,
        }));
        const result = buildBalanceTables({ accounts, dataUntil: '2024-03-31' });
        if (!result.ok) throw new Error(result.error.message);
        const { group } = result.value;
        result.value.accounts.forEach((tables, index) => {
          const account = accounts[index] as AccountHistory;
          const anchorRow = tables.daily.find((row) => row.date === account.anchorDate);
          expect(anchorRow?.balance).toBeCloseTo(account.anchorBalance, 2);
          let previousEnd: number | undefined;
          for (const month of tables.monthly) {
            if (previousEnd !== undefined) {
              expect(month.monthEndBalance).toBeCloseTo(
                previousEnd + month.totalCredits + month.totalDebits,
                2,
              );
            }
            expect(Number.isFinite(month.averageDailyBalance)).toBe(true);
            expect(month.minimumBalance).toBeLessThanOrEqual(month.averageDailyBalance + 0.005);
            expect(month.maximumBalance).toBeGreaterThanOrEqual(month.averageDailyBalance - 0.005);
            previousEnd = month.monthEndBalance;
          }
        });
        // The group's balance on a day is the sum of the accounts' balances on that day.
        const lastDate = '2024-03-31';
        const sum = result.value.accounts.reduce(
          (total, tables) => total + (tables.daily.at(-1)?.balance ?? 0),
          0,
        );
        expect(group.daily.at(-1)?.date).toBe(lastDate);
        expect(group.daily.at(-1)?.balance).toBeCloseTo(sum, 2);
      }),
      { numRuns: 60 },
    );
  });
});
