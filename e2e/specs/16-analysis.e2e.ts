import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { type ApiCall, choose, signedInApi } from '../support/api';
import { launchBrowser, openPage, saveScreenshot, scrollToRegion } from '../support/browser';
import { BASE_URL } from '../support/env';
import { saveCashVestScore } from '../support/cash-vest';
import { chooseRowAction, findClientId } from '../support/ingestion';
import { assertNoSeriousViolations } from '../support/axe';

// Issue 18: an analysis cycle end to end on the demo data. Tri-River's report is started through the
// API (specs 14 and 15 use other clients); then, in the browser: Calculate Daily and Monthly Tables ->
// a Monte Carlo run for 'All Accounts' -> its results panel -> Set Liquidity Levels, then Restore
// Defaults -> short-term step 1 and step 2 -> Download PDF -> a cashVest score saved from the wizard ->
// Complete Analysis. Last, the client's summary widgets show the demo's analysis history. The runs
// are jobs: generous waits.

const CLIENT = 'Tri-River Transit Authority';
const RUN = 'E2E liquidity';
const MODEL = 'E2E forecast';
const JOB_WAIT_MS = 120_000;

let browser: Browser;
let page: Page;
let api: ApiCall;
let clientId: number;
/** The client's last day of data (seed-demo ends its transactions yesterday). */
let dataUntil: string;

const shiftMonths = (day: string, months: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()))
    .toISOString()
    .slice(0, 10);
};

before(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);
  clientId = await findClientId(api, CLIENT);
  const client = await api<{ dataUntil: string }>('GET', `/api/clients/${clientId}`);
  dataUntil = client.dataUntil;
  // The cycle of the last full month: Complete Analysis needs an open report in analysis.
  const monthEnd = new Date(`${dataUntil.slice(0, 7)}-01T00:00:00Z`).getTime() - 86_400_000;
  const endDate = new Date(monthEnd).toISOString().slice(0, 10);
  await api('POST', `/api/clients/start-report/${clientId}`, {
    client: { startDate: `${endDate.slice(0, 7)}-01`, endDate },
  });
});
after(async () => {
  await page.context().close();
  await browser.close();
});

/** Waits until an input shows `value` (the fields fill in as their data arrives). */
async function waitForValue(input: Locator, value: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await input.inputValue()) !== value) {
    if (Date.now() > deadline) assert.equal(await input.inputValue(), value);
    await input.page().waitForTimeout(200);
  }
}

const tableNamed = (name: string) => page.getByRole('table', { name });
const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

test('the open report leads to the client analysis, whose tables are calculated', async () => {
  await page.goto('/analysis');
  await page.getByRole('heading', { name: 'Analysis: Open Reports' }).waitFor();
  const row = rowOf(tableNamed('Clients with Open Reports'), CLIENT);
  await chooseRowAction(row, 'Go to Analysis');
  await page.getByRole('heading', { name: `Analysis: ${CLIENT}` }).waitFor();
  await page.getByRole('button', { name: 'Calculate Daily and Monthly Tables' }).click();
  await page.getByText('The daily and monthly tables are up to date.').waitFor({ timeout: JOB_WAIT_MS });
  await saveScreenshot(page, '16-analysis-view');
});

test("a Monte Carlo run of 'All Accounts' is viewed, and its liquidity levels set and restored", async () => {
  await page.getByRole('tab', { name: 'Monté Carlo' }).click();
  await page.getByRole('button', { name: 'Run Analysis' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Name').fill(RUN);
  await choose(settings, 'Account Group', 'All Accounts');
  await settings.getByLabel('End Date').fill(dataUntil);
  await settings.getByLabel('Number of Years').fill('2');
  await settings.getByText(/^Ready to run: history from/).waitFor({ timeout: 30_000 });
  await settings.getByRole('button', { name: 'Run', exact: true }).click();
  await settings.waitFor({ state: 'detached' });

  const history = tableNamed('Monté Carlo');
  const row = rowOf(history, RUN);
  // Done: the row may be viewed (a running or failed run has nothing to show).
  const view = row.getByRole('checkbox', { name: `View ${RUN}` });
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('tr')].some(
        (tr) => tr.textContent?.includes(name) && tr.querySelector('input[type=checkbox]:not([disabled])'),
      ),
    RUN,
    { timeout: JOB_WAIT_MS, polling: 1_000 },
  );
  if (!(await view.isChecked())) await view.check();
  // The '{name} - Results' panel: an accordion under its title.
  const panel = page.locator('.MuiAccordion-root', {
    has: page.getByText(`${RUN} - Results`, { exact: true }),
  });
  await panel.getByRole('table', { name: `${RUN}: Monté Result` }).waitFor();
  const result = panel.getByRole('table', { name: `${RUN}: Monté Result` });
  assert.ok(await result.getByRole('rowheader', { name: 'Raw Output' }).isVisible());
  assert.ok(await result.getByRole('rowheader', { name: 'From Min Bal' }).isVisible());
  await saveScreenshot(page, '16-monte-carlo-results');

  // Move $1,000.00 from a level that holds it to its neighbour, then put the model's levels back. Which
  // level holds money depends on the demo's history up to today and the run's paths, so it is read.
  const LEVELS = [
    'Level One (0 to 30 days)',
    'Level Two (30 days to 30 weeks)',
    'Level Three (30 weeks to 1 year)',
    'Level Four (1 year to 30 months)',
    'Level Five (30 months and longer)',
  ];
  await panel.getByRole('button', { name: 'Set Liquidity Levels' }).click();
  let levels = page.getByRole('dialog', { name: 'Set Liquidity Levels' });
  const computed: number[] = [];
  for (const label of LEVELS) computed.push(Number(await levels.getByLabel(label).inputValue()));
  const from = computed.findIndex((amount) => amount >= 1000);
  assert.ok(from >= 0, `a level can give $1,000 (${computed.join(', ')})`);
  const to = from === 0 ? 1 : from - 1;
  await levels.getByLabel(LEVELS[from]!).fill((computed[from]! - 1000).toFixed(2));
  await levels.getByLabel(LEVELS[to]!).fill((computed[to]! + 1000).toFixed(2));
  await levels.getByRole('button', { name: 'Save' }).click();
  await levels.waitFor({ state: 'detached' });
  await panel.getByRole('button', { name: 'Set Liquidity Levels' }).click();
  levels = page.getByRole('dialog', { name: 'Set Liquidity Levels' });
  assert.equal(Number(await levels.getByLabel(LEVELS[to]!).inputValue()), computed[to]! + 1000);
  await levels.getByRole('button', { name: 'Restore Defaults' }).click();
  const moved = await levels.getByLabel(LEVELS[to]!).elementHandle();
  await page.waitForFunction(([input, value]) => Number((input as HTMLInputElement).value) === value, [
    moved,
    computed[to]!,
  ] as const);
  await levels.getByRole('button', { name: 'Save' }).click();
  await levels.waitFor({ state: 'detached' });
  await panel.getByRole('button', { name: 'Set Liquidity Levels' }).click();
  levels = page.getByRole('dialog', { name: 'Set Liquidity Levels' });
  assert.equal(Number(await levels.getByLabel(LEVELS[from]!).inputValue()), computed[from]!);
  await levels.getByRole('button', { name: 'Cancel' }).click();
});

