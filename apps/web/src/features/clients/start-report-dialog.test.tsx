import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import { MSG } from '@tideline/contracts/common/messages';
import { START_REPORT_MSG } from '@tideline/contracts/data-ingestion/start-report.schemas';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { clientOf } from '../../test/fixture-records';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { RELATIONSHIP } from './clients.fixtures';

// Start Report on the client's Banks tab: the enable rule (spec 4), the form (spec 5) and the report
// result dialog that names the client (spec 8).

const PERMISSIONS: Permission[] = ['VIEW_CLIENTS', 'VIEW_BANK_CLIENT_RELATIONSHIPS', 'START_REPORT'];
const statusOf = (reportStatus: string | null): ClientReportStatus => ({
  reportStatus,
  lastReportDate: null,
  openBatchCount: 0,
  reportStartDate: reportStatus ? '2026-07-01' : null,
  reportEndDate: reportStatus ? '2026-09-30' : null,
  reportDueDate: null,
  ingestionStatus: 'Not Started',
  analysisOpenReportId: reportStatus ? 4 : null,
});

async function openBanksTab(
  rows: ClientReportStatus[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  permList = PERMISSIONS,
  reportFrequency: number | null = 3,
) {
  const opened = openAppAs('/client-management/1', permList, {
    'GET /api/clients/1': { body: clientOf({ clientId: 1, clientName: 'Acme', reportFrequency }) },
    'GET /api/clients/report-status/1': { body: rows },
    'GET /api/clients/banks/all/1': { body: [RELATIONSHIP] },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: 'Banks' }, { timeout: 10_000 }));
  await screen.findByRole('cell', { name: 'First National' });
  return { ...opened, user };
}

const startButton = () => screen.findByRole('button', { name: 'Start Report' });

async function fillDates(dialog: HTMLElement, startDate: string, endDate: string) {
  fireEvent.change(within(dialog).getByLabelText(/Start Date/), { target: { value: startDate } });
  fireEvent.change(within(dialog).getByLabelText(/End Date/), { target: { value: endDate } });
}

describe('Start Report', { timeout: UI_TEST_TIMEOUT }, () => {
  it('is enabled only when a report row exists and its status is not Reported', async () => {
    await openBanksTab([statusOf('Reported')]);
    await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(true));
  });

  it('is disabled while there is no report row', async () => {
    await openBanksTab([]);
    await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(true));
  });

  it('is hidden without START_REPORT', async () => {
    await openBanksTab([statusOf(null)], {}, ['VIEW_CLIENTS', 'VIEW_BANK_CLIENT_RELATIONSHIPS']);
    expect(screen.queryByRole('button', { name: 'Start Report' })).toBeNull();
  });

  it('requires both dates and an end not before the start, sending nothing until then', async () => {
    const { api, user } = await openBanksTab([statusOf(null)]);
    await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(false));
    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Start Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Report' }));
    expect(await within(dialog).findAllByText(MSG.required)).toHaveLength(2);
    await fillDates(dialog, '2026-09-30', '2026-07-01');
    await user.click(within(dialog).getByRole('button', { name: 'Start Report' }));
    expect(await within(dialog).findByText('End date cannot be before start date.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/clients/start-report/1')).toBe(0);
  });

  it('offers 20 years back and forward and refuses a date typed 21 years back', async () => {
    const { api, user } = await openBanksTab([statusOf(null)]);
    await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(false));
    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Start Report' });
    const limits = findPickerLimits();
    for (const label of [/Start Date/, /End Date/, /Due Date/]) {
      const input = within(dialog).getByLabelText(label) as HTMLInputElement;
      expect([input.min, input.max]).toEqual([limits.min, limits.max]);
    }
    await fillDates(dialog, `${new Date().getFullYear() - 21}-07-01`, '2026-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Start Report' }));
    expect(await within(dialog).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Start Date/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.callsTo('POST', '/api/clients/start-report/1')).toBe(0);
  });

  it('starts the report and shows the result with the client name', async () => {
    const started = statusOf('Reporting');
    const { api, user } = await openBanksTab([statusOf(null)], {
      'POST /api/clients/start-report/1': {
        status: 201,
        body: { msg: START_REPORT_MSG.started, openReportId: 4, reportStatus: started },
      },
    });
    await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(false));
    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Start Report' });
    await fillDates(dialog, '2026-07-01', '2026-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Start Report' }));
    const result = await screen.findByRole('dialog', { name: START_REPORT_MSG.resultTitle });
    expect(within(result).getByRole('list', { name: START_REPORT_MSG.startedHeading }).textContent).toContain(
      'Acme',
    );
    expect(api.calls.find((c) => c.path === '/api/clients/start-report/1')?.body).toEqual({
      client: { startDate: '2026-07-01', endDate: '2026-09-30', dueDate: null },
    });
  });

  it("lists a failure with the client name and the server's reason", async () => {
    // Another user opened a cycle since this profile read the status: the server refuses.
    const { user } = await openBanksTab([statusOf(null)], {
      'POST /api/clients/start-report/1': { status: 409, body: { msg: START_REPORT_MSG.alreadyOpen } },
    });
    await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(false));
    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Start Report' });
    await fillDates(dialog, '2026-07-01', '2026-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Start Report' }));
    const result = await screen.findByRole('dialog', { name: START_REPORT_MSG.resultTitle });
    const failures = within(result).getByRole('list', { name: START_REPORT_MSG.failuresHeading });
    expect(failures.textContent).toBe(`Acme${START_REPORT_MSG.alreadyOpen}`);
    await user.click(within(result).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is disabled while a report is open, saying so, instead of refusing once the dates are typed', async () => {
    await openBanksTab([statusOf('Reporting')]);
    const button = await startButton();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('A report is already open for this client (07/01/2026 to 09/30/2026).');
  });

  it('says when the next cycle can start while the last report is Reported', async () => {
    await openBanksTab([{ ...statusOf(null), reportStatus: 'Reported', lastReportDate: '2026-09-30' }]);
    const button = await startButton();
    await waitFor(() => expect(button.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The report through 09/30/2026 is complete; the next one can start after its period ends on 12/31/2026.',
    );
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it.each([
    [3, '2026-07-01', '2026-09-30'],
    [null, '2026-07-01', '2026-09-30'],
    [1, '2026-07-01', '2026-07-31'],
  ])(
    'opens on the period after the last report (report frequency %s)',
    async (reportFrequency, startDate, endDate) => {
      const due = { ...statusOf(null), reportStatus: 'Report Due', lastReportDate: '2026-06-30' };
      const { user } = await openBanksTab([due], {}, PERMISSIONS, reportFrequency);
      await waitFor(async () => expect((await startButton()).hasAttribute('disabled')).toBe(false));
      await user.click(await startButton());
      const dialog = await screen.findByRole('dialog', { name: 'Start Report' });
      expect((within(dialog).getByLabelText(/Start Date/) as HTMLInputElement).value).toBe(startDate);
      expect((within(dialog).getByLabelText(/End Date/) as HTMLInputElement).value).toBe(endDate);
      expect((within(dialog).getByLabelText(/Due Date/) as HTMLInputElement).value).toBe('');
    },
  );
});
