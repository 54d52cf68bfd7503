import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@tideline/contracts/common/messages';
import { REPORT_MSG } from '@tideline/contracts/reports/reports.schemas';
import {
  EVERY_REPORT_PERMISSION,
  findReportsTable,
  JOB_ID,
  jobOf,
  reportOf,
  REPORTS,
  renderReportsTab,
  UI_TEST_TIMEOUT,
  type User,
} from './reports.fixtures';

// Generate Report (spec 3 "Generate-report payload", 4, 5, 8): the parameter form's rules, the payload,
// the job's progress and its failure.

async function openForm(user: User) {
  await findReportsTable();
  const button = screen.getByRole('button', { name: 'Generate Report' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Generate Report' });
}

const submit = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Generate Report' }));

const NEW_REPORT = reportOf({
  reportId: 9,
  systemReportGeneratedAt: '2026-03-31T15:00:00.000Z',
  reportStartDate: '2026-01-01',
  reportEndDate: '2026-03-31',
  systemReport: null,
  generationStatus: 'queued',
  jobId: JOB_ID,
});

describe('Generate Report', { timeout: UI_TEST_TIMEOUT }, () => {
  it("shows the open cycle's period read-only", async () => {
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION);
    const dialog = await openForm(user);
    const start = within(dialog).getByRole('textbox', { name: 'Report Start Date' });
    const end = within(dialog).getByRole('textbox', { name: 'Report End Date' });
    expect((start as HTMLInputElement).value).toBe('01/01/2026');
    expect((end as HTMLInputElement).value).toBe('03/31/2026');
    expect(start.hasAttribute('readonly')).toBe(true);
    expect(end.hasAttribute('readonly')).toBe(true);
  });

  it("requires the high-yield target while Liquid Target Account is on ('Required!'), and clears it when off", async () => {
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'POST /api/reports/generate': {
        status: 201,
        body: { msg: REPORT_MSG.generating, report: NEW_REPORT, jobId: JOB_ID },
      },
      [`GET /api/jobs/${JOB_ID}`]: { body: jobOf({}) },
    });
    const dialog = await openForm(user);
    const target = within(dialog).getByRole('switch', { name: 'Liquid Target Account' });
    await user.click(target);
    await submit(user, dialog);
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    expect(api.callsTo('POST', '/api/reports/generate')).toBe(0);

    // Choose a target, then turn the switch off: the target is cleared and the rule goes with it.
    await user.click(within(dialog).getByRole('combobox', { name: 'High Yield Target Account' }));
    await user.click(await screen.findByRole('option', { name: 'Money Market (0011)' }));
    await waitFor(() => expect(within(dialog).queryByText(MSG.required)).toBeNull());
    await user.click(target);
    expect(
      within(dialog).getByRole('combobox', { name: 'High Yield Target Account' }).textContent,
    ).not.toContain('Money Market');
    await user.click(target);
    await submit(user, dialog);
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    await user.click(target);
    await submit(user, dialog);
    await waitFor(() => expect(api.callsTo('POST', '/api/reports/generate')).toBe(1));
    const body = api.calls.find((c) => c.path === '/api/reports/generate')?.body as {
      reports: Record<string, unknown>;
    };
    expect(body.reports).toMatchObject({
      clientId: 1,
      liquidTargetAccount: 0,
      highYieldTargetAccountId: null,
    });
  });

  it('sends the chosen groups, switches and target, then shows the progress and refreshes the list when done', async () => {
    let job = jobOf({});
    let list = REPORTS;
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'GET /api/reports/all/1': () => ({ body: list }),
      'POST /api/reports/generate': () => {
        list = [NEW_REPORT, ...REPORTS];
        return { status: 201, body: { msg: REPORT_MSG.generating, report: NEW_REPORT, jobId: JOB_ID } };
      },
      [`GET /api/jobs/${JOB_ID}`]: () => ({ body: job }),
    });
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'All Accounts Graph' }));
    await user.click(await screen.findByRole('option', { name: 'Sweep' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('switch', { name: 'ZBA Account Structure' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Short Term Net Graph' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Liquid Target Account' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'High Yield Target Account' }));
    await user.click(await screen.findByRole('option', { name: 'Operating (0010)' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'High Yield Liquid Benchmark Override (%)' }),
      '4.25',
    );
    await submit(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generate Report' })).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/reports/generate')?.body).toEqual({
      reports: {
        clientId: 1,
        allAccountsGraph: [2],
        stackedAreaAndStats: [],
        stressTestResult: [],
        includeAllGraphs: [],
        shortTermLiquidity: [],
        liquidityLevelAmounts: 1,
        stmNetGraph: 0,
        stmMinTable: 1,
        stmPrevQuarterResults: 0,
        zbaAccountStructure: 1,
        electronicTransacTemplate: 0,
        liquidTargetAccount: 1,
        highYieldTargetAccountId: 10,
        highYieldLiquidBenchmarkOverride: 4.25,
        minTransacForClosureGroupId: null,
      },
    });
    const bar = await screen.findByRole('progressbar', { name: 'Generating report 9' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText(/Generating report 9: 40% \(Reading the analysis results\)/)).toBeTruthy();

    const listsBefore = api.callsTo('GET', '/api/reports/all/1');
    list = [{ ...NEW_REPORT, generationStatus: 'done', systemReport: 'Liquidity Analysis.pdf' }, ...REPORTS];
    job = jobOf({ state: 'completed', progress: 100, message: null, result: { reportId: 9, state: 'done' } });
    await waitFor(
      () => expect(screen.queryByRole('progressbar', { name: 'Generating report 9' })).toBeNull(),
      {
        timeout: 5_000,
      },
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/reports/all/1')).toBeGreaterThan(listsBefore));
  });

  it("says 'Failed to generate report pdf.' with the job's reason when the job fails", async () => {
    const failedText = REPORT_MSG.jobFailed('The analysis tables are missing.');
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'POST /api/reports/generate': {
        status: 201,
        body: { msg: REPORT_MSG.generating, report: NEW_REPORT, jobId: JOB_ID },
      },
      [`GET /api/jobs/${JOB_ID}`]: { body: jobOf({ state: 'failed', progress: 100, message: failedText }) },
    });
    const dialog = await openForm(user);
    await submit(user, dialog);
    expect(await screen.findByText(failedText)).toBeTruthy();
  });

  it('keeps what was typed when the server refuses, with its reason under the field', async () => {
    const reason = REPORT_MSG.accountNotOfClient(10);
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      'POST /api/reports/generate': {
        status: 400,
        body: { msg: reason, fieldErrors: { highYieldTargetAccountId: [reason] } },
      },
    });
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Liquid Target Account' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'High Yield Target Account' }));
    await user.click(await screen.findByRole('option', { name: 'Operating (0010)' }));
    const override = within(dialog).getByRole('textbox', {
      name: 'High Yield Liquid Benchmark Override (%)',
    });
    await user.type(override, '3.5');
    await submit(user, dialog);
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect((override as HTMLInputElement).value).toBe('3.5');
    expect(within(dialog).getByRole('switch', { name: 'Liquid Target Account' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByRole('combobox', { name: 'High Yield Target Account' }).textContent).toContain(
      'Operating',
    );
  });
});
