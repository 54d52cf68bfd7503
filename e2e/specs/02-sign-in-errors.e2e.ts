import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
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

test('the sign-in screen loads without the toast host (bench/README.md first-load figure)', async () => {
  const page = await openPage(browser, BASE_URL);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(
    scripts.some((s) => /sign-in-page-/.test(s)),
    scripts.join(', '),
  );
  assert.deepEqual(
    scripts.filter((s) => /notistack|toaster/.test(s)),
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
