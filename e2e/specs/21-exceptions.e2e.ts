import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { ExceptionItem, ExceptionList } from '@tideline/contracts/exceptions/exceptions.schemas';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { type ApiCall, signedInApi } from '../support/api';
import { assertNoSeriousViolations } from '../support/axe';
import { launchBrowser, openPage, saveScreenshot, scrollUntilShown } from '../support/browser';
import { BASE_URL } from '../support/env';

// Issue 43 "Checks: a browser test of the page and widget". seed-demo leaves the queue as the nightly
// detection would; the admin opens one client's exceptions from the sidebar's page, takes one over,
// sees it in My Exceptions on the dashboard, resolves it with a note, and asks for a detection again:
// the person's resolution stands while its cause does.

let browser: Browser;
let page: Page;
let api: ApiCall;
const note = `Handled by the browser test ${randomBytes(3).toString('hex')}`;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await page?.context().close();
  await browser.close();
});

test('an exception is found, taken over, seen on the dashboard and resolved', async () => {
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);
  const me = await api<{ userId: number; firstName: string; lastName: string }>(
    'GET',
    '/api/users/logged-user',
  );
  const open = await api<ExceptionList>('POST', '/api/exceptions/list', {
    pageSize: 50,
    filters: [{ id: 'status', value: ['Open'] }],
  });
  assert.ok(open.resultCount > 0, 'seed-demo leaves open exceptions');
  const target: ExceptionItem = open.results[0]!;

  // The sidebar's page, then one client's queue, as the client list's badge opens it.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Exceptions' }).first().click();
  await page.waitForURL(/\/exceptions/);
  await page.goto(`/exceptions?clientId=${target.clientId}`);
  const table = page.getByRole('region', { name: 'Exceptions', exact: true });
  const row = table.getByRole('row').filter({ hasText: target.summary.slice(0, 40) });
  await row.first().waitFor();
  await assertNoSeriousViolations(page, 'Exceptions');

  await row.getByRole('button', { name: `Actions for ${target.clientName}: ${target.summary}` }).click();
  await page.getByRole('menuitem', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Exception' });
  await assign.getByRole('combobox', { name: 'Owner' }).click();
  await page.getByRole('option', { name: `${me.firstName} ${me.lastName}`, exact: true }).click();
  await assign.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Owner saved.').waitFor();
  await assign.waitFor({ state: 'detached' });

  // My Exceptions on the dashboard holds it.
  await page.goto('/dashboard');
  const widget = page.getByRole('region', { name: 'My Exceptions' });
  await scrollUntilShown(page, widget);
  await widget.locator(`[title="${target.summary.replace(/"/g, '\\"')}"]`).waitFor();
  await saveScreenshot(page, '21-my-exceptions');

  // Resolved with a note: gone from the default view (Open and Snoozed), in its history.
  await page.goto(`/exceptions?clientId=${target.clientId}`);
  await row.first().waitFor();
  await row.getByRole('button', { name: `Actions for ${target.clientName}: ${target.summary}` }).click();
  await page.getByRole('menuitem', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve Exception' });
  await resolve.getByLabel('Note').fill(note);
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await page.getByText('Exception resolved.').waitFor();
  await row.first().waitFor({ state: 'detached' });
  const history = await api<{ action: string; description: string }[]>(
    'GET',
    `/api/exceptions/${target.exceptionId}/history`,
  );
  assert.deepEqual(
    history.slice(-2).map((h) => h.action),
    ['exception.assigned', 'exception.resolved'],
  );
  assert.equal(history.at(-1)!.description, `Resolved: ${note}`);

  // Check now: a new detection over every client; the person's decision stands.
  await page.getByRole('button', { name: 'Check now' }).click();
  await page.getByText('Exceptions checked: the list is up to date.').waitFor({ timeout: 60_000 });
  const after = await api<ExceptionItem>('GET', `/api/exceptions/${target.exceptionId}`);
  assert.equal(after.status, 'Resolved');
  assert.equal(after.resolutionNote, note);
});
