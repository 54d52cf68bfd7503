import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@tideline/contracts/common/messages';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';
import { theme } from '../../app/theme';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  ALL_PERMISSIONS,
  GROUPS,
  modelRow,
  panelRoutes,
  renderAlone,
  step2Row,
  type Routes,
} from './short-term.fixtures';
import ShortTermTab from './short-term-tab';

// The Short Term Model tab (spec 2, 4, 5, 8): the Settings dialogs' rules, Edit & Rerun prefilled, the
// locked step 2 dialog, the two viewed step 2 rows, the green/red forecast, Delete Analysis Group and
// Download PDF through a signed link fetched without the authorization header.

/** Issue 41: a back-test the model lost to the naive forecast. */
function naiveUsed() {
  const horizon = (weeks: number, mase: number) => ({
    weeks,
    comparedWeeks: 12 * weeks,
    mase,
    wape: 0.3,
    bias: -1000,
    relativeBias: -0.02,
  });
  const all = (mase: number) => [horizon(1, mase), horizon(4, mase), horizon(13, mase)];
  return {
    method: 'seasonalNaive' as const,
    usesNaive: true,
    note: 'The naive forecast (same week last year) is used because the model did not beat it on this history.',
    origins: 12,
    used: horizon(13, 0.78),
    model: all(1.01),
    seasonalNaive: all(0.78),
    sameBusinessDayLastYear: all(0.77),
  };
}

const STEP1 = [
  modelRow(),
  modelRow({
    shortTermModelId: 2,
    shortTermModelName: 'Failed model',
    state: 'failed',
    stepStatus: 'NO',
    fileUrl: null,
    message: 'Failed to Run Step One Analysis: The group has no transactions between the start and end dates',
  }),
];
const STEP2 = [
  step2Row({
    shortTermModelId: 1,
    shortTermModelName: 'Year-end forecast',
    modelAccuracy: naiveUsed(),
  }),
  step2Row({
    shortTermModelId: 3,
    shortTermModelName: 'Autumn forecast',
    createdAt: '2025-10-05T15:00:00.000Z',
  }),
  step2Row({
    shortTermModelId: 4,
    shortTermModelName: 'Summer forecast',
    createdAt: '2025-07-05T15:00:00.000Z',
  }),
];

function openTab(routes: Routes = {}, permList = ALL_PERMISSIONS) {
  return renderAlone(<ShortTermTab clientId={1} />, permList, {
    'GET /api/analytics/short-term/step-1/1': { body: STEP1 },
    'GET /api/analytics/short-term/step-2/1': { body: STEP2 },
    'GET /api/accounts/groups/all/1': { body: GROUPS },
    'GET /api/analytics/short-term/list?clientId=1': {
      body: [
        {
          shortTermModelId: 1,
          shortTermModelName: 'Year-end forecast',
          groupId: 7,
          groupName: 'All Accounts',
          startDateRange: '2023-07-03',
          endDateRange: '2025-12-31',
          balanceAdjustments: [{ date: '2026-01-15', amount: -50000 }],
        },
      ],
    },
    ...panelRoutes(1, 'Year-end forecast'),
    ...panelRoutes(3, 'Autumn forecast'),
    ...panelRoutes(4, 'Summer forecast'),
    ...routes,
  });
}

const step1Table = () => screen.findByRole('table', { name: 'Step 1 Analysis' });
const step2Table = () => screen.findByRole('table', { name: 'Step 2 Analysis' });
const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

