// Shared helpers for the ingest benchmarks: peak memory sampling, a fixed-seed random source, and the
// stress cases' checks (issue 15 point 7: read or refused by a named limit, under 600 MB).
import { execFileSync } from 'node:child_process';
import { cpuUsage, memoryUsage } from 'node:process';

/** Samples RSS and heap every 20 ms while `run` executes; returns the peaks in MB. */
export async function measurePeak<T>(
  run: () => Promise<T>,
): Promise<{ result: T; ms: number; cpuMs: number; peakRssMb: number; peakHeapMb: number }> {
  let peakRss = memoryUsage.rss();
  let peakHeap = memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, memoryUsage.rss());
    peakHeap = Math.max(peakHeap, memoryUsage().heapUsed);
  }, 20);
  const start = performance.now();
  const cpuStart = cpuUsage();
  try {
    const result = await run();
    const ms = performance.now() - start;
    const cpu = cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    peakRss = Math.max(peakRss, memoryUsage.rss());
    peakHeap = Math.max(peakHeap, memoryUsage().heapUsed);
    return { result, ms, cpuMs, peakRssMb: peakRss / 1024 / 1024, peakHeapMb: peakHeap / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Deterministic pseudo-random numbers (mulberry32) so every run reads the same file. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const baselineRssMb = () => memoryUsage.rss() / 1024 / 1024;

/** Issue 15 "Speed and size": the peak RSS any file may cost, read or refused. */
export const MAX_STRESS_RSS_MB = 600;

/** What a stress case must give: its rows when read, else a refusal by one of the named limits. */
export interface StressExpectation {
  rows?: number;
  /** ExtractionError `limit`s that may refuse the file; without any, the file must be read. */
  refusedBy?: readonly string[];
  /** The file is over a limit: it must be refused (by one of `refusedBy`), never read. */
  mustRefuse?: boolean;
}

/** What a stress child prints as the last line of its output. */
export interface StressFigures {
  case: string;
  outcome: 'read' | 'refused';
  kind?: string;
  limit?: string;
  message?: string;
  rows: number;
  peakRssMb: number;
}

/** JavaScript's own error names and texts: a user never sees them (as test/reader-checks.ts). */
const INTERNAL =
  /TypeError|RangeError|ReferenceError|SyntaxError|Cannot read prop|call stack|Invalid string length|BigInt|\.ts:\d/;

/** What is wrong with a case's figures; an empty list when it passed. */
export function judgeStress(figures: StressFigures, expected: StressExpectation): string[] {
  const problems: string[] = [];
  if (!(figures.peakRssMb < MAX_STRESS_RSS_MB))
    problems.push(`peak RSS ${figures.peakRssMb} MB is not under ${MAX_STRESS_RSS_MB} MB`);
  if (figures.outcome === 'read') {
    if (expected.mustRefuse) problems.push('read, but it is over a limit and must be refused');
    else if (expected.rows !== undefined && figures.rows !== expected.rows)
      problems.push(`read ${figures.rows} rows instead of ${expected.rows}`);
  } else if (figures.kind !== 'limit-exceeded' || !expected.refusedBy?.includes(figures.limit ?? '')) {
    const allowed = expected.refusedBy?.join(', ') ?? 'none';
    problems.push(`refused, but not by a limit it may meet (${allowed}): ${figures.message ?? ''}`);
  }
  if (figures.message !== undefined && INTERNAL.test(figures.message))
    problems.push(`the message shows internal text: ${figures.message}`);
  return problems;
}

/**
 * Runs each named case in its own child process (`self --measure name`), prints its figures and
 * verdict, and sets a failing exit code when any case broke its expectation or its child died:
 * `npm run bench` then fails.
 */
export async function runStressCases(
  self: string,
  cases: Readonly<Record<string, StressExpectation>>,
  names: readonly string[],
  prepare: (name: string) => Promise<void>,
): Promise<void> {
  const failures: string[] = [];
  for (const name of names) {
    const expected = cases[name];
    if (!expected) throw new Error(`no case ${name}; cases: ${Object.keys(cases).join(', ')}`);
    await prepare(name);
    let output: string;
    try {
      output = execFileSync(process.execPath, ['--import', 'tsx', self, '--measure', name], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }).trim();
    } catch (cause) {
      failures.push(`${name}: the measuring process failed: ${String(cause).slice(0, 500)}`);
      console.log(`FAIL ${name}: the measuring process failed`);
      continue;
    }
    console.log(output);
    const figures = JSON.parse(output.split('\n').at(-1) ?? '{}') as StressFigures;
    const problems = judgeStress(figures, expected);
    console.log(problems.length === 0 ? `PASS ${name}` : `FAIL ${name}: ${problems.join('; ')}`);
    for (const problem of problems) failures.push(`${name}: ${problem}`);
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} stress check(s) failed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}
