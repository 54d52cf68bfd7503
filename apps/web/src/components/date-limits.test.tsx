import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table/data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_FILTERS,
  ACCOUNTS,
  renderWithQueryClient,
} from './data-table/data-table.fixtures';
import { describeOutOfRange, findPickerLimits, isOutOfRange } from './date-limits';

// Issue 42 point 7 (platform.md 5 and 9): date pickers default to 20 years back and 20 years forward and
// honour their min and max dates.

describe('the date pickers’ 20 years either way', { timeout: 20_000 }, () => {
  it('runs from today less 20 years to today plus 20 years, 29 February kept in February', () => {
    expect(findPickerLimits(new Date(2026, 11, 3))).toEqual({ min: '2006-12-03', max: '2046-12-03' });
    expect(findPickerLimits(new Date(2028, 1, 29))).toEqual({ min: '2008-02-29', max: '2048-02-29' });
    expect(findPickerLimits(new Date(2024, 1, 29))).toEqual({ min: '2004-02-29', max: '2044-02-29' });
    // 2100 is no leap year.
    expect(findPickerLimits(new Date(2080, 1, 29))).toEqual({ min: '2060-02-29', max: '2100-02-28' });
    const limits = { min: '2006-12-03', max: '2046-12-03' };
    expect(isOutOfRange('2006-12-02', limits)).toBe(true);
    expect(isOutOfRange('2006-12-03', limits)).toBe(false);
    expect(isOutOfRange('2046-12-04', limits)).toBe(true);
    expect(isOutOfRange('', limits)).toBe(false);
    expect(describeOutOfRange(limits)).toBe('Enter a date between 12/03/2006 and 12/03/2046.');
  });

  it('gives the Set Filters date inputs the range and refuses a date typed beyond it', async () => {
    renderWithQueryClient(
      <DataTable
        title="Accounts"
        columns={ACCOUNT_COLUMNS}
        filters={ACCOUNT_FILTERS}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows: ACCOUNTS }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    const group = within(dialog).getByRole('group', { name: 'Opened' });
    const from = within(group).getByLabelText('From') as HTMLInputElement;
    const to = within(group).getByLabelText('To') as HTMLInputElement;
    const limits = findPickerLimits();
    for (const input of [from, to]) {
      expect(input.min).toBe(limits.min);
      expect(input.max).toBe(limits.max);
    }
    fireEvent.change(from, { target: { value: '1990-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(within(group).getByText(describeOutOfRange(limits))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Set Filters' })).toBeTruthy();

    fireEvent.change(from, { target: { value: limits.min } });
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(await screen.findByText(/^Opened:/)).toBeTruthy();
  });
});
