import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import { REPORT_MSG } from '@tideline/contracts/reports/reports.schemas';
import {
  bodyRows,
  EVERY_REPORT_PERMISSION,
  findReportsTable,
  LONG_COMMENT,
  openRowMenu,
  REPORT_ROUTES,
  REPORTS,
  renderReportsTab,
  statusOf,
  UI_TEST_TIMEOUT,
} from './reports.fixtures';
import { describeMissingPermission } from './missing-permission-note';
import { GENERATE_GATE_TEXT } from './reports-tab';
import { clientOf } from '../../test/fixture-records';
import { openAppAs } from '../../test/open-app';

// The 'Reports List' of the client profile's Reports tab (spec 2, 3, 4, 5, 6, 8).

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('Reports List', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the reports newest generation first, the comment cut at 100 characters', async () => {
    renderReportsTab(EVERY_REPORT_PERMISSION);
    const table = await findReportsTable();
    expect(headers(table)).toEqual([
      'Generation Date, sorted descending',
      'Report Period',
      'System Report',
      'User Report',
      'Presentation Date',
      'Finalized',
      'Published',
      'Comment',
      'Uploaded By',
      'Actions',
    ]);
    const rows = bodyRows(table);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '03/05/2026',
      '02/01/2026',
      '01/10/2026',
    ]);
    const [published] = rows;
    const cells = within(published!).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('10/01/2025 - 12/31/2025');
    expect(cells[7]!.textContent).toBe(`${LONG_COMMENT.slice(0, 100)}...`);
    expect(LONG_COMMENT.length).toBeGreaterThan(100);
    expect(cells[8]!.textContent).toBe('Priya Raman');
    // Both PDFs of the completed report can be downloaded; the others have no user report yet.
    expect(within(published!).getAllByRole('button', { name: 'Download' })).toHaveLength(2);
    expect(within(rows[1]!).getAllByRole('button', { name: 'Download' })).toHaveLength(1);
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('---');
  });

  it('shows a Client Viewer the list and the downloads only: no actions, no Generate Report', async () => {
    const { api } = renderReportsTab(['VIEW_REPORTS', 'DOWNLOAD_REPORTS'], {
      'GET /api/reports/all/1': { body: [REPORTS[1]] },
      'GET /api/reports/download/5/user': {
        body: { url: '/signed/5-user', fileName: 'Liquidity Analysis edited.pdf' },
      },
      'GET /signed/5-user': { body: {} },
    });
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const table = await findReportsTable();
      expect(headers(table)).not.toContain('Actions');
      expect(screen.queryByRole('button', { name: 'Generate Report' })).toBeNull();
      const row = bodyRows(table)[0]!;
      const [, userPdf] = within(row).getAllByRole('button', { name: 'Download' });
      userPdf!.click();
      await waitFor(() => expect(saved).toEqual(['Liquidity Analysis edited.pdf']));
      expect(api.callsTo('GET', '/api/reports/download/5/user')).toBe(1);
      // The signed link is fetched without the session's authorization header.
      const signed = api.calls.find((c) => c.path === '/signed/5-user');
      expect(signed?.headers.Authorization).toBeUndefined();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('hides the PDF columns without DOWNLOAD_REPORTS and the actions column to a reader', async () => {
    renderReportsTab(['VIEW_REPORTS']);
    const table = await findReportsTable();
    expect(headers(table)).toEqual([
      'Generation Date, sorted descending',
      'Report Period',
      'Presentation Date',
      'Finalized',
      'Published',
      'Comment',
      'Uploaded By',
    ]);
    expect(within(table).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('offers in the menu only what the user may do', async () => {
    const { user } = renderReportsTab(['VIEW_REPORTS', 'EDIT_REPORT', 'FINALIZE_REPORTS']);
    await findReportsTable();
    const menu = await openRowMenu(user, 3);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['View Comment', 'View Parameters', 'Finalize']);
  });

  it('a finalized report offers Unfinalize, which sends 0; Finalize sends 1', async () => {
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'PUT /api/reports/finalize-status/5': { body: { msg: REPORT_MSG.unfinalized, report: REPORTS[1] } },
      'PUT /api/reports/finalize-status/3': { body: { msg: REPORT_MSG.finalized, report: REPORTS[0] } },
    });
    await findReportsTable();
    let menu = await openRowMenu(user, 5);
    expect(within(menu).queryByRole('menuitem', { name: 'Finalize' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Unfinalize' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unfinalize Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Unfinalize' }));
    expect(await screen.findByText(REPORT_MSG.unfinalized)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/reports/finalize-status/5')?.body).toEqual({
      report: { finalizeStatus: 0 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    menu = await openRowMenu(user, 3);
    await user.click(within(menu).getByRole('menuitem', { name: 'Finalize' }));
    dialog = await screen.findByRole('dialog', { name: 'Finalize Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Finalize' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/reports/finalize-status/3')?.body).toEqual({
        report: { finalizeStatus: 1 },
      }),
    );
  });

  it("says 'Failed to finalize/unfinalize report.' when the server gives no reason", async () => {
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'PUT /api/reports/finalize-status/3': { status: 500, body: 'oops' },
    });
    await findReportsTable();
    const menu = await openRowMenu(user, 3);
    await user.click(within(menu).getByRole('menuitem', { name: 'Finalize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Finalize' }));
    expect(await screen.findByText(REPORT_MSG.finalizeFailed)).toBeTruthy();
  });

  it('refuses to delete a published report, with the reason; deletes an open one', async () => {
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'DELETE /api/reports/3': { body: { msg: REPORT_MSG.deleted } },
    });
    await findReportsTable();
    let menu = await openRowMenu(user, 5);
    const refused = within(menu).getByRole('menuitem', { name: /^Delete/ });
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect(refused.textContent).toBe(`Delete${REPORT_MSG.publishedNoDelete}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    menu = await openRowMenu(user, 3);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(REPORT_MSG.deleted)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/reports/3')).toBe(1);
    expect(api.callsTo('DELETE', '/api/reports/5')).toBe(0);
  });

  it('edits the comment within 200 characters, counting the characters left', async () => {
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'PUT /api/reports/comments/3': { body: { msg: REPORT_MSG.commentSaved, report: REPORTS[0] } },
    });
    await findReportsTable();
    const menu = await openRowMenu(user, 3);
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Comment' });
    const field = within(dialog).getByRole('textbox', { name: 'Comment' });
    expect(within(dialog).getByText('Characters Left: 184')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Sent to the board');
    expect(within(dialog).getByText('Characters Left: 183')).toBeTruthy();
    expect(field.getAttribute('maxlength')).toBe('200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REPORT_MSG.commentSaved)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/reports/comments/3')?.body).toEqual({
      report: { comment: 'Sent to the board' },
    });
  });

  it('shows the parameters the report was generated with', async () => {
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'GET /api/reports/3': {
        body: {
          reportId: 3,
          reportStartDate: '2025-10-01',
          reportEndDate: '2025-12-31',
          clientName: 'Acme',
          stackedAreaAndStats: ['Sweep'],
          includeAllGraphs: [],
          minTransacForClosureGroupName: null,
          allAccountsGraph: ['All Accounts', 'Sweep'],
          zbaAccountStructure: 1,
          liquidityLevelAmounts: 1,
          liquidTargetAccount: 1,
          stressTestResult: [],
          highYieldTargetAccountName: 'Money Market',
          stmNetGraph: 0,
          electronicTransacTemplate: 0,
          stmPrevQuarterResults: 0,
          highYieldLiquidBenchmarkOverride: 4.25,
          stmMinTable: 1,
          shortTermLiquidity: [],
        },
      },
    });
    await findReportsTable();
    const menu = await openRowMenu(user, 3);
    await user.click(within(menu).getByRole('menuitem', { name: 'View Parameters' }));
    const dialog = await screen.findByRole('dialog', { name: 'View Parameters' });
    const list = await within(dialog).findByLabelText('Report parameters');
    const text = list.textContent ?? '';
    expect(text).toContain('All Accounts GraphAll Accounts, Sweep');
    expect(text).toContain('High Yield Target AccountMoney Market');
    expect(text).toContain('High Yield Liquid Benchmark Override (%)4.25%');
    expect(text).toContain('ZBA Account StructureYes');
    expect(text).toContain('Report Start Date10/01/2025');
  });

  it('enables Generate Report only while the report status is Reporting', async () => {
    renderReportsTab(EVERY_REPORT_PERMISSION, {
      'GET /api/clients/report-status/1': { body: [statusOf('Reported')] },
    });
    await findReportsTable();
    const button = screen.getByRole('button', { name: 'Generate Report' });
    expect(await screen.findByText(GENERATE_GATE_TEXT)).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it("says which PDFs are still being written and which failed, with the job's reason", async () => {
    const reason = REPORT_MSG.jobFailed('The analysis tables are missing.');
    renderReportsTab(EVERY_REPORT_PERMISSION, {
      'GET /api/reports/all/1': {
        body: [
          REPORTS[1],
          { ...REPORTS[0]!, systemReport: null, generationStatus: 'running', jobId: 'a-job' },
          { ...REPORTS[2]!, systemReport: null, generationStatus: 'failed', generationError: reason },
        ],
      },
    });
    const table = await findReportsTable();
    const [, running, failed] = bodyRows(table);
    expect(within(running!).getAllByRole('cell')[2]!.textContent).toBe('Generating...');
    const failure = within(failed!).getByText(REPORT_MSG.generateFailed);
    expect(failure.getAttribute('title')).toBe(reason);
  });

  it('is tab 4 of the client profile, shown with VIEW_REPORTS', async () => {
    openAppAs('/client-management/1?tab=4', ['VIEW_CLIENTS', 'VIEW_REPORTS'], {
      ...REPORT_ROUTES,
      'GET /api/clients/1': { body: clientOf({ clientId: 1, clientName: 'Acme' }) },
    });
    const tab = await screen.findByRole('tab', { name: 'Reports' }, { timeout: 20_000 });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Reports List' }, { timeout: 20_000 });
    expect(await within(table).findByText('03/05/2026')).toBeTruthy();
  });
});

// Issue 42 point 4: the default Analyst's permissions (permissions.md), and what the tab says of the rest.
const ANALYST_REPORTS: Permission[] = [
  'VIEW_REPORTS',
  'GENERATE_REPORTS',
  'DOWNLOAD_REPORTS',
  'UPLOAD_REPORTS',
  'EDIT_REPORT_COMMENTS',
];

describe('Reports List and missing permissions', { timeout: UI_TEST_TIMEOUT }, () => {
  it('gives the Analyst Generate Report and Upload and Complete, and says who may finalize', async () => {
    const { user } = renderReportsTab(ANALYST_REPORTS);
    const table = await findReportsTable();
    expect(headers(table)).toContain('Actions');
    expect(screen.getByRole('button', { name: 'Generate Report' }).hasAttribute('disabled')).toBe(false);
    expect(
      await screen.findByText(
        'Finalizing reports needs the FINALIZE_REPORTS permission, held by: Admin, Advisor.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/GENERATE_REPORTS permission/)).toBeNull();
    expect(screen.queryByText(/UPLOAD_REPORTS permission/)).toBeNull();
    const menu = await openRowMenu(user, 3);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Edit Comment', 'Upload and Complete', 'View Parameters']);
  });

  it('says, instead of nothing, which permission generating and uploading need and who holds it', async () => {
    const { api } = renderReportsTab(['VIEW_REPORTS', 'DOWNLOAD_REPORTS']);
    await findReportsTable();
    expect(
      await screen.findByText(
        'Generating reports needs the GENERATE_REPORTS permission, held by: Admin, Advisor, Analyst.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Uploading and completing reports needs the UPLOAD_REPORTS permission, held by: Admin, Advisor, Analyst.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Report' })).toBeNull();
    expect(api.callsTo('GET', '/api/roles/holding/FINALIZE_REPORTS')).toBe(1);
  });

  it('names no role when none holds the permission', () => {
    expect(describeMissingPermission('Finalizing reports', 'FINALIZE_REPORTS', [])).toBe(
      'Finalizing reports needs the FINALIZE_REPORTS permission, held by: no role.',
    );
    expect(describeMissingPermission('Finalizing reports', 'FINALIZE_REPORTS', undefined)).toBe(
      'Finalizing reports needs the FINALIZE_REPORTS permission.',
    );
  });
});
