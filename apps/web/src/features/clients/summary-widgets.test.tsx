import { lazy, type ComponentType } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { WidgetCard } from '../../components/widget-card';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';
import { stubObserver } from '../../test/stub-intersection-observer';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ACME } from './clients.fixtures';
import { SummaryWidgets } from './summary-widgets';

describe('the client summary widgets (issue 21 "Speed")', { timeout: UI_TEST_TIMEOUT }, () => {
  it('draws each widget, and loads its chunk, only once it comes near the window', async () => {
    const observer = stubObserver();
    useSessionStore.getState().setUser({ ...TEST_USER, permList: ['VIEW_CLIENTS'] });
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/clients/report-status/1': { body: [] },
    });
    const drawAssets = vi.fn();
    function AssetsProbe() {
      drawAssets();
      return <WidgetCard title="Assets">assets drawn</WidgetCard>;
    }
    let loadRates: (module: { default: ComponentType }) => void = () => undefined;
    const importRates = vi.fn(
      () => new Promise<{ default: ComponentType }>((resolve) => (loadRates = resolve)),
    );
    const RatesWidget = lazy(importRates);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SummaryWidgets
          client={ACME}
          widgets={{ Assets: <AssetsProbe />, 'Interest Rate Comparison': <RatesWidget /> }}
        />
      </AppProviders>,
    );
    const assets = screen.getByRole('region', { name: 'Assets' });
    const rates = screen.getByRole('region', { name: 'Interest Rate Comparison' });
    // Until then each is its titled card with a spinner; nothing of it is drawn or loaded.
    expect(within(assets).getByRole('progressbar', { name: 'Loading' })).toBeDefined();
    expect(within(rates).getByRole('progressbar', { name: 'Loading' })).toBeDefined();
    expect(drawAssets).not.toHaveBeenCalled();
    expect(importRates).not.toHaveBeenCalled();
    // A widget without a slot is the empty card at once, not waiting on anything.
    const variance = screen.getByRole('region', { name: 'Day-to-Day Variance' });
    expect(within(variance).getByText(/No Results\./)).toBeDefined();

    // One watcher per waiting widget, in the summary's order: Assets, then Interest Rate Comparison.
    expect(observer.observed).toHaveLength(2);
    observer.report(true, 0);
    expect(await screen.findByText('assets drawn')).toBeDefined();
    expect(importRates).not.toHaveBeenCalled();

    // A lazy widget keeps the placeholder while its chunk loads.
    observer.report(true, 1);
    expect(importRates).toHaveBeenCalledTimes(1);
    const loading = screen.getByRole('region', { name: 'Interest Rate Comparison' });
    expect(within(loading).getByRole('progressbar', { name: 'Loading' })).toBeDefined();
    await act(async () =>
      loadRates({ default: () => <WidgetCard title="Interest Rate Comparison">rates drawn</WidgetCard> }),
    );
    expect(await screen.findByText('rates drawn')).toBeDefined();
  });

  it("leaves out a widget the user may not see instead of showing 'No Results.' (issue 42)", async () => {
    stubObserver();
    // A Client Viewer as seeded: no VIEW_CASH_VEST_SCORES.
    useSessionStore.getState().setUser({
      ...TEST_USER,
      permList: ['VIEW_CLIENTS', 'VIEW_INVESTMENTS', 'VIEW_ACCOUNT_GROUPS', 'VIEW_REPORTS'],
    });
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/clients/report-status/1': { body: [] },
    });
    const { unmount } = render(
      <AppProviders queryClient={createQueryClient()}>
        <SummaryWidgets client={ACME} />
      </AppProviders>,
    );
    expect(await screen.findByRole('region', { name: 'Maturing Investments' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Current Amounts Invested by Liquidity Level' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'cashVest Score' })).toBeNull();
    unmount();

    // Without VIEW_INVESTMENTS the two investment widgets go too; the client's own widgets stay.
    useSessionStore.getState().setUser({ ...TEST_USER, permList: ['VIEW_CLIENTS', 'VIEW_CASH_VEST_SCORES'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SummaryWidgets client={ACME} />
      </AppProviders>,
    );
    expect(await screen.findByRole('region', { name: 'cashVest Score' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Maturing Investments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Current Amounts Invested by Liquidity Level' })).toBeNull();
    const shown = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(shown).toEqual([
      'client-card-title',
      'widget-report-status',
      'widget-day-to-day-variance',
      'widget-cashvest-score',
      'widget-assets',
      'widget-short-term-modeling-forecast',
      'widget-short-term-cash-position-forecast',
      'widget-interest-rate-comparison',
    ]);
  });

  it('gives the two tables of four and six figures the whole row (issue 42, 1,280 px)', async () => {
    stubObserver();
    useSessionStore.getState().setUser({ ...TEST_USER, permList: ['VIEW_CLIENTS'] });
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/clients/report-status/1': { body: [] },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SummaryWidgets client={ACME} />
      </AppProviders>,
    );
    const spanOf = async (name: string) =>
      getComputedStyle((await screen.findByRole('region', { name })).parentElement!).gridColumn.replace(
        /\s/g,
        '',
      );
    expect(await spanOf('Short Term Modeling/Forecast')).toBe('1/-1');
    expect(await spanOf('Interest Rate Comparison')).toBe('1/-1');
    expect(await spanOf('Assets')).toBe('');
  });
});
