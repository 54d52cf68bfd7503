import { describe, expect, it } from 'vitest';
import { ACCOUNT_CATEGORIES, ACCOUNT_TYPES } from '@tideline/contracts';
import { isBusinessDate } from '@tideline/analytics/calendar/business-calendar';
import { parseIsoDate, weekdayOf } from '@tideline/analytics/core/iso-date';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { createDemoWindow, findWindowEnds, formatIsoDate } from './demo-calendar';
import { DEMO_CLIENTS } from './demo-clients';
import { planDemoTransactions } from './plan-transactions';

const END = '2026-06-30';
const plan = planDemoTransactions(END, 7);
const rowsOf = (accountKey: string) => plan.transactions.filter((t) => t.accountKey === accountKey);

describe('planDemoTransactions', () => {
  it('is deterministic for a seed and end date, and another seed gives other rows', () => {
    expect(planDemoTransactions(END, 7)).toEqual(plan);
    expect(planDemoTransactions(END, 8).transactions).not.toEqual(plan.transactions);
  });

  it('covers three years ending on the end date, on business days only, in whole non-zero cents', () => {
    expect(plan.firstDate).toBe('2023-07-01');
    expect(plan.lastDate).toBe(END);
    expect(plan.transactions.length).toBeGreaterThan(40_000);
    const misplaced = plan.transactions.filter(
      (t) => !isBusinessDate(t.date) || t.date < plan.firstDate || t.date > END,
    );
    expect(misplaced).toEqual([]);
    expect(
      plan.transactions.filter((t) => !Number.isSafeInteger(t.amountCents) || t.amountCents === 0),
    ).toEqual([]);
  });

  it('has every account type and category, and forty accounts over six clients', () => {
    expect(DEMO_ACCOUNTS).toHaveLength(40);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.clientKey)).size).toBe(6);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.type))).toEqual(new Set(ACCOUNT_TYPES));
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.category))).toEqual(new Set(ACCOUNT_CATEGORIES));
    expect(new Set(plan.accounts.map((a) => a.accountNumber)).size).toBe(40);
  });

  it('puts the largest inflows of a property-tax client in its tax months', () => {
    for (const client of DEMO_CLIENTS.filter((c) => c.economy.propertyTax)) {
      const byMonth = new Map<number, number>();
      for (const t of rowsOf(`${client.key}.operating`))
        if (t.amountCents > 0) {
          const month = Number(t.date.slice(5, 7));
          byMonth.set(month, (byMonth.get(month) ?? 0) + t.amountCents);
        }
      const topTwo = [...byMonth]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 2)
        .map(([m]) => m);
      expect(
        topTwo.sort((x, y) => x - y),
        client.key,
      ).toEqual([...client.economy.propertyTax!.months].sort((x, y) => x - y));
    }
  });

  it('pays payroll every other Friday (the business day before when Friday is a holiday)', () => {
    for (const client of DEMO_CLIENTS) {
      const days = [
        ...new Set(
          rowsOf(`${client.key}.payroll`)
            .filter((t) => t.keyword === 'PAYROLL')
            .map((t) => t.date),
        ),
      ].map((d) => parseIsoDate(d)!);
      expect(days.length).toBeGreaterThanOrEqual(77);
      for (const day of days) {
        const friday = day + ((5 - weekdayOf(day) + 7) % 7);
        expect(friday - day, client.key).toBeLessThanOrEqual(1);
      }
      for (let i = 1; i < days.length; i += 1)
        expect(Math.abs(days[i]! - days[i - 1]! - 14)).toBeLessThanOrEqual(1);
    }
  });

  it('never overdraws an account at the end of a day; zero-balance accounts end each day at zero', () => {
    for (const planned of plan.accounts) {
      const endOfDay = new Map<string, number>();
      let balance = planned.startBalanceCents;
      for (const t of rowsOf(planned.account.key)) endOfDay.set(t.date, (balance += t.amountCents));
      for (const value of endOfDay.values()) expect(value, planned.account.key).toBeGreaterThanOrEqual(0);
      if (planned.account.category === 'Zero Balance')
        expect([...endOfDay.values()].every((v) => v === 0)).toBe(true);
      if (planned.closedDate) expect(balance).toBe(0);
    }
  });

  it('assigns the keyword of the lowest-ranked category that matches', () => {
    const payrollFunding = plan.transactions.find((t) => t.description.includes('PAYROLL FUNDING'))!;
    expect(payrollFunding.keyword).toBe('PAYROLL');
    const sinking = plan.transactions.find((t) => t.description.includes('SINKING FUND'))!;
    expect(sinking.keyword).toBe('DEBT SERVICE');
    expect(plan.transactions.find((t) => t.description.startsWith('REMOTE DEPOSIT'))!.keyword).toBeNull();
  });
});

describe('findWindowEnds', () => {
  it("finds the end day of a window from its first day: demo-statements reads seed-demo's end date back", () => {
    for (const end of ['2026-12-01', '2026-03-31', '2027-02-28', '2025-01-31']) {
      const first = formatIsoDate(createDemoWindow(end).firstDay);
      expect(findWindowEnds(first)).toEqual([end]);
    }
    // Feb 29 and Feb 28 of a leap year reach back to the same first day: both are candidates.
    expect(findWindowEnds('2025-03-01')).toEqual(['2028-02-28', '2028-02-29']);
  });
});
