import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { enterMfaCode, ensureAdmin, submitCredentials } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';
import { wrongTotpCode } from '../support/totp';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Script files the page asks for from now on, as paths. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) scripts.push(pathname);
  });
  return scripts;
}

test('the sign-in screen loads without the toast host (bench/README.md first-load figure)', async () => {
  const page = await openPage(browser, BASE_URL);
  // Data saver on: nothing is prefetched, so what is requested is the first load alone.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
  });
  const scripts = recordScripts(page);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(
    scripts.some((s) => /sign-in-page-/.test(s)),
    scripts.join(', '),
  );
  assert.deepEqual(
    scripts.filter((s) => /notistack|toaster|app-layout-|dashboard-route-/.test(s)),
    [],
  );
  await page.context().close();
});

test('once the sign-in form is shown, the signed-in shell and the dashboard are prefetched', async () => {
  const page = await openPage(browser, BASE_URL);
  const scripts = recordScripts(page);
  const requested = (chunk: RegExp) => page.waitForRequest((r) => chunk.test(new URL(r.url()).pathname));
  const prefetches = Promise.all([requested(/\/app-layout-.+\.js$/), requested(/\/dashboard-route-.+\.js$/)]);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await prefetches;
  const signInPage = scripts.findIndex((s) => /sign-in-page-/.test(s));
  const shell = scripts.findIndex((s) => /app-layout-/.test(s));
  const dashboard = scripts.findIndex((s) => /dashboard-route-/.test(s));
  assert.ok(signInPage >= 0 && shell > signInPage && dashboard > signInPage, scripts.join(', '));
  // Fetched, not shown: still the sign-in form, and no toast host mounted.
  assert.equal(new URL(page.url()).pathname, '/');
  assert.deepEqual(
    scripts.filter((s) => /toaster-/.test(s)),
    [],
  );
  await page.context().close();
});

test("a wrong password shows 'Invalid username or password.' and keeps the email", async () => {
  const page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await submitCredentials(page, admin.email, 'Not-the-password-1!');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal((await alert.textContent())?.trim(), 'Invalid username or password.');
  assert.equal(await page.getByLabel('Email').inputValue(), admin.email);
  await saveScreenshot(page, '02-wrong-password');
  await page.context().close();
});

test("a wrong MFA code shows 'Invalid MFA token.'", async () => {
  const page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  await submitCredentials(page, admin.email, admin.password);
  await page.getByLabel('MFA Code').waitFor();
  await enterMfaCode(page, await wrongTotpCode(admin.secret));
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal((await alert.textContent())?.trim(), 'Invalid MFA token.');
  assert.equal(new URL(page.url()).pathname, '/');
  await saveScreenshot(page, '02-wrong-mfa-code');
  await page.context().close();
});
