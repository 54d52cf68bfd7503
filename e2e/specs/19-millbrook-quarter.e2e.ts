import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { type ApiCall, signedInApi } from '../support/api';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { listDemoStatements, type DemoStatementFile } from '../support/demo-statements';
import { EffortMeter, saveWalkthrough } from '../support/effort';
import { BASE_URL } from '../support/env';
import {
  EXTRACTION_WAIT_MS,
  type ClientBatchRow,
  type ReportPeriod,
  chooseRowAction,
  findClientId,
  openBatchAction,
  openValidateBatch,
} from '../support/ingestion';
import { readStatementFigures, type StatementFigures } from '../support/statement-figures';

// Issue 39 point 6: the analyst's quarter for Millbrook, as a new analyst would do it, and the books
// then equal the bank's statements. seed-demo opened Millbrook's report for the last full quarter
// without ingesting it and left that quarter out of the books; demo-statements wrote its statements.
// Start Ingestion for the client, upload every statement into its batch (one of them twice, as happens),
// see each account reconcile, drop the copy's possible duplicates over the whole list, validate every
// account and batch, and compare each account's booked quarter with its files: the count of entries
// and the closing balance.
// Issue 42 point 6: each step's clicks and fields are counted (support/effort.ts) for the walk-through
// that spec 20 ends; the resent copy is the one step a quarter does not need, marked extra.

const CLIENT = 'Millbrook Unified School District';
const CLIENT_SLUG = 'millbrook-unified-school-district';
const TYPE_LABELS: Record<string, string> = {
  Transaction: 'Transaction',
  Investment: 'Investment',
  Hybrid: 'Hybrid',
  Treasury: 'Analysis',
};

let browser: Browser;
let page: Page;
let api: ApiCall;
let clientId: number;
let period: ReportPeriod;
/** Per account number: the statements' entries and the last one's closing balance. */
const expected = new Map<string, { entries: number; closingCents: number }>();
let copied: DemoStatementFile;
let meter: EffortMeter;
const WALKTHROUGH = 'quarter-walkthrough';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

before(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);
  clientId = await findClientId(api, CLIENT);
  const reports = await api<
    { clientId: number; startDate: string; endDate: string; ingestionStatus: string }[]
  >('GET', '/api/data-ingestion/open-reports');
  const report = reports.find((r) => r.clientId === clientId);
  assert.ok(report, `seed-demo opened a report for ${CLIENT}`);
  assert.equal(report.numberOfBatches, 0, 'its ingestion is not started');
  period = { startDate: report.startDate, endDate: report.endDate };
  meter = await EffortMeter.attach(page);
});
after(async () => {
  saveWalkthrough(WALKTHROUGH, meter.steps);
  await page.context().close();
  await browser.close();
});

/** The client's batches, each with its bank, type and the numbers of its accounts. */
async function listBatches(): Promise<(ClientBatchRow & { accountNumbers: string[] })[]> {
  const batches = await api<ClientBatchRow[]>('GET', `/api/data-ingestion/batches/all/${clientId}`);
  const withAccounts = [];
  for (const b of batches) {
    const accounts = await api<{ account: string | null }[]>(
      'GET',
      `/api/data-ingestion/accounts/all/${b.batchId}`,
    );
    withAccounts.push({
      ...b,
      accountNumbers: accounts.flatMap((a) => (a.account ? [a.account.trim()] : [])),
    });
  }
  return withAccounts;
}

/** A batch's files: the relationship's statements of the batch's accounts. */
function filesOf(batch: { bankName: string; accountNumbers: string[] }): DemoStatementFile[] {
  return listDemoStatements(CLIENT_SLUG, slugOf(batch.bankName)).filter((f) =>
    batch.accountNumbers.some((n) => f.name.includes(`-${n}-`)),
  );
}

