import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { enrolFirstAdmin, GREETING, logOut, readAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

test('first-admin link -> set password -> sign in -> MFA enrolment -> /dashboard greeting', async () => {
  assert.equal(readAdmin(), undefined, 'the first spec runs on a fresh server');
  const page = await openPage(browser, BASE_URL);
  await enrolFirstAdmin(page);
  const greeting = page.getByRole('heading', { level: 1 });
  await greeting.waitFor();
  assert.match((await greeting.textContent()) ?? '', new RegExp(`${GREETING.source}\\S+`));
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await saveScreenshot(page, '01-dashboard-after-enrolment');
  await page.context().close();
});

test('sign out, then sign in again with a code from the authenticator', async () => {
  const admin = readAdmin();
  assert.ok(admin, 'the admin was enrolled by the previous test');
  const page = await openPage(browser, BASE_URL);
  await signInAdmin(page, admin);
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await logOut(page);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  // Signed out means the protected pages are closed again, even after a reload.
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

  await signInAdmin(page, admin);
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.getByRole('heading', { name: GREETING }).waitFor();

  // Only the user survives a reload; the access token is fetched again through the refresh cookie.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  const reloadedUser = page.waitForResponse((r) => r.url().endsWith('/api/users/logged-user'));
  await page.reload();
  assert.equal((await refreshed).status(), 200);
  assert.equal((await reloadedUser).status(), 200);
  await page.getByRole('heading', { name: GREETING }).waitFor();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  assert.match(stored, /permList/);
  assert.doesNotMatch(stored, /accessToken|eyJ/);
  await saveScreenshot(page, '01-signed-in-again');
  await page.context().close();
});
