import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { LiquidityRateTable } from './liquidity-rate-table';
import { resultsOf, runOf } from './monte-carlo.fixtures';

// Issue 41 point 5: a level whose rate is unavailable says since when, and the total is the other
// levels' interest with the level named, never an empty cell.

describe('the liquidity levels and benchmark rates table', () => {
  it('totals the levels that have a rate and names the one without', () => {
    const results = resultsOf(runOf({ monteCarloId: 9 }));
    const rateTable = results.rateTable.map((row) =>
      row.field === 'levelFive'
        ? {
            ...row,
            indicativeRate: null,
            rateDate: null,
            benchmarkInterest: null,
            rateNote: 'Rate unavailable since 10/01/2026',
          }
        : row,
    );
    const known = rateTable.reduce((sum, r) => sum + (r.benchmarkInterest ?? 0), 0);
    render(
      <LiquidityRateTable
        results={{ ...results, rateTable, totalBenchmarkInterest: null }}
        label="Levels and rates"
      />,
    );
    const table = screen.getByRole('table', { name: 'Levels and rates' });
    const levelFive = within(table).getByText('Level Five').closest('tr')!;
    expect(within(levelFive).getByText('Rate unavailable since 10/01/2026')).toBeTruthy();
    const total = within(table).getByText('Total').closest('tr')!;
    const dollars = `$${Math.round(known).toLocaleString('en-US')}`;
    expect(within(total).getByText(new RegExp(`^\\${dollars}(\\.\\d\\d)? without Level Five$`))).toBeTruthy();
  });
});