async function uploadFiles(batch: ClientBatchRow, files: readonly { name: string; buffer: Buffer }[]) {
  const typeLabel = TYPE_LABELS[batch.templateType]!;
  await openBatchAction(page, { bankName: batch.bankName, typeLabel }, 'Upload Files');
  const upload = page.getByRole('dialog', { name: `Upload Batch: ${CLIENT} / ${batch.bankName} / ` });
  meter.pickFiles();
  await upload
    .locator('input[type="file"]')
    .setInputFiles(
      files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: f.buffer })),
    );
  for (const f of files) await upload.getByText(f.name, { exact: true }).waitFor();
  if (batch.templateType === 'Hybrid')
    for (const radio of await upload.getByRole('radio', { name: 'Transaction' }).all()) await radio.check();
  await upload.getByRole('button', { name: 'UPLOAD FILES' }).click();
  const result = page.getByRole('dialog', { name: 'Upload Results' });
  await result.getByText(`Files uploaded successfully: ${files.length}`).waitFor({ timeout: 120_000 });
  await result.getByText('Files with errors: 0').waitFor();
  await result.getByRole('button', { name: 'CLOSE' }).click();
  await result.waitFor({ state: 'detached' });

  await openBatchAction(page, { bankName: batch.bankName, typeLabel }, 'Extraction Progress');
  const progress = page.getByRole('dialog', { name: /^Extraction Progress: / });
  for (const f of files) {
    const row = progress
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: f.name, exact: true }) });
    const settled = row.getByText(/^(Extracted|Failed)$/);
    await settled.waitFor({ timeout: EXTRACTION_WAIT_MS });
    assert.equal(await settled.innerText(), 'Extracted', await row.innerText());
  }
  await progress.getByRole('button', { name: 'CLOSE' }).click();
  await progress.waitFor({ state: 'detached' });
}

test('Start Ingestion for the client makes a batch per relationship and account type', () =>
  meter.step('Start Ingestion', startIngestion));

