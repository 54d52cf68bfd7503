import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { checkRow, launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { type ApiCall, signedInApi } from '../support/api';

// Issue 6 points 2 and 7 (web): on a demo client's Summary sub-tab 'Notes' the admin adds a note
// tagging themself, comments on it and resolves it; on Global Settings tab 1 the resolved note is
// read-only and is restored; resolved again, it is deleted from the Resolved Notes list.

const suffix = randomBytes(3).toString('hex');
const title = `E2E note ${suffix}`;
const commentText = `E2E comment ${suffix}`;

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

/** The row of the E2E note, found through the table's search box. */
async function findRow(table: Locator): Promise<Locator> {
  await table.getByRole('searchbox', { name: 'Search' }).fill(title);
  const row = table.getByRole('row').filter({ hasText: title });
  await row.waitFor();
  return row;
}

async function confirmIn(name: string, warning: string, button: string) {
  const confirm = page.getByRole('dialog', { name });
  await confirm.getByText(warning).waitFor();
  await confirm.getByRole('button', { name: button }).click();
  await confirm.waitFor({ state: 'detached' });
}

async function openClientNotes(clientId: number): Promise<Locator> {
  await page.goto(`/client-management/${clientId}`);
  await page.getByRole('tab', { name: 'Notes' }).click();
  const table = page.getByRole('region', { name: 'Notes', exact: true });
  await table.waitFor();
  return table;
}

test('a note is added with a tag, commented, resolved, restored and deleted', async () => {
  page = await openPage(browser, BASE_URL);
  await signInAdmin(page, await ensureAdmin(page));
  api = await signedInApi(page);
  const me = await api<{ firstName: string; lastName: string }>('GET', '/api/users/logged-user');
  const [client] = await api<{ clientId: number }[]>('GET', '/api/clients/list');
  assert.ok(client, 'seed-demo made clients');
  const myName = `${me.firstName} ${me.lastName}`;

  let table = await openClientNotes(client.clientId);
  await table.getByRole('button', { name: 'Add Note' }).click();
  const add = page.getByRole('dialog', { name: 'Add Note' });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Description').fill(`Written by the browser test ${suffix}.`);
  await add.getByRole('combobox', { name: 'Tag Users' }).click();
  await page.getByRole('option', { name: myName, exact: true }).click();
  await page.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Note added successfully.').waitFor();
  await add.waitFor({ state: 'detached' });
  let row = await findRow(table);
  // The author cell and the User Tags chip.
  await row.getByText(myName, { exact: true }).nth(1).waitFor();

  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  let view = page.getByRole('dialog', { name: title });
  await view.getByText('No comments found.').waitFor();
  await view.getByLabel('Add a comment').fill(commentText);
  await view.getByRole('button', { name: 'Add Comment' }).click();
  // The comment box still holds the text until the save answers: look for it in the list.
  await view.getByTestId('note-comments-list').getByText(commentText).waitFor();
  await saveScreenshot(page, '12-notes-view');
  await view.getByRole('button', { name: 'Resolve' }).click();
  await confirmIn('Resolve Notes', 'This action can only be undone by an administrator.', 'Resolve');
  await page.getByText('Note(s) resolved successfully.').waitFor();
  await view.waitFor({ state: 'detached' });
  await row.waitFor({ state: 'detached' });

  await page.goto('/global-settings?tab=1');
  const resolved = page.getByRole('region', { name: 'Resolved Notes' });
  row = await findRow(resolved);
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  view = page.getByRole('dialog', { name: title });
  await view.getByTestId('note-comments-list').getByText(commentText).waitFor();
  assert.equal(await view.getByLabel('Add a comment').isDisabled(), true);
  assert.equal(await view.getByRole('button', { name: 'Resolve' }).count(), 0);
  await view.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog', { name: 'Restore Notes' }).getByRole('button', { name: 'Restore' }).click();
  await page.getByText('Note(s) restored successfully.').waitFor();
  await row.waitFor({ state: 'detached' });

  // Delete is offered only from the resolved list: resolve it again from the client's table first.
  table = await openClientNotes(client.clientId);
  row = await findRow(table);
  assert.equal(await table.getByRole('button', { name: 'Delete Notes' }).count(), 0);
  await checkRow(row.getByRole('checkbox', { name: `Select ${title}` }));
  await table.getByRole('button', { name: 'Resolve Notes' }).click();
  await confirmIn('Resolve Notes', 'This action can only be undone by an administrator.', 'Resolve');
  await row.waitFor({ state: 'detached' });

  await page.goto('/global-settings?tab=1');
  row = await findRow(resolved);
  await checkRow(row.getByRole('checkbox', { name: `Select ${title}` }));
  await resolved.getByRole('button', { name: 'Delete Notes' }).click();
  await confirmIn('Delete Notes', 'This action cannot be undone.', 'Delete');
  await page.getByText('Note(s) deleted successfully.').waitFor();
  await row.waitFor({ state: 'detached' });
});
