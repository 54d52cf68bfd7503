import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ensureAdmin, GREETING, logOut, saveAdmin, setNewPassword, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL, DATA_DIR } from '../support/env';

interface OutboxMail {
  to: string | string[];
  subject: string;
  links: string[];
}

const outbox = path.join(DATA_DIR, 'outbox');

function mailFiles(): string[] {
  return existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : [];
}

async function waitForResetLink(email: string, seen: Set<string>): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const file of mailFiles().filter((f) => !seen.has(f))) {
      const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail;
      const link = mail.links.find((l) => l.includes('/forgot-password/'));
      if ([mail.to].flat().includes(email) && link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No forgot-password mail for ${email} in ${outbox}`);
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

test('a forgot-password mail from the outbox leads to a working reset', async () => {
  const page = await openPage(browser, BASE_URL);
  const admin = await ensureAdmin(page);
  const seen = new Set(mailFiles());

  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await page.getByRole('heading', { name: 'Request Sent' }).waitFor();
  await saveScreenshot(page, '03-request-sent');

  const link = await waitForResetLink(admin.email, seen);
  assert.equal(new URL(link).origin, BASE_URL);
  const newPassword = 'Tideline-Reset-2025?';
  await setNewPassword(page, link, newPassword);
  assert.equal(new URL(page.url()).pathname, '/');

  // The old password is gone; the new one signs in.
  const updated = { ...admin, password: newPassword };
  saveAdmin(updated);
  await signInAdmin(page, updated);
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.getByRole('heading', { name: GREETING }).waitFor();

  // The link is single use.
  await logOut(page);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.goto(link);
  await page.getByLabel('New Password').fill('Another-Password-2026#');
  await page.getByLabel('Confirm Password').fill('Another-Password-2026#');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByRole('alert').waitFor();
  assert.equal(new URL(page.url()).pathname, new URL(link).pathname);
  await saveScreenshot(page, '03-reset-link-used');
  await page.context().close();
});
