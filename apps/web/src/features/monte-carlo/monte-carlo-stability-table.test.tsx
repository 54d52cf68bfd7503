import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MonteCarloStabilityTable } from './monte-carlo-stability-table';
import { resultsOf, runOf } from './monte-carlo.fixtures';

// Issue 41 point 2: a one-year run has no leave-one-year-out range, and its levels are likely too high
// (each month and dated flow fitted on its one occurrence); the panel says so instead of showing nothing.

describe('the Monte Carlo stability figures', () => {
  it('say that a one-year run cannot measure year-to-year variation', () => {
    const results = resultsOf(runOf({ monteCarloId: 1 }));
    const oneYear = { ...results, stability: { ...results.stability, leftOutYears: [] } };
    render(<MonteCarloStabilityTable results={oneYear} label="One year" />);
    expect(
      screen.getByText(
        /With one year of history there is no year to leave out.*the levels may be too high\. Run it with two or three years/,
      ),
    ).toBeTruthy();
  });

  it('name the years left out when there are some', () => {
    const results = resultsOf(runOf({ monteCarloId: 1 }));
    render(<MonteCarloStabilityTable results={results} label="Two years" />);
    expect(screen.queryByText(/no year to leave out/)).toBeNull();
    expect(screen.getByText(/each of the last \d history years left out in turn/)).toBeTruthy();
  });
});
