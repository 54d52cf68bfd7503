import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import { openInvestments, UI_TEST_TIMEOUT } from './investments.fixtures';

// Issue 42 point 7 (platform.md 5 and 9): the Edit Investment date pickers offer 20 years back and
// forward, refuse a date typed beyond them and say 'Required!' when a required one is empty.

describe('Edit Investment dates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('honours the 20 years either way and says Required! for an empty required date', async () => {
    const { api } = openInvestments('/investment-management', ['EDIT_INVESTMENTS']);
    const table = await screen.findByRole('table', { name: 'All Investments' }, { timeout: 15_000 });
    const row = (await within(table).findByText('912797KX4')).closest('tr')!;
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Investment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Investment' });
    const limits = findPickerLimits();
    const dates = ['Settlement Date', 'Maturity Date', 'Call Date'].map(
      (label) => within(dialog).getByLabelText(label) as HTMLInputElement,
    );
    for (const input of dates) expect([input.min, input.max]).toEqual([limits.min, limits.max]);

    const [settlement, maturity] = dates as [HTMLInputElement, HTMLInputElement];
    fireEvent.change(maturity, { target: { value: '2099-12-31' } });
    fireEvent.change(settlement, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(within(dialog).getByText(MSG.required)).toBeTruthy();
    expect(maturity.getAttribute('aria-invalid')).toBe('true');
    expect(settlement.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/investments/1')).toBe(0);
  });
});
