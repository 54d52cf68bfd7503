import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_ROLES } from '@tideline/contracts/access/default-roles';
import {
  enrolFromQrCode,
  ensureAdmin,
  setNewPassword,
  signInAdmin,
  submitCredentials,
} from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { waitForMailLink } from '../support/outbox';

// Issue 3 point 7: an admin adds an Analyst, who enrols and sees exactly the links of that role; the
// admin resets the Analyst's MFA (they must enrol again) and edits the role (what they see changes).

// platform.md 2.2: the sidebar links and the view permission each needs (Home always), and ours: the
// exception queue of issue 43.
const SIDEBAR = [
  ['Home', null],
  ['Users', 'VIEW_USERS'],
  ['Clients', 'VIEW_CLIENTS'],
  ['Banks', 'VIEW_BANKS'],
  ['Data Ingestion', 'VIEW_OPEN_REPORTS'],
  ['Investments', 'VIEW_INVESTMENTS'],
  ['Analysis', 'VIEW_ANALYSIS'],
  ['Exceptions', 'VIEW_EXCEPTIONS'],
  ['Global Settings', 'VIEW_GLOBAL_SETTINGS'],
] as const;

function linksFor(permissions: readonly string[]): string[] {
  return SIDEBAR.filter(([, p]) => p === null || permissions.includes(p)).map(([label]) => label);
}

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home' }).waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const analyst = {
  firstName: 'Ana',
  lastName: `Lyst${randomBytes(2).toString('hex')}`,
  email: `analyst.${randomBytes(4).toString('hex')}@example.com`,
  password: 'Analyst-Password-2026!',
};
const analystName = `${analyst.firstName} ${analyst.lastName}`;
const analystPermissions = DEFAULT_ROLES.find((r) => r.roleName === 'Analyst')!.permissions;

async function openUserActions(page: Page, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${analystName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

let adminPage: Page;
let analystPage: Page;

test('an admin adds an Analyst and the invitation arrives', async () => {
  adminPage = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(adminPage);
  await signInAdmin(adminPage, admin);
  await adminPage.goto('/user-management');
  await adminPage.getByRole('heading', { name: 'Manage Users' }).waitFor();

  await adminPage.getByRole('button', { name: 'Add New User' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('First Name').fill(analyst.firstName);
  await dialog.getByLabel('Last Name').fill(analyst.lastName);
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Must be valid email.').waitFor();
  await dialog.getByLabel('Email').fill(analyst.email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Analyst', exact: true }).click();
  await saveScreenshot(adminPage, '06-add-user-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await adminPage.getByRole('cell', { name: analyst.email }).waitFor();
  await saveScreenshot(adminPage, '06-users-table');

  const link = await waitForMailLink(analyst.email, /\/reset-password\//);
  assert.ok(link.startsWith(BASE_URL));
});

test('the Analyst sets a password, enrols MFA and sees exactly the links of the role', async () => {
  const link = await waitForMailLink(analyst.email, /\/reset-password\//);
  analystPage = await openPage(browser, BASE_URL);
  await setNewPassword(analystPage, link, analyst.password);
  await submitCredentials(analystPage, analyst.email, analyst.password);
  await enrolFromQrCode(analystPage);
  assert.deepEqual(await sidebarLinks(analystPage), linksFor(analystPermissions));
  await saveScreenshot(analystPage, '06-analyst-dashboard');
});

test('after the admin resets their MFA, the Analyst is signed out and must enrol again', async () => {
  await openUserActions(adminPage, 'Reset MFA');
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Reset MFA' }).click();
  await adminPage.getByText('MFA reset request successful.').waitFor();

  // Every session ended at once: the next load cannot refresh and lands on the sign-in screen.
  await analystPage.reload();
  await analystPage.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await submitCredentials(analystPage, analyst.email, analyst.password);
  await enrolFromQrCode(analystPage);
});

test("a role edit changes the Analyst's sidebar after a reload", async () => {
  await adminPage.getByRole('tab', { name: 'Roles' }).click();
  await adminPage.getByRole('button', { name: 'Actions for Analyst' }).click();
  await adminPage.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'View Banks' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The stored user draws the first frame; the reloaded one (GET /api/users/logged-user) replaces it.
  const reloadedUser = analystPage.waitForResponse((r) => r.url().endsWith('/api/users/logged-user'));
  await analystPage.reload();
  const permList = ((await (await reloadedUser).json()) as { permList: string[] }).permList;
  assert.ok(!permList.includes('VIEW_BANKS'));
  const expected = linksFor(analystPermissions.filter((p) => p !== 'VIEW_BANKS'));
  await analystPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Banks' }).waitFor({
    state: 'detached',
  });
  assert.deepEqual(await sidebarLinks(analystPage), expected);
  // The route is closed too, not only the link.
  await analystPage.goto('/bank-management');
  await analystPage.getByText(/Page not found/).waitFor();
  await saveScreenshot(analystPage, '06-analyst-after-role-edit');

  // Put the role back for any later spec.
  await adminPage.getByRole('button', { name: 'Actions for Analyst' }).click();
  await adminPage.getByRole('menuitem', { name: 'Edit' }).click();
  await dialog.getByRole('checkbox', { name: 'View Banks' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await adminPage.context().close();
  await analystPage.context().close();
});
