import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { type ApiCall, choose, signedInApi } from '../support/api';

// Issue 4 point 11 (web): against the real server, a client, a bank and their relationship are made
// through the API with the admin's token; then, in the UI, an account is added, a csv of accounts is
// bulk-uploaded and one staging account completed, a group is created and given accounts, and the
// Transactions table of a demo account (e2e/run.ts seeds the demo data) is filtered: the summary
// reads 'filtered of total rows' and every row left matches.

const suffix = randomBytes(3).toString('hex');
const clientName = `E2E Township ${suffix}`;
const bankName = `E2E Bank ${suffix}`;
const groupName = `Reserves ${suffix}`;

let browser: Browser;
let page: Page;
let clientId = 0;
let api: ApiCall;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await page?.context().close();
  await browser.close();
});

test('the admin makes a client, a bank and their relationship through the API', async () => {
  page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await signInAdmin(page, admin);
  api = await signedInApi(page);
  const { client } = await api<{ client: { clientId: number } }>('POST', '/api/clients/add', {
    client: {
      clientName,
      budget: '25',
      clientCategory: (await api<string[]>('GET', '/api/clients/categories'))[0],
      clientType: (await api<string[]>('GET', '/api/clients/types'))[0],
      state: 'NY',
      initialInterest: '0',
      dataGatheringFrequency: 3,
      reportFrequency: 3,
      reportCycle: 1,
    },
  });
  clientId = client.clientId;
  const { bank } = await api<{ bank: { bankId: number } }>('POST', '/api/banks/add', {
    bank: { bankName, assetSize: '250', defaultDataGatheringFrequency: 6, dataAvailabilityDate: 5 },
  });
  await api('POST', '/api/clients/banks', {
    bankClientRel: { clientId, bankId: bank.bankId, collectionType: 'Email' },
  });
});

test('an account is added in the Accounts tab', async () => {
  await page.goto(`/client-management/${clientId}?tab=1`);
  await page.getByRole('button', { name: 'Add New Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Account' });
  await dialog.getByLabel('Account Name').fill('General Operating');
  await dialog.getByLabel('Account Number').fill(`100${suffix}`);
  await dialog.getByLabel('Account Alias').fill('Operating');
  await choose(dialog, 'Bank', bankName);
  // The bank's defaults are followed until a custom value is chosen.
  await dialog
    .getByRole('combobox', { name: 'Data Gathering Frequency' })
    .getByText('6 months (default)')
    .waitFor();
  await choose(dialog, 'Account Type', 'Transaction');
  await choose(dialog, 'Account Category', 'Operating');
  await dialog.getByLabel('Start Balance').fill('1250000.00');
  await dialog.getByLabel('Balance Date').fill('2025-01-31');
  await choose(dialog, 'Account Closed', 'No');
  await saveScreenshot(page, '08-add-account');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const all = page.getByRole('table', { name: 'All Accounts' });
  await all.getByRole('link', { name: 'General Operating' }).waitFor();
});

