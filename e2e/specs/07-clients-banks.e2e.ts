import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { choose } from '../support/api';

// Issue 4 points 1-4: the admin creates a bank and a client, relates them, gives the relationship a
// transaction template, and finds the client in the list and its profile.

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await signInAdmin(page, admin);
});
after(async () => {
  await page.context().close();
  await browser.close();
});

const suffix = randomBytes(3).toString('hex');
const bankName = `Harbor Savings ${suffix}`;
const clientName = `Town of Millbrook ${suffix}`;

test('the admin adds a bank', async () => {
  await page.goto('/bank-management');
  await page.getByRole('heading', { name: 'Banks', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add New Bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Bank' });
  await dialog.getByLabel('Bank Name').fill(bankName);
  await dialog.getByLabel('Asset Size (m)').fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Field must be a positive number.').waitFor();
  await dialog.getByLabel('Asset Size (m)').fill('850.5');
  await choose(dialog, 'Data Availability Date', '3rd');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ hasText: bankName });
  await row.getByRole('cell', { name: '3rd' }).waitFor();
  await saveScreenshot(page, '07-banks');
});

test('the admin adds a client, which appears in the list and opens its profile', async () => {
  await page.goto('/client-management');
  await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add New Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Client' });
  await dialog.getByLabel('Client Name').fill(clientName);
  await dialog.getByLabel('Budget (millions)').fill('12.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Positive number without decimal!').waitFor();
  await dialog.getByLabel('Budget (millions)').fill('12');
  await dialog.getByLabel('Initial Interest').fill('0.75');
  await choose(dialog, 'Client Category', 'Municipal Government');
  await choose(dialog, 'Client Type', 'Town');
  await choose(dialog, 'State', 'VT');
  await choose(dialog, 'Report Frequency', '3 months');
  await choose(dialog, 'Report Cycle', '1 (Jan, Apr, Jul, Oct)');
  await saveScreenshot(page, '07-add-client-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  const link = page.getByRole('link', { name: clientName });
  await link.waitFor();
  await page.getByRole('row').filter({ has: link }).getByRole('cell', { name: '---' }).waitFor();
  await link.click();
  await page.getByRole('heading', { name: clientName, level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Report Status' }).waitFor();
  await saveScreenshot(page, '07-client-profile');
});

test('the admin relates the bank to the client and gives it a transaction template', async () => {
  await page.getByRole('tab', { name: 'Banks' }).click();
  await page.getByRole('button', { name: 'Add Bank Relationship' }).click();
  const add = page.getByRole('dialog', { name: 'Add Bank Relationship' });
  await choose(add, 'Bank', bankName);
  await add.getByRole('button', { name: 'Save' }).click();
  await add.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: bankName, exact: true }).waitFor();

  await page.getByRole('button', { name: `Actions for ${bankName}` }).click();
  await page.getByRole('menuitem', { name: 'Manage Transactions Import Template' }).click();
  const dialog = page.getByRole('dialog', { name: /Manage Transactions Import Template/ });
  await dialog.getByLabel('First Cell Text').fill('Account Statement');
  await dialog.getByLabel('Header Start').fill('1');
  await dialog.getByLabel('Account Number', { exact: true }).fill('0');
  await dialog.getByLabel('Date', { exact: true }).fill('1');
  await dialog.getByLabel('Description').fill('2,3');
  await dialog.getByLabel('Amount', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Column references must be unique.').first().waitFor();
  await dialog.getByLabel('Amount', { exact: true }).fill('4');

  // The live preview reads a sample with the template as it stands.
  await dialog.getByLabel('Sample file').setInputFiles({
    name: 'sample.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Account Statement\nAccount,Date,Memo,Reference,Amount\n1001,01/15/2025,Payroll,PR-1,-1200.50\n1001,01/16/2025,Property tax,PT-7,5400.00\n',
    ),
  });
  const produced = dialog.getByRole('table', { name: 'Rows the template produces' });
  await produced.getByText('Property tax PT-7').waitFor();
  await saveScreenshot(page, '07-transaction-template');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Template saved successfully.').waitFor();
  await dialog.waitFor({ state: 'detached' });

  // Saved: opening the dialog again loads it.
  await page.getByRole('button', { name: `Actions for ${bankName}` }).click();
  await page.getByRole('menuitem', { name: 'Manage Transactions Import Template' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
});
