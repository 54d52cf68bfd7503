import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
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

async function renderCard(status: ClientReportStatus) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList: ['VIEW_CLIENTS'] });
  fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/clients/report-status/1': { body: [status] },
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ReportStatusCard clientId={1} />
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