test('a csv of accounts is bulk-uploaded and one staging account is completed', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tideline-accounts-'));
  const file = path.join(folder, 'accounts.csv');
  writeFileSync(
    file,
    [
      'Account Name,Account Number,Account Alias,Account Type,Account Category,Bank Name,Start Balance,Balance Date',
      `Payroll Clearing,200${suffix},Payroll,Transaction,Payroll,${bankName},50000.00,01/31/2025`,
      `Tax Receipts,300${suffix},,,,${bankName},,`,
    ].join('\r\n'),
  );
  await page.getByRole('button', { name: 'Bulk Upload Accounts' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Accounts' });
  await dialog.getByLabel('Choose csv files').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByText('Files uploaded: 1').waitFor();
  await dialog.getByText('Files failed: 0').waitFor();
  await dialog.getByText('Accounts extracted: 2').waitFor({ timeout: 30_000 });
  await saveScreenshot(page, '08-bulk-upload-summary');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const staging = page.getByRole('table', { name: 'These accounts require additional setup' });
  await staging.getByText('Tax Receipts').waitFor();
  await staging.getByRole('button', { name: 'Actions for Tax Receipts' }).click();
  await page.getByRole('menuitem', { name: 'Complete' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  await edit.getByLabel('Account Alias').fill('Taxes');
  if ((await edit.getByRole('combobox', { name: 'Bank' }).textContent())?.trim() !== bankName)
    await choose(edit, 'Bank', bankName);
  await choose(edit, 'Account Type', 'Transaction');
  await choose(edit, 'Account Category', 'Deposit');
  await edit.getByLabel('Start Balance').fill('0');
  await edit.getByLabel('Balance Date').fill('2025-01-31');
  await choose(edit, 'Account Closed', 'No');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await page
    .getByRole('table', { name: 'All Accounts' })
    .getByRole('link', { name: 'Tax Receipts' })
    .waitFor();
  await staging.getByText('Tax Receipts').waitFor({ state: 'detached' });
  await staging.getByText('Payroll Clearing').waitFor();
});

test('a group is created and given accounts', async () => {
  await page.goto(`/client-management/${clientId}?tab=2`);
  await page.getByRole('button', { name: 'Add Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Group' });
  await dialog.getByLabel('Group Name').fill(groupName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Account Groups' }).getByRole('link', { name: groupName }).click();
  await page.getByRole('heading', { name: `${groupName} Group` }).waitFor();
  await page.getByRole('button', { name: 'Add Accounts' }).click();
  const add = page.getByRole('dialog', { name: 'Add Accounts' });
  await add.getByLabel(/^General Operating/).check();
  await add.getByLabel(/^Tax Receipts/).check();
  await add.getByRole('button', { name: 'Add' }).click();
  await add.waitFor({ state: 'detached' });
  const members = page.getByRole('table', { name: 'Accounts' });
  await members.getByRole('link', { name: 'General Operating' }).waitFor();
  await members.getByRole('link', { name: 'Tax Receipts' }).waitFor();
  await saveScreenshot(page, '08-account-group');
});

type RowCounts = { shown: number; total: number };

/** The 'filtered of total rows' summary once it satisfies `settled` (it reads '0 of 0' while loading). */
async function rowCounts(settled: (counts: RowCounts) => boolean): Promise<RowCounts> {
  const summary = page.getByText(/^\d+ of \d+ rows$/);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [shown, total] = ((await summary.textContent()) ?? '').match(/\d+/g)!.map(Number);
    const counts = { shown: shown!, total: total! };
    if (settled(counts) || Date.now() > deadline) return counts;
    await page.waitForTimeout(200);
  }
}

test("a demo account's Transactions table is filtered and the summary says so", async () => {
  const demoClient = (await api<{ clientId: number; clientName: string }[]>('GET', '/api/clients/list')).find(
    (c) => c.clientName === 'Cedar Valley County',
  );
  assert.ok(demoClient, 'the demo client Cedar Valley County exists');
  await page.goto(`/client-management/${demoClient.clientId}?tab=1`);
  await page
    .getByRole('table', { name: 'All Accounts' })
    .getByRole('link', { name: 'County Payroll' })
    .click();
  await page.getByRole('heading', { name: 'County Payroll', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Transactions' }).click();
  const table = page.getByRole('table', { name: 'Transactions' });
  await table.waitFor();
  const before = await rowCounts((c) => c.total > 0);
  assert.ok(before.total > 100, `three years of payroll runs, not ${before.total}`);
  assert.equal(before.shown, before.total);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Set Filters' });
  await filters.getByLabel('Filter Description').fill('Payroll');
  await choose(filters, 'Filter Transactions', 'Debit');
  await filters.getByRole('button', { name: 'APPLY FILTERS' }).click();
  await filters.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Filters (2 applied)' }).waitFor();
  const after = await rowCounts((c) => c.shown < c.total);
  assert.ok(after.shown > 0 && after.shown < before.total, `${after.shown} of ${before.total}`);
  // Every row left is a payroll debit: the description matches and the amount is negative.
  const rows = await table.locator('tbody tr').allInnerTexts();
  assert.ok(rows.length > 0);
  for (const row of rows) {
    assert.match(row, /payroll/i);
    assert.match(row, /-\$/);
  }
  await saveScreenshot(page, '08-transactions-filtered');
});