async function startIngestion() {
  await meter.goto(`/client-management/${clientId}`);
  await page.getByRole('heading', { name: CLIENT, level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Banks' }).click();
  await page.getByRole('button', { name: 'Start Ingestion', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Start Ingestion: ${CLIENT}` });
  assert.equal(await dialog.getByLabel('Start Date').inputValue(), period.startDate);
  assert.equal(await dialog.getByLabel('End Date').inputValue(), period.endDate);
  await dialog.getByRole('button', { name: 'Start Ingestion' }).click();
  await page
    .getByText(/^Ingestion started: \d+ batch(es)? created\.$/)
    .first()
    .waitFor();
  await dialog.waitFor({ state: 'detached' });
  const batches = await listBatches();
  assert.ok(batches.length >= 3, `${batches.length} batches`);
}

test('every statement is uploaded into its batch and extracted, one of them twice', () =>
  meter.step('Upload every statement and watch it extract', uploadEveryStatement));

async function uploadEveryStatement() {
  await meter.goto(`/data-ingestion/${clientId}`);
  await page.getByRole('heading', { name: 'Data Ingestion: Upload Dashboard' }).waitFor();
  for (const batch of await listBatches()) {
    const files = filesOf(batch);
    if (files.length === 0) continue;
    for (const f of files) {
      const figures: StatementFigures = readStatementFigures(f);
      const seen = expected.get(figures.accountNumber);
      // Files are listed by month, so the last one read closes the quarter.
      expected.set(figures.accountNumber, {
        entries: (seen?.entries ?? 0) + figures.entries,
        closingCents: figures.closingCents,
      });
    }
    const uploads = files.map((f) => ({ name: f.name, buffer: readFileSync(f.path) }));
    if (!copied && batch.templateType === 'Transaction') {
      // The same statement sent again under another name: its rows are possible duplicates.
      copied = [...files].sort((a, b) => a.sizeBytes - b.sizeBytes)[0]!;
      uploads.push({ name: copied.name.replace(/(\.\w+)$/, '-resent$1'), buffer: readFileSync(copied.path) });
    }
    await uploadFiles(batch, uploads);
  }
  assert.ok(copied, 'a Transaction batch took a statement twice');
  await saveScreenshot(page, '19-all-extracted');
}

/** The account rows of a batch's Validate Batch dialog. */
const accountRows = (dialog: Locator) => dialog.getByRole('table', { name: 'Accounts' }).locator('tbody tr');

test('the copy is flagged, and its possible duplicates are dropped over the whole list', () =>
  meter.step('(extra) drop the resent copy’s possible duplicates', dropCopyDuplicates));

async function dropCopyDuplicates() {
  const batch = (await listBatches()).find(
    (b) => b.templateType === 'Transaction' && filesOf(b).some((f) => f.name === copied.name),
  )!;
  const figures = readStatementFigures(copied);
  const dialog = await openValidateBatch(page, {
    clientName: CLIENT,
    bankName: batch.bankName,
    typeLabel: TYPE_LABELS[batch.templateType]!,
  });
  const row = accountRows(dialog).filter({ hasText: figures.accountNumber });
  await row.getByText(`${figures.entries} duplicates to decide`).waitFor({ timeout: 30_000 });
  await chooseRowAction(row, 'Decide Possible Duplicates');
  const staging = page.getByRole('dialog', { name: /^Validate\/Inspect\/Edit: / });
  await staging
    .getByRole('table', { name: 'Inspect Staging Transactions' })
    .locator('tbody tr')
    .first()
    .waitFor();
  await staging.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  if (figures.entries > 50)
    await staging.getByRole('button', { name: `Select all ${figures.entries} rows` }).click();
  await saveScreenshot(page, '19-duplicates-to-decide');
  await staging.getByRole('button', { name: 'Drop all', exact: true }).click();
  await page.getByText('Possible duplicate(s) dropped.').first().waitFor();
  await staging.getByRole('button', { name: 'Close', exact: true }).click();
  await staging.waitFor({ state: 'detached' });
  await row.getByText(/duplicates? to decide$/).waitFor({ state: 'detached', timeout: 30_000 });
  await dialog.getByRole('button', { name: 'CLOSE' }).click();
  await dialog.waitFor({ state: 'detached' });
}

// VALIDATE THIS BATCH validates every reconciled account and the batch in one action (issue 42 point 2).
test('every account reconciles, and each batch is validated in one action', () =>
  meter.step('Validate each batch (accounts with it)', validateEveryBatch));

async function validateEveryBatch() {
  for (const batch of await listBatches()) {
    if (filesOf(batch).length === 0) continue;
    const dialog = await openValidateBatch(page, {
      clientName: CLIENT,
      bankName: batch.bankName,
      typeLabel: TYPE_LABELS[batch.templateType]!,
    });
    for (const accountNumber of batch.accountNumbers) {
      const row = accountRows(dialog).filter({ hasText: accountNumber });
      await row.getByRole('cell', { name: 'Needs Validation', exact: true }).waitFor({ timeout: 30_000 });
      // An account of positions only has nothing to reconcile ('—'); every other one adds up.
      if (expected.get(accountNumber)?.entries)
        await row.getByRole('button', { name: /^Reconciled: statements of / }).waitFor();
    }
    await saveScreenshot(page, `19-reconciled-${slugOf(batch.bankName)}-${slugOf(batch.templateType)}`);
    await dialog.getByRole('button', { name: 'VALIDATE THIS BATCH' }).click();
    await page.getByText('Batches Validated Successfully').first().waitFor({ timeout: 60_000 });
    await dialog.waitFor({ state: 'detached' });
    const accounts = await api<{ status: string }[]>(
      'GET',
      `/api/data-ingestion/accounts/all/${batch.batchId}`,
    );
    assert.deepEqual(
      accounts.filter((a) => a.status !== 'Validated' && a.status !== 'Ignored'),
      [],
      `${batch.bankName}: every account validated with its batch`,
    );
  }
}

test("the books equal the statements: each account's entries of the quarter and its closing balance", async () => {
  const accounts = await api<{ accountId: number; accountNumber: string; accountName: string }[]>(
    'GET',
    `/api/accounts/all/${clientId}`,
  );
  const quarter = { id: 'transactionDate', value: { from: period.startDate, to: period.endDate } };
  for (const [accountNumber, statement] of expected) {
    const account = accounts.find((a) => a.accountNumber.trim() === accountNumber);
    assert.ok(account, `the statement's account ${accountNumber} is the client's`);
    const booked = await api<{ resultCount: number }>(
      'POST',
      `/api/transactions/account/${account.accountId}`,
      {
        pageSize: 50,
        pageIndex: 0,
        filters: [quarter],
        searchTerm: '',
        sortOrder: [],
      },
    );
    assert.equal(
      booked.resultCount,
      statement.entries,
      `${account.accountName}: the quarter's entries, once`,
    );
    // The promotion queued the account's balance tables; their last day of the quarter is the books' balance.
    const deadline = Date.now() + 120_000;
    let closing: number | undefined;
    for (; closing === undefined && Date.now() < deadline; await page.waitForTimeout(1000)) {
      const history = await api<{ isStale: boolean; points: { date: string; balance: number }[] }>(
        'GET',
        `/api/accounts/balance-history/${account.accountId}`,
      );
      const day = history.points.find((p) => p.date === period.endDate);
      if (!history.isStale && day) closing = day.balance;
    }
    assert.ok(closing !== undefined, `${account.accountName}: the balance tables reach ${period.endDate}`);
    assert.equal(
      Math.round(closing * 100),
      statement.closingCents,
      `${account.accountName}: the books close the quarter at the statement's closing balance`,
    );
  }
  await page.goto(`/data-ingestion/${clientId}?view=history`);
  await page.getByRole('table', { name: 'Ingested Batches' }).waitFor();
  await saveScreenshot(page, '19-ingested-batches');
  // Every batch closed: the quarter is ready for its analysis.
  const reports = await api<{ clientId: number; analysisStatus: string }[]>(
    'GET',
    '/api/data-ingestion/open-reports',
  );
  assert.equal(reports.find((r) => r.clientId === clientId)?.analysisStatus, 'Ready For Analysis');
});