async function openRowAction(user: ReturnType<typeof openTab>['user'], name: string, action: string) {
  const table = await step1Table();
  await within(table).findByText(name);
  await user.click(within(rowOf(table, name)).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

async function openSettings(user: ReturnType<typeof openTab>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Run Analysis' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

async function chooseGroup(user: ReturnType<typeof openTab>['user'], dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Account Group' }));
  await user.click(await screen.findByRole('option', { name }));
}

const setDate = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

/** '#2e7d32' as the computed style writes it, 'rgb(46, 125, 50)'. */
const rgbOf = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('the step 1 Settings dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('asks for the account group before the start date, whose minimum is the group’s minDate', async () => {
    const { user } = openTab();
    const dialog = await openSettings(user);
    const start = within(dialog).getByLabelText(/Start Date/);
    expect(start.hasAttribute('disabled')).toBe(true);
    await chooseGroup(user, dialog, 'Operating');
    expect(start.hasAttribute('disabled')).toBe(false);
    expect(start.getAttribute('min')).toBe('2024-02-01');
    await chooseGroup(user, dialog, 'All Accounts');
    expect(start.getAttribute('min')).toBe('2023-07-03');
  });

  it('disables Save while the end date is not 24 months after the start, or the start is before minDate', async () => {
    const { user, api } = openTab();
    const dialog = await openSettings(user);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(within(dialog).getByText(SHORT_TERM_MSG.twentyFourMonths)).toBeTruthy();
    await chooseGroup(user, dialog, 'Operating');
    setDate(dialog, /Start Date/, '2024-02-01');
    setDate(dialog, /End Date/, '2026-01-31');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(within(dialog).getByRole('alert').textContent).toBe(SHORT_TERM_MSG.twentyFourMonths);
    setDate(dialog, /End Date/, '2026-02-01');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    setDate(dialog, /Start Date/, '2024-01-31');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      SHORT_TERM_MSG.startBeforeMinDate('2024-02-01'),
    );
    expect(api.callsTo('POST', '/api/analytics/short-term/step-1/run')).toBe(0);
  });

  it('needs the name and a number in each balance adjustment, sending nothing until then', async () => {
    const { user, api } = openTab({
      'POST /api/analytics/short-term/step-1/run': {
        body: { msg: SHORT_TERM_MSG.step1Started, shortTermModelId: 5, jobId: 'job-5' },
      },
      'GET /api/jobs/job-5': {
        body: {
          jobId: 'job-5',
          queue: 'analysis.short-term-step-1',
          state: 'active',
          progress: 40,
          attempts: 1,
          message: 'Reading the account group history',
          result: null,
          createdAt: '2026-01-05T15:00:00.000Z',
          updatedAt: '2026-01-05T15:00:00.000Z',
        },
      },
    });
    const dialog = await openSettings(user);
    await chooseGroup(user, dialog, 'All Accounts');
    setDate(dialog, /Start Date/, '2023-07-03');
    setDate(dialog, /End Date/, '2025-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance Adjustment' }));
    setDate(dialog, /Adjustment 1 Date/, '2026-01-15');
    await user.type(within(dialog).getByLabelText('Adjustment 1 Amount'), '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    expect(within(dialog).getByText(MSG.fieldMustBeNumber)).toBeTruthy();
    expect(api.callsTo('POST', '/api/analytics/short-term/step-1/run')).toBe(0);
    await user.type(within(dialog).getByLabelText('Name'), 'Spring forecast');
    await user.clear(within(dialog).getByLabelText('Adjustment 1 Amount'));
    await user.type(within(dialog).getByLabelText('Adjustment 1 Amount'), '-2500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/analytics/short-term/step-1/run')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/analytics/short-term/step-1/run')?.body).toEqual({
      shortTerm: {
        addAnalysisName: 'Spring forecast',
        accountGroupId: 7,
        clientId: 1,
        startRange: '2023-07-03',
        endRange: '2025-12-31',
        balanceAdjustments: [{ date: '2026-01-15', amount: -2500.5 }],
      },
    });
    // The run's progress, from GET /api/jobs/{jobId}.
    expect(await screen.findByText(/Running step 1 of Spring forecast: 40%/)).toBeTruthy();
  });

  it('starts from the open report: All Accounts, three years before the period end, a name', async () => {
    const { user } = openTab({
      'GET /api/clients/report-status/1': {
        body: [
          {
            reportStatus: 'Reporting',
            lastReportDate: '2025-09-30',
            openBatchCount: 0,
            reportStartDate: '2025-10-01',
            reportEndDate: '2025-12-31',
            reportDueDate: null,
            ingestionStatus: 'Completed',
            analysisOpenReportId: 3,
          },
        ],
      },
    });
    const dialog = await openSettings(user);
    // Three years before 12/31/2025 is before the group's first day, 07/03/2023: it starts there.
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Q4 2025 All Accounts'),
    );
    expect((within(dialog).getByLabelText(/Start Date/) as HTMLInputElement).value).toBe('2023-07-03');
    expect((within(dialog).getByLabelText(/End Date/) as HTMLInputElement).value).toBe('2025-12-31');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('opens prefilled for Edit & Rerun and sends the row it reruns', async () => {
    const { user, api } = openTab({
      'POST /api/analytics/short-term/step-1/run': { status: 500, body: {} },
    });
    await openRowAction(user, 'Failed model', 'Edit & Rerun');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Failed model');
    expect((within(dialog).getByLabelText(/Start Date/) as HTMLInputElement).value).toBe('2023-07-03');
    expect((within(dialog).getByLabelText(/End Date/) as HTMLInputElement).value).toBe('2025-12-31');
    expect((within(dialog).getByLabelText('Adjustment 1 Amount') as HTMLInputElement).value).toBe('-50000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/analytics/short-term/step-1/run')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/analytics/short-term/step-1/run')?.body).toMatchObject({
      shortTerm: { shortTermModelId: 2, addAnalysisName: 'Failed model', accountGroupId: 7 },
    });
    // The server failed without a message: the spec's default, and the form keeps what was typed.
    expect(await screen.findByText(SHORT_TERM_MSG.step1Failed)).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Failed model');
  });
});

