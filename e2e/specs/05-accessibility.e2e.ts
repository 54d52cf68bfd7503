import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { ensureAdmin, GREETING, signInAdmin } from '../support/admin';
import { BASE_URL } from '../support/env';
import { assertNoSeriousViolations } from '../support/axe';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

test('the sign-in screen has no serious or critical axe violation', async () => {
  const page = await openPage(browser, BASE_URL);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await assertNoSeriousViolations(page, 'sign-in');
  // The validation messages and the failure alert are part of the screen too.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Required!').first().waitFor();
  await assertNoSeriousViolations(page, 'sign-in with validation messages');
  await saveScreenshot(page, '05-sign-in-validation');
  await page.context().close();
});

test('the set-new-password screen has no serious or critical axe violation', async () => {
  const page = await openPage(browser, BASE_URL);
  await page.goto('/reset-password/someone%40example.com/not-a-real-code');
  await page.getByRole('heading', { name: 'Set New Password' }).waitFor();
  await assertNoSeriousViolations(page, 'set-new-password');
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByText('Must be 12 characters or more.').waitFor();
  await page.getByText('Passwords must match!').waitFor();
  await assertNoSeriousViolations(page, 'set-new-password with validation messages');
  await saveScreenshot(page, '05-set-new-password-validation');
  await page.context().close();
});

test('the 404 screen has no serious or critical axe violation and leads home', async () => {
  const page = await openPage(browser, BASE_URL);
  await page.goto('/no/such/page');
  await page
    .getByText('Page not found. The link you clicked may be broken or the page may have been removed.')
    .waitFor();
  await assertNoSeriousViolations(page, '404');
  await saveScreenshot(page, '05-not-found');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  // Signed out, /dashboard sends the visitor on to the sign-in screen.
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.context().close();
});

test('the signed-in shell has no serious or critical axe violation, open, collapsed and with its menu', async () => {
  const page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await signInAdmin(page, admin);
  await page.getByRole('heading', { name: GREETING }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await assertNoSeriousViolations(page, 'dashboard shell');
  await saveScreenshot(page, '05-dashboard-shell');
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await page.getByRole('button', { name: 'Expand navigation' }).waitFor();
  await assertNoSeriousViolations(page, 'dashboard shell, sidebar collapsed');
  await page.getByRole('button', { name: /account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
  await assertNoSeriousViolations(page, 'dashboard shell, user menu open');
  await saveScreenshot(page, '05-dashboard-user-menu');
  await page.context().close();
});
