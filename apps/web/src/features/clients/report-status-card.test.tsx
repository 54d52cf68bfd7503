import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { clientOf } from '../../test/fixture-records';
import { TEST_USER } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ReportStatusCard } from './report-status-card';

const statusOf = (reportStatus: string, reportDueDate: string | null): ClientReportStatus => ({
  reportStatus,
  lastReportDate: null,
  openBatchCount: 2,
  reportStartDate: '2026-01-01',
  reportEndDate: '2026-03-31',
  reportDueDate,
  ingestionStatus: 'In Progress',
  analysisOpenReportId: 4,
});

async function renderCard(status: ClientReportStatus, permList: Permission[] = ['VIEW_CLIENTS']) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/clients/report-status/1': { body: [status] },
    'GET /api/clients/1': { body: clientOf({ clientId: 1, clientName: 'Acme', reportFrequency: 3 }) },
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ReportStatusCard client={{ clientId: 1, clientName: 'Acme' }} />
    </AppProviders>,
  );
  const card = await screen.findByRole('region', { name: 'Report Status' });
  await within(card).findByText('Report Due Date');
  return card;
}

describe('Report Status card (issue 20 point 10)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('marks a report past its due date Overdue', async () => {
    const card = await renderCard(statusOf('Reporting', '2020-04-30'));
    expect(within(card).getByText('04/30/2020')).toBeTruthy();
    expect(within(card).getByText('Overdue')).toBeTruthy();
  });

  it('does not mark a report due later', async () => {
    const later = await renderCard(statusOf('Reporting', '2999-04-30'));
    expect(within(later).queryByText('Overdue')).toBeNull();
  });

  it('does not mark a report already reported', async () => {
    const reported = await renderCard(statusOf('Reported', '2020-04-30'));
    expect(within(reported).queryByText('Overdue')).toBeNull();
  });
});

describe('Start Report on the Report Status card (issue 42 point 2)', { timeout: UI_TEST_TIMEOUT }, () => {
  const completed: ClientReportStatus = {
    ...statusOf('Report Due', null),
    lastReportDate: '2026-06-30',
    openBatchCount: 0,
    reportStartDate: null,
    reportEndDate: null,
    ingestionStatus: 'Not Started',
    analysisOpenReportId: null,
  };

  it('starts the next cycle from the profile, on the period after the last report', async () => {
    const card = await renderCard(completed, ['VIEW_CLIENTS', 'START_REPORT']);
    const button = await within(card).findByRole('button', { name: 'Start Report' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.setup({ delay: null }).click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Start Report' });
    expect((within(dialog).getByLabelText(/Start Date/) as HTMLInputElement).value).toBe('2026-07-01');
    expect((within(dialog).getByLabelText(/End Date/) as HTMLInputElement).value).toBe('2026-09-30');
  });

  it('is disabled with its reason while the report is open, and absent without START_REPORT', async () => {
    const open = await renderCard(statusOf('Reporting', null), ['VIEW_CLIENTS', 'START_REPORT']);
    const button = await within(open).findByRole('button', { name: 'Start Report' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(
      within(open).getByText(/A report is already open for this client \(01\/01\/2026 to 03\/31\/2026\)\./),
    ).toBeTruthy();
    cleanup();
    const viewer = await renderCard(completed);
    expect(within(viewer).queryByRole('button', { name: 'Start Report' })).toBeNull();
  });
});
