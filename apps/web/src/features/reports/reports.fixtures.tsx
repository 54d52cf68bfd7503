import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import type { JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import type { Report } from '@tideline/contracts/reports/reports.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';
import { ReportsTab } from './reports-tab';

export { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

// Test data and steps of the reports tests: client 1 with three reports, its open cycle reporting, two
// account groups and two accounts.

export const JOB_ID = '9d1c0c57-8e8f-4c39-9d55-0b6f7c7a2b22';
export const LONG_COMMENT = `${'Treasurer asked for the sweep section again. '.repeat(4)}Done.`;

export const reportOf = (over: Partial<Report> & Pick<Report, 'reportId'>): Report => ({
  clientId: 1,
  systemReportGeneratedAt: '2026-01-10T15:00:00.000Z',
  reportStartDate: '2025-10-01',
  reportEndDate: '2025-12-31',
  systemReport: `Liquidity Analysis (report ${over.reportId}).pdf`,
  userReport: null,
  presentationDate: null,
  finalized: false,
  published: false,
  comment: null,
  uploadedBy: null,
  createdBy: 'Grace Hopper',
  generationStatus: 'done',
  jobId: null,
  generationError: null,
  ...over,
});

/** In the server's order on purpose: the table sorts them newest first itself. */
export const REPORTS: Report[] = [
  reportOf({ reportId: 3, systemReportGeneratedAt: '2026-02-01T15:00:00.000Z', comment: 'Draft for review' }),
  reportOf({
    reportId: 5,
    systemReportGeneratedAt: '2026-03-05T15:00:00.000Z',
    userReport: 'Liquidity Analysis edited.pdf',
    presentationDate: '2026-03-20',
    finalized: true,
    published: true,
    comment: LONG_COMMENT,
    uploadedBy: 'Priya Raman',
  }),
  reportOf({ reportId: 2, systemReportGeneratedAt: '2026-01-10T15:00:00.000Z' }),
];

export const statusOf = (reportStatus: string | null): ClientReportStatus => ({
  reportStatus,
  lastReportDate: '2025-12-31',
  openBatchCount: 0,
  reportStartDate: '2026-01-01',
  reportEndDate: '2026-03-31',
  reportDueDate: null,
  ingestionStatus: 'Not Started',
  analysisOpenReportId: 4,
});

export const jobOf = (over: Partial<JobStatus>): JobStatus => ({
  jobId: JOB_ID,
  queue: 'reports.generate-pdf',
  state: 'active',
  progress: 40,
  attempts: 1,
  message: 'Reading the analysis results',
  result: null,
  createdAt: '2026-03-31T00:00:00.000Z',
  updatedAt: '2026-03-31T00:00:00.000Z',
  ...over,
});

export const EVERY_REPORT_PERMISSION: Permission[] = [
  'VIEW_REPORTS',
  'GENERATE_REPORTS',
  'DOWNLOAD_REPORTS',
  'UPLOAD_REPORTS',
  'FINALIZE_REPORTS',
  'EDIT_REPORT',
  'EDIT_REPORT_COMMENTS',
  'DELETE_OPEN_REPORTS',
];

const holders = (permission: Permission, roleNames: string[]) => ({ body: { permission, roleNames } });

export const REPORT_ROUTES: Record<string, FakeHandler | FakeResponse> = {
  'GET /api/reports/all/1': { body: REPORTS },
  'GET /api/roles/holding/GENERATE_REPORTS': holders('GENERATE_REPORTS', ['Admin', 'Advisor', 'Analyst']),
  'GET /api/roles/holding/UPLOAD_REPORTS': holders('UPLOAD_REPORTS', ['Admin', 'Advisor', 'Analyst']),
  'GET /api/roles/holding/FINALIZE_REPORTS': holders('FINALIZE_REPORTS', ['Admin', 'Advisor']),
  'GET /api/clients/report-status/1': { body: [statusOf('Reporting')] },
  'GET /api/accounts/groups/list/1': {
    body: [
      { label: 'All Accounts', value: 1, isAllAccounts: true },
      { label: 'Sweep', value: 2, isAllAccounts: false },
    ],
  },
  'GET /api/accounts/list/1': {
    body: [
      { accountId: 10, accountName: 'Operating', accountNumber: '0010' },
      { accountId: 11, accountName: 'Money Market', accountNumber: '0011' },
    ],
  },
};

/** Renders the Reports tab of client 1 alone, signed in as TEST_USER with `permList`. */
export function renderReportsTab(
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList: [...permList] });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    ...REPORT_ROUTES,
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ReportsTab clientId={1} />
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

export type User = ReturnType<typeof userEvent.setup>;

/** The table once its rows are there. */
export async function findReportsTable() {
  const table = await screen.findByRole('table', { name: 'Reports List' });
  await within(table).findByText('03/05/2026');
  return table;
}

/** The body rows of the table, header left out. */
export const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** Opens a report's row menu. */
export async function openRowMenu(user: User, reportId: number) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^Actions for report ${reportId} `) }));
  return screen.findByRole('menu');
}
