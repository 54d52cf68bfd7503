import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { type ApiCall, choose, signedInApi } from '../support/api';

// Issue 6 point 1 (web): against the demo data set that e2e/run.ts seeds, the admin adds a keyword on
// Global Settings tab 0 and finds it in the Transactions keyword filter of the demo account 'County
// Payroll'; then adds a quote type on tab 4, deactivates it, and sees it leave the quote-type choices.

const suffix = randomBytes(3).toString('hex').toUpperCase();
const keywordName = `E2E KEYWORD ${suffix}`;
const quoteTypeName = `E2E Quote ${suffix}`;

let browser: Browser;
let page: Page;
let api: ApiCall;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await page?.context().close();
  await browser.close();
});

test('a keyword added on tab 0 is offered by the Transactions keyword filter', async () => {
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);

  await page.goto('/global-settings');
  const keywords = page.getByRole('region', { name: 'Manage Keywords' });
  // The demo's keywords fill more than the first page; the search box finds one.
  await keywords.getByRole('row').nth(1).waitFor();
  await keywords.getByRole('searchbox', { name: 'Search' }).fill('PAYROLL');
  await keywords.getByRole('cell', { name: 'PAYROLL', exact: true }).waitFor();
  await keywords.getByRole('button', { name: 'Add Keyword' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Keyword' });
  await dialog.getByLabel('Keyword Name').fill(keywordName);
  await choose(dialog, 'Keyword Category', 'Payroll');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Keyword created successfully.').waitFor();
  await keywords.getByRole('searchbox', { name: 'Search' }).fill(keywordName);
  await keywords.getByRole('cell', { name: keywordName, exact: true }).waitFor();
  // The upload date shows as an ordinal (the migration's default is the 5th business day).
  const upload = page.getByRole('region', { name: 'Data Ingestion Upload Date' });
  assert.match(await upload.getByRole('combobox', { name: 'Upload Date' }).innerText(), /^\d+(st|nd|rd|th)$/);
  await saveScreenshot(page, '10-keyword-added');

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
  await page.getByRole('table', { name: 'Transactions' }).waitFor();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Set Filters' });
  await filters.getByRole('combobox', { name: 'Filter Keywords' }).click();
  await page.getByRole('option', { name: keywordName }).waitFor();
  await saveScreenshot(page, '10-keyword-in-filter');
  await page.keyboard.press('Escape');
});

test('a quote type added on tab 4 is deactivated and leaves the choices', async () => {
  await page.goto('/global-settings?tab=4');
  const table = page.getByRole('region', { name: 'Manage Quote Types' });
  await table.getByRole('cell', { name: 'Bank Quote', exact: true }).waitFor();
  await table.getByRole('button', { name: 'Add Quote Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Quote Type' });
  await dialog.getByLabel('Quote Type Name').fill(quoteTypeName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: quoteTypeName }) });
  await row.getByText('ACTIVE', { exact: true }).waitFor();
  assert.ok(
    (await api<{ label: string }[]>('GET', '/api/administration/quote-types/list')).some(
      (o) => o.label === quoteTypeName,
    ),
  );

  await table.getByRole('button', { name: `Actions for ${quoteTypeName}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Quote Type' });
  await confirm.getByText(`Are you sure you want to deactivate ${quoteTypeName}?`).waitFor();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await confirm.waitFor({ state: 'detached' });
  await row.getByText('INACTIVE', { exact: true }).waitFor();
  await saveScreenshot(page, '10-quote-type-deactivated');
  assert.ok(
    !(await api<{ label: string }[]>('GET', '/api/administration/quote-types/list')).some(
      (o) => o.label === quoteTypeName,
    ),
    'an inactive quote type is no longer a choice',
  );
});
