import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { type ApiCall, assignClientTo, signedInApi } from '../support/api';

// Issue 5 point 7 (web): against the demo data set that e2e/run.ts seeds (its investment portfolio), the
// admin is assigned to one client through the API; then, in the UI, All Investments is filtered to 'my
// clients', a new investment group is made and opened, an investment found by the search dialog is
// added to it, and editing that investment's face value changes its calculated interest at maturity.

const suffix = randomBytes(3).toString('hex');
const groupName = `E2E Ladder ${suffix}`;

interface ListedInvestment {
  id: number;
  clientName: string;
  investmentId: string | null;
  faceValue: number;
  settlementAmount: number;
  interestAtMaturity: number;
  couponRate: number | null;
  settlementDate: string;
  maturityDate: string;
  callDate: string | null;
}

/** docs/models.md "Interest at maturity": face value counts once, and again in the coupon interest. */
function interestPerFaceDollar(i: ListedInvestment): number {
  const days = (Date.parse(i.maturityDate) - Date.parse(i.settlementDate)) / 86_400_000;
  return 1 + ((i.couponRate ?? 0) / 100) * (days / 365);
}

let browser: Browser;
let page: Page;
let api: ApiCall;
let clientName = '';
let target: ListedInvestment;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await page?.context().close();
  await browser.close();
});

test('the admin is assigned to a demo client through the API', async () => {
  page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await signInAdmin(page, admin);
  api = await signedInApi(page);
  const me = await api<{ userId: number }>('GET', '/api/users/logged-user');
  const clients = await api<{ clientId: number; clientName: string }[]>('GET', '/api/clients/all');
  assert.ok(clients.length > 0, 'seed-demo made clients');
  clientName = (await assignClientTo(api, clients[0]!.clientId, me.userId)).clientName;
  // A holding of that client with a market identifier, to find in the search dialog.
  const mine = await api<{ results: ListedInvestment[] }>('POST', '/api/investments/all/', {
    pageSize: 50,
    pageIndex: 0,
    filters: [{ id: 'myClients', value: true }],
    searchTerm: '',
    sortOrder: [{ id: 'maturityDate', desc: true }],
  });
  const found = mine.results.find((i) => i.investmentId && i.clientName === clientName);
  assert.ok(found, 'the client holds investments with identifiers');
  target = found;
});

test("All Investments is filtered to the admin's clients", async () => {
  await page.goto('/investment-management');
  await page.getByRole('heading', { name: 'Investments', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'All Investments' });
  await table.locator('tbody tr').first().waitFor();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Filters' });
  await dialog.getByText('Page 1 of 4').waitFor();
  await dialog.getByRole('radio', { name: "Only my clients' investments" }).check();
  await dialog.getByRole('button', { name: 'APPLY FILTERS' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText("Show: Only my clients' investments").waitFor();
  // Every row now belongs to the assigned client (the relationship reads 'Client, Account').
  await page.waitForFunction(
    (name) => {
      const cells = [...document.querySelectorAll('table[aria-labelledby] tbody tr td:nth-child(2)')];
      return cells.length > 0 && cells.every((c) => c.textContent?.startsWith(`${name},`));
    },
    clientName,
    { timeout: 15_000 },
  );
  await saveScreenshot(page, '09-my-clients');
});

test('a group is made, opened, and given an investment through the search dialog', async () => {
  await page.getByRole('button', { name: 'Add Investment Group' }).click();
  const add = page.getByRole('dialog', { name: 'Add Investment Group' });
  await add.getByLabel('Group Name').fill(groupName);
  await add.getByRole('button', { name: 'Save' }).click();
  await add.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Investment Groups' }).click();
  const groups = page.getByRole('table', { name: 'Investment Groups' });
  await groups.getByRole('link', { name: groupName }).click();
  await page.getByRole('heading', { name: `${groupName} Investments`, level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Investments' }).getByText('No Results.').waitFor();

  await page.getByRole('button', { name: 'Add Investment(s)' }).click();
  const search = page.getByRole('dialog', { name: 'Add Investment(s)' });
  await search.getByText('Type a search term to find investments.').waitFor();
  assert.equal(await search.getByRole('button', { name: 'Add', exact: true }).isDisabled(), true);
  await search.getByLabel('Search').fill(target.investmentId!);
  const found = search.getByRole('table', { name: 'Investments found' });
  await found.getByText(target.investmentId!, { exact: true }).first().waitFor();
  await found.getByRole('checkbox').first().check();
  await search.getByRole('button', { name: 'Add', exact: true }).click();
  await search.waitFor({ state: 'detached' });
  const members = page.getByRole('table', { name: 'Investments' });
  await members.getByText(target.investmentId!, { exact: true }).waitFor();
  await saveScreenshot(page, '09-group');
});

test("editing the investment's face value changes its interest at maturity", async () => {
  const members = page.getByRole('table', { name: 'Investments' });
  const row = members.locator('tbody tr', { hasText: target.investmentId! }).first();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Investment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Investment' });
  const width = (await dialog.boundingBox())?.width ?? 0;
  assert.ok(width >= 1200, `the dialog is ${width}px wide`);
  const derived = dialog.getByRole('region', { name: 'Calculated fields' });
  const interest = derived.locator('dd').nth(3);
  const before = await interest.textContent();

  await dialog.getByLabel('Face Value').fill('not a number');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Field must be a number.').waitFor();

  // Ten thousand more face value: ten thousand more at maturity, plus its coupon interest.
  const faceValue = (target.faceValue + 10_000).toFixed(2);
  await dialog.getByLabel('Face Value').fill(faceValue);
  // Issue 20 point 1: only a callable instrument needs a call date, so the others save without one.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Investment updated successfully.').waitFor();
  await page.waitForFunction(
    ([text]) =>
      [...document.querySelectorAll('[role="dialog"] section[aria-label="Calculated fields"] dd')][3]
        ?.textContent !== text,
    [before],
  );
  const after = await interest.textContent();
  const amount = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
  const expected = 10_000 * interestPerFaceDollar(target);
  assert.ok(
    Math.abs(amount(after) - amount(before) - expected) < 0.02,
    `interest at maturity went from ${before} to ${after}, expected +${expected.toFixed(2)}`,
  );
  await saveScreenshot(page, '09-edit-investment');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await members.getByText(after!.trim()).waitFor();
});
