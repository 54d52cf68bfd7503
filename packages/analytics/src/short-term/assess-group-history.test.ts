import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount } from '../../test/make-history';
import { listBusinessDays } from '../calendar/business-calendar';
import type { AccountHistory } from '../core/account-history';
import { formatIsoDate, parseIsoDate } from '../core/iso-date';
import { assessGroupHistory, type GroupHistory } from './assess-group-history';
import { runShortTermStep1 } from './run-short-term-step1';

/** An account with a transaction on every business day of [from, to] except the skipped dates. */
function makeAccount(from: string, to: string, skip: readonly string[] = [], accountId = 'acct-1') {
  const skipped = new Set(skip);
  return makeBusinessDayAccount({
    accountId,
    from,
    to,
    endBalance: 500_000,
    amountOn: (day, index) => (skipped.has(formatIsoDate(day)) ? 0 : 100 + (index % 7) * 25),
  });
}

const datesOf = (account: AccountHistory) => account.transactions.map((t) => t.date);

const businessDates = (from: string, to: string) =>
  listBusinessDays(parseIsoDate(from)!, parseIsoDate(to)!).map(formatIsoDate);

function assess(...accounts: AccountHistory[]): GroupHistory {
  const history = assessGroupHistory(accounts.map(datesOf));
  if (!history.ok) throw new Error(history.error.message);
  return history.value;
}

// The 11 weekdays from Thursday 2025-11-20 to Thursday 2025-12-04 hold Thanksgiving (2025-11-27):
// 10 business days. Counting weekdays only, the gap was 11 and the group wrongly NO.
const THANKSGIVING_GAP = [
  '2025-11-20',
  '2025-11-21',
  '2025-11-24',
  '2025-11-25',
  '2025-11-26',
  '2025-11-28',
  '2025-12-01',
  '2025-12-02',
  '2025-12-03',
  '2025-12-04',
];

describe('assessGroupHistory (analytics.md "Short-term model", step 1 checks)', () => {
  it('does not count Thanksgiving in a gap: 10 business days is YES, one more is NO', () => {
    const tenDays = assess(makeAccount('2023-06-01', '2025-12-31', THANKSGIVING_GAP));
    expect(tenDays).toMatchObject({
      minDate: '2023-06-01',
      validationStatus: 'YES',
      checks: { longestGapBusinessDays: 10, longestGapStart: '2025-11-20', hasNoLongGap: true },
    });
    const elevenDays = assess(makeAccount('2023-06-01', '2025-12-31', [...THANKSGIVING_GAP, '2025-12-05']));
    expect(elevenDays).toMatchObject({
      minDate: '2023-06-01',
      validationStatus: 'NO',
      checks: { longestGapBusinessDays: 11, hasEnoughHistory: true, hasNoLongGap: false },
    });
  });

  it('gives the same checks as step 1 run from minDate to the newest transaction', () => {
    const elevenDays = makeAccount('2023-06-01', '2025-12-31', [...THANKSGIVING_GAP, '2025-12-05']);
    // One transaction on the Saturday after Thanksgiving: it counts on Monday 2025-12-01.
    const saturday: AccountHistory = {
      accountId: 'acct-2',
      anchorBalance: 0,
      anchorDate: '2025-12-31',
      transactions: [
        { date: '2023-06-01', amount: 5 },
        { date: '2025-11-29', amount: 5 },
      ],
    };
    const groups: AccountHistory[][] = [
      [makeAccount('2023-06-01', '2025-12-31', THANKSGIVING_GAP)],
      [elevenDays],
      [elevenDays, saturday],
      // The second account fills the first one's July.
      [
        makeAccount('2022-01-03', '2025-06-30', businessDates('2024-07-01', '2024-07-31')),
        makeAccount('2023-03-15', '2025-06-27', [], 'acct-2'),
      ],
    ];
    const answers = groups.map((accounts) => {
      const history = assess(...accounts);
      const newest = accounts.flatMap(datesOf).sort().at(-1)!;
      const step1 = runShortTermStep1({
        accounts,
        startDate: history.minDate!,
        endDate: newest,
        minDate: history.minDate!,
      });
      if (!step1.ok) throw new Error(step1.error.message);
      expect(history.checks).toEqual(step1.value.checks);
      return [history.validationStatus, history.checks?.longestGapBusinessDays];
    });
    expect(answers).toEqual([
      ['YES', 10],
      ['NO', 11],
      ['YES', 6],
      ['YES', 0],
    ]);
  });

  it('needs 24 whole months from minDate to the newest transaction', () => {
    expect(assess(makeAccount('2023-01-03', '2025-01-03'))).toMatchObject({
      validationStatus: 'YES',
      checks: { historyMonths: 24 },
    });
    expect(assess(makeAccount('2023-01-03', '2025-01-02'))).toMatchObject({
      validationStatus: 'NO',
      checks: { historyMonths: 23, hasEnoughHistory: false, hasNoLongGap: true },
    });
  });

  it('ignores a gap before minDate and answers a date that does not parse with INVALID_DATE', () => {
    const gapBefore = makeAccount('2020-01-02', '2025-01-31', businessDates('2021-05-03', '2021-08-31'));
    const later = makeAccount('2022-01-03', '2025-01-31', [], 'acct-2');
    expect(assessGroupHistory([datesOf(gapBefore), datesOf(later)])).toMatchObject({
      ok: true,
      value: { minDate: '2022-01-03', validationStatus: 'YES' },
    });
    expect(parseIsoDate('2024-02-30')).toBeUndefined();
    expect(assessGroupHistory([['2024-02-29'], ['2024-03-01', '2024-02-30']])).toEqual({
      ok: false,
      error: {
        code: 'INVALID_DATE',
        message: 'transactionDaysByAccount[1][1] is not a valid date (YYYY-MM-DD): 2024-02-30',
        field: 'transactionDaysByAccount[1][1]',
      },
    });
  });
});
