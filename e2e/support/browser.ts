import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './env';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (no cookies, no storage) and page, with the app's base URL. */
export async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Ticks a row's selection box. A table whose list is fetched again just after it first drew (a
 * refetch on mount) may redraw under the click and drop the selection, so the tick is tried again
 * until it holds.
 */
export async function checkRow(checkbox: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await checkbox.check({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await checkbox.page().waitForTimeout(500);
    }
  }
}

/**
 * Scrolls to a region drawn once it comes near the window (drawn-when-near.tsx). The placeholder being
 * scrolled to may be swapped for the content meanwhile, which detaches it: the scroll is then tried
 * again on what the locator finds now.
 */
export async function scrollToRegion(region: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await region.scrollIntoViewIfNeeded();
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('not attached')) throw error;
    }
  }
}

/**
 * Scrolls to the end of the page until `target` is drawn: what a screen draws once the user comes near
 * it, with nothing in its place before (the dashboard's tables), has no element to scroll to.
 */
export async function scrollUntilShown(page: Page, target: Locator): Promise<void> {
  for (let attempt = 0; attempt < 40 && (await target.count()) === 0; attempt++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  await target.first().waitFor();
}
