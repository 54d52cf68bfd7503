import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/providers';
import { signInAs } from '../../test/open-app';
import { InvestmentsTable } from './investments-table';
import { investmentOf, pageOf, UI_TEST_TIMEOUT } from './investments.fixtures';

// Issue 42 point 7: typing in the Investments search lagged 7-9x behind other tables. A key only
// changes the search box until the debounced search is sent, so the 50 rows of a page must not be
// drawn again per key. The Profiler counts what React draws per key and how long it takes.

const ROWS = Array.from({ length: 50 }, (_, i) =>
  investmentOf({ id: i + 1, investmentId: `9127970${String(i).padStart(2, '0')}`, fund: `Fund ${i}` }),
);

async function renderTable() {
  signInAs(['VIEW_INVESTMENTS', 'EDIT_INVESTMENTS', 'DELETE_INVESTMENTS', 'DOWNLOAD_FILES'], {
    'POST /api/investments/all/': pageOf(ROWS, 120),
  });
  const commits: { phase: string; duration: number }[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase, actualDuration) =>
    commits.push({ phase, duration: actualDuration });
  render(
    <AppProviders>
      <MemoryRouter>
        <Profiler id="investments" onRender={onRender}>
          <InvestmentsTable title="All Investments" scope={{ kind: 'all' }} />
        </Profiler>
      </MemoryRouter>
    </AppProviders>,
  );
  expect(await screen.findByText('912797049', {}, { timeout: 15_000 })).toBeTruthy();
  return commits;
}

describe('Typing in the Investments search', { timeout: UI_TEST_TIMEOUT }, () => {
  it('draws only the search box per key, not the 50 rows', async () => {
    const commits = await renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    const rowCells = () => document.querySelectorAll('tbody td').length;
    const before = rowCells();
    // The commit that drew the 50 rows when the page arrived.
    const pageDrawn = Math.max(...commits.map((c) => c.duration));
    commits.length = 0;
    const started = performance.now();
    for (const value of ['9', '91', '912', '9127', '91279'])
      act(() => {
        fireEvent.change(search, { target: { value } });
      });
    const elapsed = performance.now() - started;
    const drawn = commits.reduce((sum, c) => sum + c.duration, 0);
    console.info(
      `page drawn in ${pageDrawn.toFixed(1)} ms; five keys: ${elapsed.toFixed(1)} ms, ${drawn.toFixed(1)} ms drawn`,
    );
    expect((search as HTMLInputElement).value).toBe('91279');
    expect(rowCells()).toBe(before);
    expect(commits).toHaveLength(5);
    // Before the fix each key redrew all 50 rows (~335 ms a key here; five keys 1,671 ms drawn, 1,938 ms
    // in all); now the box alone is drawn (five keys ~11 ms drawn, ~50 ms in all).
    expect(drawn).toBeLessThan(pageDrawn / 4);
  });
});
