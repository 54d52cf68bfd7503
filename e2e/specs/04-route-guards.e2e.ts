import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

test('/user-management while signed out goes to / and returns there after sign-in', async () => {
  const page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await page.goto('/user-management');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  await signInAdmin(page, admin);
  await page.waitForURL('**/user-management');
  assert.equal(new URL(page.url()).pathname, '/user-management');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await saveScreenshot(page, '04-user-management-after-sign-in');

  // A signed-in user opening a public route goes to /dashboard.
  await page.goto('/');
  await page.waitForURL('**/dashboard');
  await page.context().close();
});
