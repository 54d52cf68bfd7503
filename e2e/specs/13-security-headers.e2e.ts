import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Page, Response } from 'playwright-core';
import { ensureAdmin, signInAdmin } from '../support/admin';
import { launchBrowser, openPage, saveScreenshot } from '../support/browser';
import { BASE_URL } from '../support/env';

// Issue 14 point 6: the built app works under its strict Content-Security-Policy (no script or style
// is refused anywhere we walk), and another site cannot frame the portal (frame-ancestors 'none').

let browser: Browser;
let otherSite: Server;
let otherOrigin: string;

before(async () => {
  browser = await launchBrowser();
  // Another origin (another port) whose page frames the portal, as a clickjacking page would.
  otherSite = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Other site</title><iframe id="portal" src="${BASE_URL}/"></iframe>`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
after(async () => {
  await browser.close();
  await new Promise((resolve) => otherSite.close(resolve));
});

/** Every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...console,
  ];
}

test('the app sends its security headers and runs under its CSP without a single violation', async () => {
  const page = await openPage(browser, BASE_URL);
  const violations = await recordViolations(page);
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  assert.match(headers['content-security-policy'] ?? '', /script-src 'self'; /);
  assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'no-referrer');

  const admin = await ensureAdmin(page);
  await signInAdmin(page, admin);
  // Screens with charts, tables, dialogs and date pickers: emotion styles, ECharts canvases, data: images.
  for (const path of ['/dashboard', '/client-management', '/bank-management', '/investment-management']) {
    await page.goto(path);
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/my-account');
  await page.getByRole('main').waitFor();
  await saveScreenshot(page, '13-under-csp');
  assert.deepEqual(await violations(), []);
  await page.context().close();
});

test('another site cannot frame the portal', async () => {
  const page = await openPage(browser, otherOrigin);
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
  });
  await page.goto(otherOrigin);
  const frame = page.frameLocator('#portal');
  // Give the frame time to load; the portal's sign-in must never appear inside it.
  await page.waitForTimeout(2_000);
  assert.equal(await frame.getByRole('heading', { name: 'Welcome Back' }).count(), 0);
  assert.ok(refusals.length > 0, 'Chromium reported the frame-ancestors refusal');
  await page.context().close();
});

// Issue 21 point 1: what the browser really receives: the app's scripts and styles over 1 KB compressed,
// every hashed asset cached for a year, and the page itself revalidated on every visit.
test('the browser receives the built files compressed, hashed assets cached for a year', async () => {
  const page = await openPage(browser, BASE_URL);
  const assets: Response[] = [];
  page.on('response', (r) => {
    if (/^\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname)) assets.push(r);
  });
  const response = await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  assert.equal(response?.headers()['cache-control'], 'no-cache');
  let compressed = 0;
  for (const asset of assets) {
    const headers = asset.headers();
    assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable', `${asset.url()} cached`);
    if ((await asset.body()).length <= 1024) continue;
    assert.match(headers['content-encoding'] ?? '', /^(br|gzip)$/, `${asset.url()} was sent compressed`);
    compressed += 1;
  }
  assert.ok(compressed > 0, 'the sign-in page loaded compressed scripts from /assets/');
  await page.context().close();
});
