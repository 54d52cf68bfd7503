import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { AnalysisOpenReportRow } from '@tideline/contracts/analysis/analysis.schemas';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import { openAppAs } from '../../test/open-app';
import { clientOf } from '../../test/fixture-records';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

// Spec 2 "Analysis": 'Analysis: Open Reports', Go to Analysis, 'Analysis: {client name}' with its gated
// tabs, and Complete Analysis offered only with COMPLETE_ANALYSIS while the client status is 'Analysis'.

const reportOf = (
  o: Partial<AnalysisOpenReportRow> & Pick<AnalysisOpenReportRow, 'clientId' | 'clientName'>,
) => ({
  openReportId: o.clientId * 10,
  createdAt: '2026-10-01T12:00:00.000Z',
  reportStartDate: '2026-07-01',
  reportEndDate: '2026-09-30',
  dueDate: null,
  status: 'Ready For Analysis',
  lastAnalysisDate: null,
  ...o,
});

const statusOf = (reportStatus: string | null): ClientReportStatus[] => [
  {
    reportStatus,
    lastReportDate: null,
    openBatchCount: 0,
    reportStartDate: '2026-07-01',
    reportEndDate: '2026-09-30',
    reportDueDate: null,
    ingestionStatus: 'In Progress',
    analysisOpenReportId: 70,
  },
];

const ANALYST: Permission[] = [
  'VIEW_ANALYSIS',
  'VIEW_ANALYSIS_OPEN_REPORTS',
  'VIEW_MONTE_CARLO_ANALYSIS',
  'VIEW_SHORT_TERM_MODEL',
  'VIEW_CASH_VEST_SCORES',
];

function open(path: InitialEntry, permList: Permission[], reportStatus: string | null = 'Analysis') {
  const opened = openAppAs(path, permList, {
    'GET /api/analytics/open-reports': {
      body: [
        reportOf({
          clientId: 7,
          clientName: 'Cedar Valley County',
          createdAt: '2026-10-02T12:00:00.000Z',
          status: 'In Progress',
          lastAnalysisDate: '2026-10-05T09:00:00.000Z',
        }),
        reportOf({ clientId: 8, clientName: 'Millbrook', dueDate: '2026-10-31' }),
      ],
    },
    'GET /api/clients/7': { body: clientOf({ clientId: 7, clientName: 'Cedar Valley County' }) },
    'GET /api/clients/report-status/7': { body: statusOf(reportStatus) },
    'PUT /api/analytics/complete-analysis/7': { body: { msg: 'Analysis completed.', openReportId: 70 } },
    'GET /api/clients/all': { body: [clientOf({ clientId: 7, clientName: 'Cedar Valley County' })] },
  });
  return { ...opened, user: userEvent.setup({ delay: null }) };
}

describe('the analysis page', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the clients with open reports newest first, and Go to Analysis opens the client', async () => {
    const { user } = open('/analysis', ANALYST);
    expect(
      await screen.findByRole('heading', { name: 'Analysis: Open Reports' }, { timeout: 20_000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Clients with Open Reports' });
    // The rows are drawn in a background render after the answer (use-table-data.ts): wait for them.
    const rowsOf = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() =>
      expect(rowsOf().map((r) => r.querySelector('td')?.textContent)).toEqual([
        'Cedar Valley County',
        'Millbrook',
      ]),
    );
    const rows = rowsOf();
    expect(within(rows[0]!).getByText('In Progress')).toBeTruthy();
    expect(within(rows[0]!).getByText('10/05/2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('10/31/2026')).toBeTruthy();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Actions for Cedar Valley County' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Go to Analysis' }));
    expect(await screen.findByRole('heading', { name: 'Analysis: Cedar Valley County' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Monté Carlo' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Short Term Model' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'cashVest' })).toBeTruthy();
  });

  it('shows only the tabs the user may view, and opens on the tab of the navigation state', async () => {
    open({ pathname: '/analysis', search: '?clientId=7', state: { tab: 2 } }, [
      'VIEW_ANALYSIS',
      'VIEW_SHORT_TERM_MODEL',
      'VIEW_CASH_VEST_SCORES',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Analysis: Cedar Valley County' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Monté Carlo' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'cashVest' }).getAttribute('aria-selected')).toBe('true');
    // Without VIEW_ANALYSIS_OPEN_REPORTS there is no Open Reports sub-view.
    expect(screen.queryByRole('tab', { name: 'Open Reports' })).toBeNull();
  });

  it("offers Complete Analysis only with COMPLETE_ANALYSIS and status 'Analysis'; success returns to the client", async () => {
    const { user, api, currentPath } = open('/analysis?clientId=7', [
      ...ANALYST,
      'COMPLETE_ANALYSIS',
      'VIEW_CLIENTS',
    ]);
    const button = await screen.findByRole('button', { name: 'Complete Analysis' }, { timeout: 20_000 });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Analysis' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete Analysis' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/analytics/complete-analysis/7')).toBe(1));
    expect(await screen.findByText('Analysis completed.')).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/client-management/7'));
  });

  it('hides Complete Analysis without the permission or outside the Analysis status', async () => {
    open('/analysis?clientId=7', ANALYST);
    await screen.findByRole('heading', { name: 'Analysis: Cedar Valley County' }, { timeout: 20_000 });
    await screen.findByRole('tab', { name: 'Monté Carlo' });
    expect(screen.queryByRole('button', { name: 'Complete Analysis' })).toBeNull();
  });

  it("hides Complete Analysis while the client's status is still 'Reporting'", async () => {
    const { api } = open('/analysis?clientId=7', [...ANALYST, 'COMPLETE_ANALYSIS'], 'Reporting');
    await screen.findByRole('heading', { name: 'Analysis: Cedar Valley County' }, { timeout: 20_000 });
    await waitFor(() => expect(api.callsTo('GET', '/api/clients/report-status/7')).toBe(1));
    expect(screen.queryByRole('button', { name: 'Complete Analysis' })).toBeNull();
  });
});
