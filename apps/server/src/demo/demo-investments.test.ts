import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { cusipCheckDigit, DEMO_INVESTMENT_GROUPS, planDemoInvestments } from './demo-investments';
import { DEMO_SEED } from './demo-random';

const END = '2026-03-31';
const daysAfterEnd = (iso: string) => Math.round((Date.parse(iso) - Date.parse(END)) / 86_400_000);

describe('planDemoInvestments', () => {
  const plan = planDemoInvestments(END, DEMO_SEED);

  it('computes CUSIP check digits like the published examples', () => {
    // Apple 037833100, Cisco 17275R102, Google 38259P508.
    expect(cusipCheckDigit('03783310')).toBe(0);
    expect(cusipCheckDigit('17275R10')).toBe(2);
    expect(cusipCheckDigit('38259P50')).toBe(8);
    for (const i of plan) expect(cusipCheckDigit(i.identifier.slice(0, 8))).toBe(Number(i.identifier[8]));
  });

  it('is the same plan for the same seed and end date', () => {
    expect(planDemoInvestments(END, DEMO_SEED)).toEqual(plan);
    expect(planDemoInvestments(END, DEMO_SEED + 1)).not.toEqual(plan);
  });

  it('holds only investment and hybrid accounts, every type, a five-year ladder and some within 90 days', () => {
    const kinds = new Map(DEMO_ACCOUNTS.map((a) => [a.key, a.type]));
    expect(plan.every((i) => ['Investment', 'Hybrid'].includes(kinds.get(i.accountKey)!))).toBe(true);
    expect(new Set(plan.map((i) => i.type))).toEqual(
      new Set([
        'Treasury Bill',
        'Commercial Paper',
        'Certificate of Deposit',
        'Agency Note',
        'Callable Agency Note',
        'Treasury Note',
        'Money Market Fund',
      ]),
    );
    const out = plan.map((i) => daysAfterEnd(i.maturityDate));
    expect(out.filter((d) => d > 0 && d <= 90).length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...out)).toBeGreaterThan(4 * 365);
    expect(Math.max(...out)).toBeLessThanOrEqual(5 * 365 + 5);
    expect(out.some((d) => d < 0)).toBe(true);
  });

  it('settles every holding before the end date and prices discount paper below face', () => {
    for (const i of plan) {
      expect(i.settlementDate < END, i.identifier).toBe(true);
      expect(i.settlementDate < i.maturityDate, i.identifier).toBe(true);
      if (i.type === 'Treasury Bill' || i.type === 'Commercial Paper') {
        expect(Number(i.settlementAmount)).toBeLessThan(Number(i.faceValue));
        expect(i.couponRate).toBeNull();
      }
    }
  });

  it('gives a call date to the callable type only (issue 20 point 1)', () => {
    for (const i of plan) expect(i.callDate !== null, i.identifier).toBe(i.type === 'Callable Agency Note');
  });

  it('gives every demo investment group members', () => {
    for (const group of DEMO_INVESTMENT_GROUPS)
      expect(plan.filter((i) => group.includes(i, END)).length, group.name).toBeGreaterThan(0);
  });
});
