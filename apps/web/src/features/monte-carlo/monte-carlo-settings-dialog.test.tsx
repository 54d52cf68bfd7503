import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@tideline/contracts/common/messages';
import { localIsoToday } from '@tideline/contracts/monte-carlo/monte-carlo-dates';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import {
  MONTE_CARLO_MSG,
  type MonteCarloValidation,
} from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { MonteCarloSettingsDialog } from './monte-carlo-settings-dialog';
import { CLIENT_ID, renderWithApi, runOf, type Routes } from './monte-carlo.fixtures';

// Spec 5 "Monte Carlo run": name, account group and end date 'Required!'; numberOfYears required and
// digits ('Field must be a number.'); the end date not after today; the start date the end date minus
// the years; the run button disabled by the account-validation check; on failure the form keeps what
// was typed and says the server's msg or 'Failed to Run Analysis'.

const validationOf = (over: Partial<MonteCarloValidation>): MonteCarloValidation => ({
  isValid: true,
  msg: null,
  startDate: '2023-09-30',
  endDate: '2026-09-30',
  historyStartDate: '2022-01-03',
  historyEndDate: '2026-10-31',
  startBalance: 1_000_000,
  ...over,
});
const VALIDATE = (groupId: number, endDate: string, years: number) =>
  `GET /api/analytics/monte-carlo/validate/${groupId}?endDate=${endDate}&numberOfYears=${years}`;
const RUN_PATH = '/api/analytics/monte-carlo/run';
const runBody = (api: ReturnType<typeof openDialog>['api']) =>
  api.calls.find((c) => c.path === RUN_PATH)?.body;
const STARTED = { body: { msg: MONTE_CARLO_MSG.runStarted, monteCarloId: 9, jobId: 'job-9' } };