describe('the step 2 Settings dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('opens on the row’s model with its group, name and adjustments locked, and sends the model name', async () => {
    const { user, api } = openTab({
      'PUT /api/analytics/short-term/step-2/run/1': {
        body: { msg: SHORT_TERM_MSG.step2Started, shortTermModelId: 1, jobId: 'job-2' },
      },
    });
    await openRowAction(user, 'Year-end forecast', 'Run Step 2');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Model Name' }).textContent).toBe(
        'Year-end forecast',
      ),
    );
    for (const label of ['Account Group', 'Name', 'Adjustment 1 Date', 'Adjustment 1 Amount'])
      expect(within(dialog).getByLabelText(label).hasAttribute('disabled')).toBe(true);
    expect((within(dialog).getByLabelText('Adjustment 1 Amount') as HTMLInputElement).value).toBe(
      '-$50,000.00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/analytics/short-term/step-2/run/1')).toBe(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      shortTerm: { modelName: 'Year-end forecast' },
    });
  });

  it('offers Run Step 2 only on a row whose step 1 is ready', async () => {
    const { user } = openTab();
    const table = await step1Table();
    await within(table).findByText('Failed model');
    await user.click(
      within(rowOf(table, 'Failed model')).getByRole('button', { name: 'Actions for Failed model' }),
    );
    expect((await screen.findByRole('menuitem', { name: 'Run Step 2' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Download PDF' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the viewed step 2 rows', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows at most two, the third choice dropping the one chosen first', async () => {
    const { user } = openTab();
    const table = await step2Table();
    await within(table).findByText('Summer forecast');
    // By default the first two finished rows.
    expect(await screen.findByRole('heading', { name: 'Year-end forecast - Results' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Autumn forecast - Results' })).toBeTruthy();
    await user.click(within(table).getByRole('checkbox', { name: 'View Summer forecast' }));
    expect(await screen.findByRole('heading', { name: 'Summer forecast - Results' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Autumn forecast - Results' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { name: 'Year-end forecast - Results' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: / - Results$/ })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Hide Analysis' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('heading', { name: / - Results$/ })).toHaveLength(1));
  });

  it('shows the back-test MASE, WAPE and bias beside the step 2 result, and that the naive forecast is used', async () => {
    openTab();
    expect(
      await screen.findByText(
        /Back-test, 13 weeks ahead over 12 rolling origins \(naive forecast\): MASE 0\.78 · WAPE 30\.0% · bias -2\.0%/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(SHORT_TERM_MSG.naiveForecastUsed)).toBeTruthy();
    const byHorizon = screen.getByRole('table', {
      name: 'Year-end forecast: back-test MASE / WAPE / bias by horizon',
    });
    expect(within(byHorizon).getByRole('row', { name: /^Model/ }).textContent).toContain(
      '1.01 / 30.0% / -2.0%',
    );
    const table = await step2Table();
    await waitFor(() => expect(table.textContent).toContain('Back-test MASE'));
    expect(table.textContent).toContain(
      'Back-test MASE 0.78 · WAPE 30.0% · bias -2.0% (naive forecast used: the model did not beat it)',
    );
  });

  it('colours the forecast green above 0 and red otherwise', async () => {
    openTab();
    const forecast = await screen.findByRole('table', { name: 'Year-end forecast: Forecast' });
    const cell = (text: string) => within(forecast).getByText(text);
    await within(forecast).findByText('$1,000.00');
    const [green, red] = [theme.palette.success.main, theme.palette.error.main].map(rgbOf);
    expect(getComputedStyle(cell('$1,000.00')).color).toBe(green);
    expect(getComputedStyle(cell('-$250.50')).color).toBe(red);
    expect(getComputedStyle(cell('$0')).color).toBe(red);
  });
});

describe('Delete and Download PDF', { timeout: UI_TEST_TIMEOUT }, () => {
  it("asks in 'Delete Analysis Group', and says the spec's failure for each table", async () => {
    const { user, api } = openTab({
      'DELETE /api/analytics/short-term/step-1/remove/1': { status: 500, body: {} },
      'DELETE /api/analytics/short-term/step-2/remove/3': { status: 500, body: {} },
    });
    await openRowAction(user, 'Year-end forecast', 'Delete');
    let dialog = await screen.findByRole('dialog', { name: SHORT_TERM_MSG.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SHORT_TERM_MSG.step1DeleteFailed)).toBeTruthy();
    const table = await step2Table();
    await user.click(within(table).getByRole('button', { name: 'Delete step 2 of Autumn forecast' }));
    dialog = await screen.findByRole('dialog', { name: SHORT_TERM_MSG.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SHORT_TERM_MSG.step2DeleteFailed)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/analytics/short-term/step-2/remove/3')).toBe(1);
  });

  it('fetches the signed link without the authorization header and saves the PDF', async () => {
    const fileUrl = modelRow().fileUrl!;
    const { user, api } = openTab({
      [`GET /api/analytics/short-term/download/1/${fileUrl}`]: {
        body: { url: '/signed/year-end.pdf?sig=1', fileName: 'Year-end forecast - Short Term Model.pdf' },
      },
      'GET /signed/year-end.pdf?sig=1': { body: 'pdf' },
    });
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await openRowAction(user, 'Year-end forecast', 'Download PDF');
      await waitFor(() => expect(saved).toEqual(['Year-end forecast - Short Term Model.pdf']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(
      api.calls.find((c) => c.path === '/signed/year-end.pdf?sig=1')?.headers.Authorization,
    ).toBeUndefined();
  });

  it("says 'Failed to Download PDF' when the link cannot be fetched", async () => {
    const fileUrl = modelRow().fileUrl!;
    const { user } = openTab({
      [`GET /api/analytics/short-term/download/1/${fileUrl}`]: {
        body: { url: '/signed/gone.pdf', fileName: 'x.pdf' },
      },
      'GET /signed/gone.pdf': { status: 403, body: {} },
    });
    await openRowAction(user, 'Year-end forecast', 'Download PDF');
    expect(await screen.findByText(SHORT_TERM_MSG.downloadFailed)).toBeTruthy();
  });

  it('hides the actions a user may not take', async () => {
    openTab({}, ['VIEW_SHORT_TERM_MODEL']);
    const table = await step1Table();
    await within(table).findByText('Year-end forecast');
    expect(screen.queryByRole('button', { name: 'Run Analysis' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Actions for Year-end forecast' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete step 2 of/ })).toBeNull();
  });
});
