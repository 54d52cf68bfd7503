import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './env';

// A person's effort in a browser walk-through (issue 42 point 6): every click the page receives and
// every field typed into, per step, with the step's wall time. The page counts them itself (trusted
// events only, so the test's own API calls count for nothing); an address opened counts as a click
// (a person follows a link), and choosing files in the system's file dialog as one more. A person's
// time is a second a click and five seconds a field, as the issue counts it.

export interface StepEffort {
  readonly step: string;
  readonly clicks: number;
  readonly fields: number;
  readonly keys: number;
  /** Wall time of the step, waiting for jobs included. */
  readonly seconds: number;
}

interface PageCounts {
  clicks: number;
  fields: number;
  keys: number;
}

declare global {
  interface Window {
    __effort?: { clicks: number; keys: number; typed: Set<EventTarget> };
  }
}

/**
 * Installed in every document of the context before its scripts run. A string, not a function: the
 * test runner's transform names inner functions with a helper the page does not have. A field typed
 * into is text, a number or a date; a ticked box or a radio is a click, already counted.
 */
const INSTALL_COUNTERS = `(() => {
  const effort = { clicks: 0, keys: 0, typed: new Set() };
  window.__effort = effort;
  document.addEventListener('click', (e) => { if (e.isTrusted) effort.clicks += 1; }, true);
  document.addEventListener('keydown', (e) => { if (e.isTrusted) effort.keys += 1; }, true);
  document.addEventListener('input', (e) => {
    const t = e.target;
    const isTyped = t instanceof HTMLTextAreaElement ||
      (t instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(t.type));
    if (e.isTrusted && isTyped) effort.typed.add(t);
  }, true);
})()`;

function readAndReset(): PageCounts {
  const effort = window.__effort;
  if (!effort) return { clicks: 0, fields: 0, keys: 0 };
  const counts = { clicks: effort.clicks, fields: effort.typed.size, keys: effort.keys };
  effort.clicks = 0;
  effort.keys = 0;
  effort.typed = new Set();
  return counts;
}

export class EffortMeter {
  private carried: PageCounts = { clicks: 0, fields: 0, keys: 0 };
  readonly steps: StepEffort[] = [];

  private constructor(private readonly page: Page) {}

  static async attach(page: Page): Promise<EffortMeter> {
    await page.context().addInitScript(INSTALL_COUNTERS);
    await page.evaluate(INSTALL_COUNTERS);
    return new EffortMeter(page);
  }

  private async collect(): Promise<void> {
    const counts = await this.page.evaluate(readAndReset).catch(() => ({ clicks: 0, fields: 0, keys: 0 }));
    this.carried.clicks += counts.clicks;
    this.carried.fields += counts.fields;
    this.carried.keys += counts.keys;
  }

  /** Opens an address as a person would by a link: one click. */
  async goto(url: string): Promise<void> {
    await this.collect();
    this.carried.clicks += 1;
    await this.page.goto(url);
  }

  /** Files chosen in the system's file dialog: one click beyond the page's own. */
  pickFiles(): void {
    this.carried.clicks += 1;
  }

  async step(name: string, work: () => Promise<void>): Promise<void> {
    await this.collect();
    this.carried = { clicks: 0, fields: 0, keys: 0 };
    const started = Date.now();
    await work();
    await this.collect();
    this.steps.push({ step: name, ...this.carried, seconds: (Date.now() - started) / 1000 });
    this.carried = { clicks: 0, fields: 0, keys: 0 };
  }
}

/** A person's seconds for a step's effort: one a click, five a field typed. */
export const personSeconds = (s: Pick<StepEffort, 'clicks' | 'fields'>) => s.clicks + 5 * s.fields;

const walkthroughFile = (name: string) => path.join(ARTIFACTS_DIR, `${name}.json`);

/** The steps a walk-through recorded so far (its earlier spec files), in order. */
export function readWalkthrough(name: string): StepEffort[] {
  const file = walkthroughFile(name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StepEffort[]) : [];
}

export function saveWalkthrough(name: string, steps: readonly StepEffort[]): void {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(walkthroughFile(name), JSON.stringify(steps, null, 2));
}

/** The steps as a Markdown table with the totals, as bench/README.md records them. */
export function describeWalkthrough(steps: readonly StepEffort[]): string {
  const rows = steps.map(
    (s) =>
      `| ${s.step} | ${s.clicks} | ${s.fields} | ${s.keys} | ${personSeconds(s)} | ${s.seconds.toFixed(1)} |`,
  );
  const total = steps.reduce(
    (sum, s) => ({
      clicks: sum.clicks + s.clicks,
      fields: sum.fields + s.fields,
      keys: sum.keys + s.keys,
      seconds: sum.seconds + s.seconds,
    }),
    { clicks: 0, fields: 0, keys: 0, seconds: 0 },
  );
  return [
    '| step | clicks | fields typed | keys | person s | wall s |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| **total** | **${total.clicks}** | **${total.fields}** | ${total.keys} | **${personSeconds(total)}** | ${total.seconds.toFixed(1)} |`,
  ].join('\n');
}
