// The browsers of bench/lighthouse.bench.ts: Debian's Chromium started with a remote-debugging port and
// a profile of its own (Lighthouse connects to the port), and the real sign-in of a demo user through
// the UI in that browser, so the refresh cookie and the persisted user live in its profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export interface DebugBrowser {
  port: number;
  /** Drops the HTTP cache (not cookies or storage), as a first visit has none. */
  clearCache: () => Promise<void>;
  /** The profile's browser context, to drive through playwright-core. */
  context: BrowserContext;
  close: () => Promise<void>;
}

// chrome-launcher's defaults that matter for timing: no throttling of background tabs, no extra
// network of its own.
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--disable-features=Translate,OptimizationHints,MediaRouter',
  '--mute-audio',
  '--password-store=basic',
];

export async function launchDebugBrowser(port: number): Promise<DebugBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tideline-lighthouse-profile-'));
  const child: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so closing it stops its helper processes too (they write into the profile).
    { stdio: 'ignore', detached: true },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
    const ok = await fetch(`${endpoint}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 100) throw new Error(`chromium did not open ${endpoint}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser: Browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  return {
    port,
    context,
    clearCache: async () => {
      await cdp.send('Network.clearBrowserCache');
    },
    close: async () => {
      await browser.close().catch(() => undefined);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      try {
        process.kill(-child.pid!, 'SIGKILL'); // any helper still alive
      } catch {
        // the group is gone already
      }
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        // A throwaway folder under the system's temporary directory: not worth failing the bench for.
        console.warn(`Could not remove the browser profile ${profile}: ${String(error)}`);
      }
    },
  };
}

/**
 * The invitation flow of a seeded user in the browser's profile: choose a password, sign in, enrol the
 * authenticator from the key shown as text; answers once the dashboard has drawn its widgets.
 */
export async function signInThroughUi(context: BrowserContext, inviteLink: string, email: string) {
  const password = 'Lighthouse-Bench-2026!';
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60_000);
  await page.goto(inviteLink);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.getByAltText('QR code to scan with your authenticator app').waitFor();
  const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  await page.getByLabel('MFA Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  await page.waitForLoadState('networkidle');
  // Nothing of the app stays open beside Lighthouse's tab (no second tab refreshing the token).
  await page.goto('about:blank');
}
