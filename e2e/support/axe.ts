import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// A menu or dialog still fading in has text at part opacity, which axe rightly reports as too
// faint. Waiting for running animations was not enough on a loaded CI machine: a transition that
// has been styled but not yet started is not in document.getAnimations(). So the check first turns
// transitions and animations off (each element jumps to its end state), then waits until every
// element's opacity chain is settled over two frames.
const SETTLE_CSS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

// A string, not a function: tsx would wrap a named arrow function in a `__name` helper the page lacks.
const SETTLED = `new Promise((resolve) => {
  const selector = '[role="menu"], [role="dialog"], [role="presentation"]';
  const isFading = () =>
    Array.from(document.querySelectorAll(selector)).some(
      (el) => el.getClientRects().length > 0 && Number(getComputedStyle(el).opacity) < 1,
    );
  const first = isFading();
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(!first && !isFading())));
})`;

async function settle(page: Page): Promise<void> {
  await page.addStyleTag({ content: SETTLE_CSS });
  await page.waitForFunction(SETTLED);
}

/** Runs axe on the settled page and fails on any serious or critical violation. */
export async function assertNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await settle(page);
  // label-content-name-mismatch is one of axe's experimental rules (off by default); Lighthouse runs it,
  // and a visible label that is not part of the accessible name misleads speech input users.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  // AXE_DEBUG=1 prints each failing node's HTML, to find the element behind a selector.
  if (process.env.AXE_DEBUG) console.log(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`)));
  assert.deepEqual(report, [], `${screen}: serious or critical axe violations`);
  assert.ok(results.passes.length > 0, 'axe ran its checks');
}
