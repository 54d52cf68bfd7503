import { describe, expect, it } from 'vitest';
import type { InvestmentBalancePoint } from '@tideline/contracts/investments/investment-widgets.schemas';
import { tickInterval, toBalanceLines } from './investment-balance-series';
import { INVESTMENT_FILTERS, MY_CLIENTS, toInvestmentRequest } from './investment-filters';
import { accountNameOf, formatPercent, formatRate } from './investment-format';
import { maturingViewFilters, maturityWindowLabel, windowFrom } from './maturity-window';

describe('investment formats (spec 9)', () => {
  it('shows rates with 4 decimals and the coupon rate with %', () => {
    expect(formatRate(4.25)).toBe('4.2500');
    expect(formatRate(0)).toBe('0.0000');
    expect(formatPercent(5.123456)).toBe('5.1235%');
    expect(formatRate(null)).toBe('---');
    expect(formatPercent(null)).toBe('---');
  });

  it('takes the account name after the first comma of the relationship', () => {
    expect(accountNameOf('Springfield, General Fund')).toBe('General Fund');
    expect(accountNameOf('Acme, Inc., Payroll')).toBe('Inc., Payroll');
    expect(accountNameOf('No comma')).toBe('No comma');
  });
});

describe('the maturing window (platform.md 2.5, 2.9, 9)', () => {
  it('runs from today for the limit in days, across month and year ends', () => {
    expect(windowFrom(new Date(2025, 11, 15), 90)).toEqual({
      windowStart: '2025-12-15',
      windowEnd: '2026-03-15',
    });
    expect(windowFrom(new Date(2024, 1, 29), 0)).toEqual({
      windowStart: '2024-02-29',
      windowEnd: '2024-02-29',
    });
  });

  it('opens the current investments view on the user’s clients and the window, and labels the tooltip', () => {
    const window = { windowStart: '2025-03-01', windowEnd: '2025-05-30' };
    expect(maturingViewFilters(window)).toEqual({
      myClients: MY_CLIENTS,
      maturityDate: { from: '2025-03-01', to: '2025-05-30' },
    });
    expect(maturityWindowLabel(window)).toBe('Maturing from 03/01/2025 to 05/30/2025');
  });
});

describe('the investments request', () => {
  const base = { pageSize: 50, pageIndex: 0, searchTerm: '', sortOrder: [] };

  it('sends the radio as myClients: true, and nothing for all investments', () => {
    const mine = toInvestmentRequest({
      ...base,
      filters: [
        { id: 'myClients', value: MY_CLIENTS },
        { id: 'faceValue', value: { low: '100', high: '' } },
      ],
    });
    expect(mine.filters).toEqual([
      { id: 'myClients', value: true },
      { id: 'faceValue', value: { low: '100', high: '' } },
    ]);
    expect(toInvestmentRequest({ ...base, filters: [{ id: 'myClients', value: '' }] }).filters).toEqual([]);
  });

  it('frames a group page by groupId and the add search by notInGroupId', () => {
    expect(toInvestmentRequest({ ...base, filters: [] }, { groupId: 7 }).filters).toEqual([
      { id: 'groupId', value: 7 },
    ]);
    expect(toInvestmentRequest({ ...base, filters: [] }, { notInGroupId: 7 }).filters).toEqual([
      { id: 'notInGroupId', value: 7 },
    ]);
  });

  it('offers every filter field of platform.md 9 over four pages', () => {
    expect(INVESTMENT_FILTERS.map((f) => f.id).sort()).toEqual(
      [
        'myClients',
        'faceValue',
        'maturityDate',
        'interestRate',
        'liquidityLevel',
        'daysUntilMaturity',
        'investmentId',
        'callDate',
        'settlementDate',
        'settlementAmount',
        'interestAtMaturity',
        'premiumDiscount',
        'bank',
        'couponRate',
        'investmentType',
        'createdAt',
        'clientAccountRelationship',
      ].sort(),
    );
    expect(new Set(INVESTMENT_FILTERS.map((f) => f.page))).toEqual(new Set([1, 2, 3, 4]));
  });
});

describe('the investment balance graph (spec 3, 9)', () => {
  it('labels at most 6 dates', () => {
    expect(tickInterval(6, 6)).toBe(0);
    expect(tickInterval(24, 6)).toBe(3);
    expect(tickInterval(36, 6)).toBe(5);
    expect(tickInterval(37, 6)).toBe(6);
    // With an interval i, labels fall on every (i+1)th date: never more than 6.
    for (let n = 1; n <= 60; n++) expect(Math.ceil(n / (tickInterval(n, 6) + 1))).toBeLessThanOrEqual(6);
  });

  it('splits the total into actual and scheduled lines that meet at the last actual date', () => {
    const point = (date: string, total: number, series: 'Actual' | 'Scheduled'): InvestmentBalancePoint => ({
      date,
      total,
      max: total,
      min: 0,
      series,
    });
    const lines = toBalanceLines([
      point('2025-03-31', 300, 'Scheduled'),
      point('2025-01-31', 100, 'Actual'),
      point('2025-02-28', 200, 'Actual'),
    ]);
    expect(lines.dates).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    expect(lines.actual).toEqual([100, 200, null]);
    expect(lines.scheduled).toEqual([null, 200, 300]);
    expect(lines.max).toEqual([100, 200, 300]);
  });
});