test('short-term step 1 and step 2 run, and the model downloads as a PDF', async () => {
  await page.getByRole('tab', { name: 'Short Term Model' }).click();
  await page.getByRole('button', { name: 'Run Analysis' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Name').fill(MODEL);
  await choose(settings, 'Account Group', 'All Accounts');
  await settings.getByLabel('Start Date').fill(shiftMonths(dataUntil, -30));
  await settings.getByLabel('End Date').fill(dataUntil);
  await settings.getByRole('button', { name: 'Save' }).click();
  await settings.waitFor({ state: 'detached' });

  const step1 = rowOf(tableNamed('Step 1 Analysis'), MODEL);
  await step1.getByRole('cell', { name: 'YES', exact: true }).first().waitFor({ timeout: JOB_WAIT_MS });
  await chooseRowAction(step1, 'Run Step 2');
  const step2Settings = page.getByRole('dialog', { name: 'Settings' });
  // Run Step 2 from the row chooses its model: the locked fields show it once the list is read.
  await step2Settings.getByRole('combobox', { name: /^Model Name/ }).waitFor();
  await waitForValue(step2Settings.getByRole('textbox', { name: 'Name' }), MODEL);
  await step2Settings.getByRole('button', { name: 'Save' }).click();
  await step2Settings.waitFor({ state: 'detached' });
  const step2 = rowOf(tableNamed('Step 2 Analysis'), MODEL);
  await step2.getByRole('checkbox', { name: `View ${MODEL}` }).waitFor({ timeout: JOB_WAIT_MS });
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('tr')].some(
        (tr) => tr.textContent?.includes(name) && tr.querySelector('input[type=checkbox]:not([disabled])'),
      ),
    MODEL,
    { timeout: JOB_WAIT_MS, polling: 1_000 },
  );

  const downloaded = page.waitForEvent('download');
  await chooseRowAction(step1, 'Download PDF');
  const file = await (await downloaded).path();
  const bytes = await readFile(file);
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.ok(bytes.length > 10_000, `a PDF with its charts (${bytes.length} bytes)`);
  await saveScreenshot(page, '16-short-term');
});

test('a cashVest score is saved from the wizard, and Complete Analysis closes the analysis', async () => {
  await saveCashVestScore(page);
  await saveScreenshot(page, '16-cash-vest');

  await page.getByRole('button', { name: 'Complete Analysis' }).click();
  const confirm = page.getByRole('dialog', { name: 'Complete Analysis' });
  await confirm.getByRole('button', { name: 'Complete Analysis' }).click();
  await page.waitForURL(`**/client-management/${clientId}`);
  const status = await api<{ reportStatus: string | null }[]>(
    'GET',
    `/api/clients/report-status/${clientId}`,
  );
  assert.equal(status[0]!.reportStatus, 'Reporting');
  const open = await api<{ clientId: number }[]>('GET', '/api/analytics/open-reports');
  assert.equal(open.filter((r) => r.clientId === clientId).length, 0);
});

test("the client's summary widgets show the demo's analysis history", async () => {
  await page.goto(`/client-management/${clientId}`);
  for (const title of [
    'Day-to-Day Variance',
    'cashVest Score',
    'Assets',
    'Short Term Modeling/Forecast',
    'Current Amounts Invested by Liquidity Level',
    'Short-Term Cash Position Forecast',
    'Interest Rate Comparison',
  ]) {
    const widget = page.getByRole('region', { name: title, exact: true });
    await widget.waitFor();
    // A widget loads once it comes near the window (summary-widgets.tsx), as a user scrolls to it.
    await scrollToRegion(widget);
    await page.waitForFunction(
      (name) => {
        const region = [...document.querySelectorAll('section')].find(
          (s) => s.querySelector('h2')?.textContent === name,
        );
        return region !== undefined && !region.querySelector('[role=progressbar]');
      },
      title,
      { timeout: 30_000 },
    );
    assert.equal(await widget.getByText('No Results.').count(), 0, `${title} shows data`);
  }
  await saveScreenshot(page, '16-summary-widgets');
  // Issue 21 point 4: the client profile, with every widget drawn, passes axe too.
  await assertNoSeriousViolations(page, 'client profile with its summary widgets');
});