function openDialog(routes: Routes = {}, rerun?: ReturnType<typeof runOf>) {
  const onStarted = vi.fn();
  const onClose = vi.fn();
  const opened = renderWithApi(
    <MonteCarloSettingsDialog
      clientId={CLIENT_ID}
      {...(rerun ? { rerun } : {})}
      onStarted={onStarted}
      onClose={onClose}
    />,
    undefined,
    routes,
  );
  return { ...opened, onStarted, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Settings' });
const runButton = async () =>
  within(await dialog()).getByRole('button', { name: 'Run' }) as HTMLButtonElement;

async function fill(
  user: ReturnType<typeof openDialog>['user'],
  values: { name?: string; group?: string; end?: string; years?: string },
) {
  const box = await dialog();
  if (values.name !== undefined) await user.type(within(box).getByLabelText('Name'), values.name);
  if (values.group) {
    await user.click(within(box).getByRole('combobox', { name: 'Account Group' }));
    await user.click(await screen.findByRole('option', { name: values.group }));
  }
  if (values.end) fireEvent.change(within(box).getByLabelText('End Date'), { target: { value: values.end } });
  if (values.years !== undefined)
    await user.type(within(box).getByLabelText('Number of Years'), values.years);
}

describe('the Settings (run) dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('requires the name, the account group, the end date and the number of years', async () => {
    const { user, api } = openDialog();
    await user.click(await runButton());
    const box = await dialog();
    expect(await within(box).findAllByText(MSG.required)).toHaveLength(4);
    expect(api.callsTo('POST', RUN_PATH)).toBe(0);
  });

  it('starts from the open report: its period end, three years, All Accounts and a name', async () => {
    const { user, api, onStarted } = openDialog({
      [`GET /api/clients/report-status/${CLIENT_ID}`]: {
        body: [
          {
            reportStatus: 'Reporting',
            lastReportDate: '2026-06-30',
            openBatchCount: 0,
            reportStartDate: '2026-07-01',
            reportEndDate: '2026-09-30',
            reportDueDate: null,
            ingestionStatus: 'Completed',
            analysisOpenReportId: 3,
          },
        ],
      },
      [VALIDATE(40, '2026-09-30', 3)]: { body: validationOf({}) },
      'POST /api/analytics/monte-carlo/run': STARTED,
    });
    const box = await dialog();
    await waitFor(() =>
      expect((within(box).getByLabelText('Name') as HTMLInputElement).value).toBe('Q3 2026 All Accounts'),
    );
    expect((within(box).getByLabelText('End Date') as HTMLInputElement).value).toBe('2026-09-30');
    expect((within(box).getByLabelText('Number of Years') as HTMLInputElement).value).toBe('3');
    await waitFor(async () => expect((await runButton()).disabled).toBe(false));
    await user.click(await runButton());
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(runBody(api)).toMatchObject({
      monteCarlo: {
        name: 'Q3 2026 All Accounts',
        accountGroupId: 40,
        endRange: '2026-09-30',
        numberOfYears: 3,
      },
    });
  });

  it('takes digits only for the number of years, and no end date after today', async () => {
    const { user } = openDialog();
    await fill(user, { name: 'Q3', group: 'All Accounts', end: '2099-01-01', years: 'two' });
    await user.click(await runButton());
    const box = await dialog();
    expect(await within(box).findByText(MSG.fieldMustBeNumber)).toBeTruthy();
    expect(within(box).getByText(MONTE_CARLO_MSG.endDateAfterToday)).toBeTruthy();
  });

  it('offers the end date 20 years back to today and refuses one typed 21 years back', async () => {
    const { user, api } = openDialog();
    const limits = { min: findPickerLimits().min, max: localIsoToday() };
    const end = within(await dialog()).getByLabelText('End Date') as HTMLInputElement;
    expect([end.min, end.max]).toEqual([limits.min, limits.max]);
    await fill(user, {
      name: 'Old',
      group: 'All Accounts',
      end: `${new Date().getFullYear() - 21}-09-30`,
      years: '2',
    });
    await user.click(await runButton());
    expect(await within(await dialog()).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.path.startsWith('/api/analytics/monte-carlo/'))).toEqual([]);
  });

  it('shows the start date as the end date minus the years', async () => {
    const { user } = openDialog({ [VALIDATE(40, '2024-02-29', 1)]: { body: validationOf({}) } });
    await fill(user, { end: '2024-02-29', years: '1' });
    expect((within(await dialog()).getByLabelText('Start Date') as HTMLInputElement).value).toBe(
      '02/28/2023',
    );
  });

  it('keeps Run disabled while the account-validation check fails, and runs once it passes', async () => {
    const { user, api, onStarted } = openDialog({
      [VALIDATE(41, '2026-09-30', 3)]: {
        body: validationOf({
          isValid: false,
          msg: "The group's history starts 2025-01-02; at least 1 year before the end date is needed.",
        }),
      },
      [VALIDATE(41, '2026-09-30', 1)]: { body: validationOf({ startDate: '2025-09-30' }) },
      'POST /api/analytics/monte-carlo/run': STARTED,
    });
    await fill(user, { name: 'Operating Q3', group: 'Operating', end: '2026-09-30', years: '3' });
    const box = await dialog();
    expect(await within(box).findByText(/^The group's history starts 2025-01-02/)).toBeTruthy();
    expect((await runButton()).disabled).toBe(true);
    const years = within(box).getByLabelText('Number of Years');
    await user.clear(years);
    await user.type(years, '1');
    await waitFor(async () => expect((await runButton()).disabled).toBe(false));
    await user.click(await runButton());
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(runBody(api)).toEqual({
      monteCarlo: {
        name: 'Operating Q3',
        accountGroupId: 41,
        clientId: CLIENT_ID,
        startRange: '2025-09-30',
        endRange: '2026-09-30',
        numberOfYears: 1,
      },
    });
    expect(await screen.findByText(MONTE_CARLO_MSG.runStarted)).toBeTruthy();
  });

  it('keeps what was typed when the run fails, with the server’s msg or the default', async () => {
    let answer = { status: 400, body: { msg: 'The account group has no accounts.' } as object };
    const { user, onClose } = openDialog({
      [VALIDATE(40, '2026-09-30', 2)]: { body: validationOf({}) },
      'POST /api/analytics/monte-carlo/run': () => answer,
    });
    await fill(user, { name: 'Kept', group: 'All Accounts', end: '2026-09-30', years: '2' });
    await waitFor(async () => expect((await runButton()).disabled).toBe(false));
    await user.click(await runButton());
    expect(await screen.findByText('The account group has no accounts.')).toBeTruthy();
    answer = { status: 500, body: {} };
    await user.click(await runButton());
    expect(await screen.findByText(MONTE_CARLO_MSG.runFailed)).toBeTruthy();
    const box = await dialog();
    expect((within(box).getByLabelText('Name') as HTMLInputElement).value).toBe('Kept');
    expect((within(box).getByLabelText('Number of Years') as HTMLInputElement).value).toBe('2');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Edit and Rerun starts from the row’s values and names the run', async () => {
    const row = runOf({
      monteCarloId: 5,
      monteCarloName: 'Failed one',
      groupId: 41,
      numberOfYears: 2,
      state: 'failed',
    });
    const { user, api } = openDialog(
      {
        [VALIDATE(41, '2026-09-30', 2)]: { body: validationOf({}) },
        'POST /api/analytics/monte-carlo/run': STARTED,
      },
      row,
    );
    const box = await dialog();
    expect((within(box).getByLabelText('Name') as HTMLInputElement).value).toBe('Failed one');
    await waitFor(async () => expect((await runButton()).disabled).toBe(false));
    await user.click(await runButton());
    await waitFor(() => expect(runBody(api)).toBeTruthy());
    expect(runBody(api)).toMatchObject({
      monteCarlo: { monteCarloId: 5, accountGroupId: 41, startRange: '2024-09-30', numberOfYears: 2 },
    });
  });
});
