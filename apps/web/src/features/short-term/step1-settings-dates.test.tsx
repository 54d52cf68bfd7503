import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { GROUPS, renderAlone } from './short-term.fixtures';
import { Step1SettingsDialog } from './step1-settings-dialog';

// Issue 42 point 7 (platform.md 5 and 9): the step 1 date pickers offer 20 years back and forward (the
// start not before the group's minDate either) and refuse a date typed beyond, sending nothing.

const RUN = 'POST /api/analytics/short-term/step-1/run';
const NO_DATA = { ...GROUPS[1]!, groupID: 9, groupName: 'Reserve', minDate: null };

function openDialog() {
  const opened = renderAlone(
    <Step1SettingsDialog clientId={1} onStarted={vi.fn()} onClose={vi.fn()} />,
    undefined,
    { 'GET /api/accounts/groups/all/1': { body: [...GROUPS, NO_DATA] }, [RUN]: { body: {} } },
  );
  return { ...opened, dialog: () => screen.findByRole('dialog', { name: 'Settings' }) };
}

async function chooseGroup(user: ReturnType<typeof openDialog>['user'], dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Account Group' }));
  await user.click(await screen.findByRole('option', { name }));
}

const setDate = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const yearsBack = (years: number, monthDay: string) => `${new Date().getFullYear() - years}-${monthDay}`;

describe('the step 1 Settings dates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('keeps the later minimum and the 20 years forward on every date', async () => {
    const { user, dialog } = openDialog();
    const box = await dialog();
    const limits = findPickerLimits();
    await chooseGroup(user, box, 'Operating');
    const input = (label: RegExp) => within(box).getByLabelText(label) as HTMLInputElement;
    expect([input(/Start Date/).min, input(/Start Date/).max]).toEqual(['2024-02-01', limits.max]);
    expect([input(/End Date/).min, input(/End Date/).max]).toEqual([limits.min, limits.max]);
    setDate(box, /Start Date/, '2024-02-01');
    expect(input(/End Date/).min).toBe('2026-02-01');
    await chooseGroup(user, box, 'Reserve');
    expect(input(/Start Date/).min).toBe(limits.min);
    await user.click(within(box).getByRole('button', { name: 'Add Balance Adjustment' }));
    expect([input(/Adjustment 1 Date/).min, input(/Adjustment 1 Date/).max]).toEqual([
      limits.min,
      limits.max,
    ]);
  });

  it('refuses a start or adjustment date typed 21 years back', async () => {
    const { user, api, dialog } = openDialog();
    const box = await dialog();
    const limits = findPickerLimits();
    await user.type(within(box).getByLabelText('Name'), 'Old');
    await chooseGroup(user, box, 'Reserve');
    setDate(box, /Start Date/, yearsBack(21, '01-02'));
    setDate(box, /End Date/, yearsBack(18, '12-31'));
    await user.click(within(box).getByRole('button', { name: 'Add Balance Adjustment' }));
    setDate(box, /Adjustment 1 Date/, yearsBack(21, '06-15'));
    await user.type(within(box).getByLabelText('Adjustment 1 Amount'), '100');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findAllByText(describeOutOfRange(limits))).toHaveLength(2);
    expect(
      within(box)
        .getByLabelText(/Start Date/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(box)
        .getByLabelText(/Adjustment 1 Date/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(box)
        .getByLabelText(/End Date/)
        .getAttribute('aria-invalid'),
    ).toBe('false');
    expect(api.callsTo('POST', '/api/analytics/short-term/step-1/run')).toBe(0);
  });
});
