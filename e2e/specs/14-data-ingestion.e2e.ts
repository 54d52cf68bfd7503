import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { type ApiCall, choose, signedInApi } from '../support/api';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { listDemoStatements, type DemoStatementFile } from '../support/demo-statements';
import { BASE_URL } from '../support/env';

// Issue 16 point 10: a reporting cycle from the client profile to extracted files. Start Report, Start
// Ingestion on the bank relationship, upload three of `npm run cli -- demo-statements`' files (two in
// the relationship's template layout, one in a layout no template has), see two Extracted and one
// Failed, create a Header Row template from the failed file, retry it, and see all three extracted.
// The extraction runs as pg-boss jobs (a worker process in server mode), so every wait is generous.

const CLIENT = 'Cedar Valley County';
const BANK = 'First Meridian Bank, N.A.';
const UNMATCHED_HEADER = 'Booking Date,Account,Details,Amount,Currency,Balance';
const EXTRACTION_WAIT_MS = 180_000;
const BATCH_ACTIONS = new RegExp(`^Actions for ${BANK.replaceAll('.', '\\.')} / .* \\(Transaction\\)$`);

let browser: Browser;
let page: Page;
let api: ApiCall;
let clientId: number;
let period: { startDate: string; endDate: string };
let uploads: { matching: DemoStatementFile[]; unmatched: DemoStatementFile; later: DemoStatementFile };

before(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);

  // seed-demo opened Cedar Valley's report for the last full quarter and started its ingestion; the
  // demo files are for that period. Its cycle is removed so that this spec starts it from the screens.
  const reports = await api<{ clientId: number; clientName: string; startDate: string; endDate: string }[]>(
    'GET',
    '/api/data-ingestion/open-reports',
  );
  const cedar = reports.find((r) => r.clientName === CLIENT);
  assert.ok(cedar, `seed-demo opened a report for ${CLIENT}`);
  ({ clientId } = cedar);
  period = { startDate: cedar.startDate, endDate: cedar.endDate };
  await api('DELETE', `/api/data-ingestion/open-reports/${clientId}`);

  // The layout no template has (its name ends -new-export-layout.csv) and, of another account, the
  // three smallest files in the relationship's template layout (the third is uploaded last).
  const files = listDemoStatements('cedar-valley-county', 'first-meridian-bank-n-a');
  const unmatched = files.find((f) => f.name.endsWith('-new-export-layout.csv'));
  assert.ok(unmatched, 'demo-statements wrote a file that matches no template');
  const account = /-(\d+)-\d{4}-\d{2}-new-export-layout\.csv$/.exec(unmatched.name)![1]!;
  const matching = files
    .filter((f) => /-\d{4}-\d{2}\.csv$/.test(f.name) && !f.name.includes(`-${account}-`))
    .sort((a, b) => a.sizeBytes - b.sizeBytes)
    .slice(0, 3);
  assert.equal(matching.length, 3, 'demo-statements wrote csv files in the template layout');
  uploads = { matching: matching.slice(0, 2), unmatched, later: matching[2]! };
});
after(async () => {
  await page.context().close();
  await browser.close();
});

/** The Extraction Progress row of a file. */
const fileRow = (dialog: Locator, file: DemoStatementFile) =>
  dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: file.name, exact: true }) });

/**
 * Waits (the poll runs every 4 s while files are queued or being read) until a file is Extracted or
 * Failed, and checks which; a wrong outcome fails with the file's row, message included.
 */
async function waitForStatus(dialog: Locator, file: DemoStatementFile, status: string): Promise<void> {
  const row = fileRow(dialog, file);
  const settled = row.getByText(/^(Extracted|Failed)$/);
  await settled.waitFor({ timeout: EXTRACTION_WAIT_MS });
  assert.equal(await settled.innerText(), status, await row.innerText());
}

async function openExtractionProgress(): Promise<Locator> {
  const batches = page.getByRole('table', { name: 'Batches Ready for Files' });
  await batches.getByRole('button', { name: BATCH_ACTIONS }).click();
  await page.getByRole('menuitem', { name: 'Extraction Progress' }).click();
  // The title ends with the batch's accounts.
  const dialog = page.getByRole('dialog', { name: `Extraction Progress: ${CLIENT} / ${BANK} / ` });
  await dialog.waitFor();
  return dialog;
}

