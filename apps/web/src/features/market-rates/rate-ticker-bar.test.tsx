import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { MarketData } from '@tideline/contracts/market-rates/market-rates.schemas';
import { openAppAs } from '../../test/open-app';
import { useSessionStore } from '../../lib/session-store';
import { DEMO_RATES_NOTICE, SAMPLE_RATES_NOTICE, tickerItems } from './rate-ticker-bar';

const rate = (label: string, seriesId: string, value: number | null, asOf: string | null) =>
  ({
    label,
    seriesId,
    value,
    asOf,
    source: value === null ? null : 'fred',
  }) as MarketData['usTreasury'][number];

const MARKET_DATA: MarketData = {
  usTreasury: [
    rate('30-Day', 'DGS1MO', 3.37, '2026-11-20'),
    rate('60-Day', 'BC_2MONTH', 3.34, '2026-11-20'),
    rate('90-Day', 'DGS3MO', 3.31, '2026-11-20'),
    rate('1-Year', 'DGS1', 3.17, '2026-11-20'),
    rate('2-Year', 'DGS2', 3.17, '2026-11-20'),
  ],
  federalFund: [
    rate('Lower Limit', 'DFEDTARL', 3.25, '2026-11-21'),
    rate('Upper Limit', 'DFEDTARU', 3.5, '2026-11-21'),
  ],
  effectiveFund: [rate('30-Day', 'EFFR', 3.331, '2026-11-20')],
  aaFinancialCommercialPaper: [
    rate('30-Day', 'DCPF1M', 3.33, '2026-11-20'),
    rate('90-Day', 'DCPF3M', 3.4, '2026-11-20'),
  ],
  aaNonFinancialCommercialPaper: [
    rate('30-Day', 'DCPN30', 3.32, '2026-11-20'),
    rate('90-Day', 'DCPN3M', null, null),
  ],
  sofr: [
    rate('30-Day', 'SOFR30DAYAVG', 3.33614, '2026-11-20'),
    rate('Overnight', 'SOFR', 3.32, '2026-11-20'),
  ],
  corporateBond: [
    rate('1-Year', 'HQMCB1YR', 3.71, '2026-10-01'),
    rate('2-Year', 'HQMCB2YR', 3.8, '2026-10-01'),
  ],
};

function openDashboard(path: string, body: unknown, permList: Permission[] = ['VIEW_DASHBOARD']) {
  useSessionStore.getState().setMarketData(null);
  return openAppAs(path, permList, { 'GET /api/dashboard/quandl': { body } });
}

describe('rate ticker bar', () => {
  it('lists the rates that have a value, in the spec order, skipping empty ones', () => {
    const items = tickerItems(MARKET_DATA);
    expect(items).toHaveLength(15);
    expect(items[0]).toMatchObject({ title: 'US Treasury', rate: { label: '30-Day', value: 3.37 } });
    expect(items.map((i) => i.rate.seriesId)).not.toContain('DCPN3M');
    expect(tickerItems(null)).toEqual([]);
  });

  it('shows each labelled rate with its as-of date at exactly /dashboard, and keeps it for a reload', async () => {
    const { api } = openDashboard('/dashboard', [MARKET_DATA]);
    const bar = await screen.findByRole('region', { name: 'Market rates' });
    await within(bar).findByText('3.37%');
    expect(bar.textContent).toContain('US Treasury 30-Day 3.37% as of 11/20/2026');
    expect(bar.textContent).toContain('Federal Funds Target Upper Limit 3.50% as of 11/21/2026');
    expect(bar.textContent).toContain('Corporate Bond (HQM) 2-Year 3.80% as of 10/01/2026');
    expect(api.callsTo('GET', '/api/dashboard/quandl')).toBe(1);
    expect(useSessionStore.getState().marketData).toEqual(MARKET_DATA);
    expect(bar.textContent).not.toContain(SAMPLE_RATES_NOTICE);
  });

  it('says when the rates are the sample shipped for offline installs', async () => {
    const sample = Object.fromEntries(
      Object.entries(MARKET_DATA).map(([g, rates]) => [g, rates.map((r) => ({ ...r, source: 'snapshot' }))]),
    );
    openDashboard('/dashboard', [sample]);
    const bar = await screen.findByRole('region', { name: 'Market rates' });
    expect(await within(bar).findByText(SAMPLE_RATES_NOTICE)).toBeTruthy();
    expect(bar.textContent).not.toContain(DEMO_RATES_NOTICE);
  });

  it("labels the demo data set's made-up rates as demo figures", async () => {
    const demo = Object.fromEntries(
      Object.entries(MARKET_DATA).map(([g, rates]) => [g, rates.map((r) => ({ ...r, source: 'demo' }))]),
    );
    openDashboard('/dashboard', [demo]);
    const bar = await screen.findByRole('region', { name: 'Market rates' });
    expect(await within(bar).findByText(DEMO_RATES_NOTICE)).toBeTruthy();
    expect(bar.textContent).not.toContain(SAMPLE_RATES_NOTICE);
  });

  it('is not loaded at /dashboard/', async () => {
    const { api } = openDashboard('/dashboard/', [MARKET_DATA]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Market rates' })).toBeNull();
    expect(api.callsTo('GET', '/api/dashboard/quandl')).toBe(0);
  });

  it('says quietly that there are no rates when the server has none', async () => {
    const empty = Object.fromEntries(
      Object.entries(MARKET_DATA).map(([g, rates]) => [
        g,
        rates.map((r) => ({ ...r, value: null, asOf: null })),
      ]),
    );
    openDashboard('/dashboard', [empty]);
    const bar = await screen.findByRole('region', { name: 'Market rates' });
    expect(await within(bar).findByText('Market rates are not available.')).toBeTruthy();
  });

  it('is not shown to a user who may not read the rates', async () => {
    const { api } = openDashboard('/dashboard', [MARKET_DATA], ['VIEW_CLIENTS']);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Market rates' })).toBeNull();
    expect(api.callsTo('GET', '/api/dashboard/quandl')).toBe(0);
  });
});