test('Start Report opens the cycle from the Banks tab of the client', async () => {
  await page.goto(`/client-management/${clientId}`);
  await page.getByRole('heading', { name: CLIENT, level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Banks' }).click();
  await page.getByRole('cell', { name: BANK, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Start Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Report' });
  await dialog.getByLabel('Start Date').fill(period.startDate);
  await dialog.getByLabel('End Date').fill(period.endDate);
  await dialog.getByRole('button', { name: 'Start Report' }).click();
  const result = page.getByRole('dialog', { name: 'Start Report Results' });
  await result.getByText('The report was started for:').waitFor();
  await result.getByText(CLIENT, { exact: true }).waitFor();
  await result.getByText('Report started successfully.').waitFor();
  await result.getByRole('button', { name: 'Close' }).click();
  await result.waitFor({ state: 'detached' });
});

test("Start Ingestion on the relationship creates its Transaction batch for the report's period", async () => {
  await page.getByRole('button', { name: `Actions for ${BANK}` }).click();
  await page.getByRole('menuitem', { name: 'Start Ingestion' }).click();
  const dialog = page.getByRole('dialog', { name: `Start Ingestion: ${BANK}` });
  // The dates are the open report's period.
  assert.equal(await dialog.getByLabel('Start Date').inputValue(), period.startDate);
  assert.equal(await dialog.getByLabel('End Date').inputValue(), period.endDate);
  await dialog.getByRole('checkbox', { name: 'Transaction' }).waitFor();
  await saveScreenshot(page, '14-start-ingestion');
  await dialog.getByRole('button', { name: 'Start Ingestion' }).click();
  const started = page.getByText('Ingestion started: 1 batch created.');
  await started.waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The types with no accounts each raise a warning with it; the success stays on screen beside them.
  await page.waitForTimeout(1000);
  assert.ok(await started.isVisible());
});

test('three demo files are uploaded: two are extracted, the one no template matches fails', async () => {
  await page.goto(`/data-ingestion/${clientId}`);
  await page.getByRole('heading', { name: 'Data Ingestion: Upload Dashboard' }).waitFor();
  const batches = page.getByRole('table', { name: 'Batches Ready for Files' });
  await batches.getByRole('button', { name: BATCH_ACTIONS }).click();
  await page.getByRole('menuitem', { name: 'Upload Files' }).click();
  const upload = page.getByRole('dialog', { name: `Upload Batch: ${CLIENT} / ${BANK} / ` });
  const chosen = [...uploads.matching, uploads.unmatched];
  await upload
    .locator('input[type="file"]')
    .setInputFiles(chosen.map((f) => ({ name: f.name, mimeType: 'text/csv', buffer: readFileSync(f.path) })));
  for (const f of chosen) await upload.getByText(f.name, { exact: true }).waitFor();
  await upload.getByRole('button', { name: 'UPLOAD FILES' }).click();
  const result = page.getByRole('dialog', { name: 'Upload Results' });
  await result.getByText('Files uploaded successfully: 3').waitFor({ timeout: 60_000 });
  await result.getByText('Files with errors: 0').waitFor();
  await result.getByRole('button', { name: 'CLOSE' }).click();
  await result.waitFor({ state: 'detached' });

  const progress = await openExtractionProgress();
  for (const f of uploads.matching) await waitForStatus(progress, f, 'Extracted');
  await waitForStatus(progress, uploads.unmatched, 'Failed');
  const failed = fileRow(progress, uploads.unmatched);
  await failed.getByText(UNMATCHED_HEADER, { exact: true }).waitFor();
  assert.match(await failed.innerText(), /template/i, 'the message says no template matched');
  await saveScreenshot(page, '14-extraction-failed');
});

test('Create Header Row Template starts from the failed file, and Retry Extraction extracts it', async () => {
  const progress = page.getByRole('dialog', { name: /^Extraction Progress: / });
  await progress.getByRole('button', { name: `Actions for ${uploads.unmatched.name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Create Header Row Template' }).click();

  // A new template of the relationship (its template reads another layout), set from the file: its
  // header row at row 0, and the live preview reading the stored file.
  const form = page.getByRole('dialog', { name: /^Manage Transactions Import Template/ });
  await form.getByRole('radio', { name: 'Header Row' }).waitFor();
  assert.equal(await form.getByRole('button', { name: 'Delete' }).count(), 0, 'a new template');
  assert.equal(await form.getByRole('radio', { name: 'Header Row' }).isChecked(), true);
  assert.equal(await form.getByRole('textbox', { name: 'Header Row' }).inputValue(), UNMATCHED_HEADER);
  assert.equal(await form.getByLabel('Header Start').inputValue(), '0');
  await form.getByText(uploads.unmatched.name, { exact: true }).waitFor();
  const grid = form.getByRole('table', { name: 'Sample file with row and column numbers' });
  await grid.getByRole('cell', { name: 'Booking Date', exact: true }).waitFor({ timeout: 60_000 });

  // Booking Date (0), Account (1), Details (2), a signed Amount (3), ISO dates.
  await form.getByLabel('Account Number', { exact: true }).fill('1');
  await form.getByLabel('Date', { exact: true }).fill('0');
  await form.getByLabel('Description').fill('2');
  await form.getByLabel('Amount', { exact: true }).fill('3');
  await form.getByLabel('Credit Amount').fill('');
  await form.getByLabel('Debit Amount').fill('');
  await choose(form, 'Date Format', 'YYYY-MM-DD');
  const produced = form.getByRole('table', { name: 'Rows the template produces' });
  // A transaction's Details, from a line without quoted cells.
  const line = readFileSync(uploads.unmatched.path, 'utf8')
    .split('\n')
    .slice(1)
    .find((l) => l !== '' && !l.includes('"'))!;
  const firstDetails = line.split(',')[2]!;
  await produced.getByText(firstDetails).first().waitFor({ timeout: 60_000 });
  await saveScreenshot(page, '14-header-row-template');

  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Template saved successfully.').waitFor();
  await form.waitFor({ state: 'detached' });

  const confirm = page.getByRole('dialog', { name: 'Retry Extraction' });
  await confirm.getByText('Are you sure you want to retry the extraction?').waitFor();
  await confirm.getByRole('button', { name: 'Retry' }).click();
  await confirm.waitFor({ state: 'detached' });

  // The retried file leaves Failed (queued again), then settles.
  const retried = fileRow(progress, uploads.unmatched);
  await retried.getByText(/^(Queued|In Progress|Extracted)$/).waitFor({ timeout: EXTRACTION_WAIT_MS });
  for (const f of [...uploads.matching, uploads.unmatched]) await waitForStatus(progress, f, 'Extracted');
  await saveScreenshot(page, '14-all-extracted');
  await progress.getByRole('button', { name: 'CLOSE' }).click();
  await progress.waitFor({ state: 'detached' });
});

test("a file in the bank's usual layout is still read: the new template left the first one as it was", async () => {
  const batches = page.getByRole('table', { name: 'Batches Ready for Files' });
  await batches.getByRole('button', { name: BATCH_ACTIONS }).click();
  await page.getByRole('menuitem', { name: 'Upload Files' }).click();
  const upload = page.getByRole('dialog', { name: /^Upload Batch: / });
  const { later } = uploads;
  await upload
    .locator('input[type="file"]')
    .setInputFiles({ name: later.name, mimeType: 'text/csv', buffer: readFileSync(later.path) });
  await upload.getByRole('button', { name: 'UPLOAD FILES' }).click();
  const result = page.getByRole('dialog', { name: 'Upload Results' });
  await result.getByText('Files uploaded successfully: 1').waitFor({ timeout: 60_000 });
  await result.getByRole('button', { name: 'CLOSE' }).click();
  await result.waitFor({ state: 'detached' });

  const progress = await openExtractionProgress();
  await waitForStatus(progress, later, 'Extracted');
  const batch = (
    await api<{ bankName: string; bankClientRelId: number }[]>(
      'GET',
      `/api/data-ingestion/batches/all/${clientId}`,
    )
  ).find((b) => b.bankName === BANK);
  assert.ok(batch);
  const templates = await api<{ headerRow: string | null }[]>(
    'GET',
    `/api/templates/all/Transaction/${batch.bankClientRelId}`,
  );
  assert.deepEqual(templates.map((t) => t.headerRow).sort(), [
    'Account Number,Posting Date,Transaction Description,Debit Amount,Credit Amount,Running Balance',
    UNMATCHED_HEADER,
  ]);
});
