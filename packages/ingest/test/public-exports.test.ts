import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as extractFileModule from '../src/extract-file.js';
import * as packageRoot from '../src/index.js';
import * as workerModule from '../src/worker/run-in-worker.js';
import { INTERNAL } from './reader-checks.js';
import { ROOMY_WORKER_MILLIS } from './worker-timing.js';

// Issue 15 point 5: every function the package's entry points export (the root, and the two
// subpaths its README tells callers to import) answers its typed result whatever it is given:
// never an exception, never a rejected promise, never a message with JavaScript's own words. The
// walk takes whatever the modules export, so a new export is walked without being listed here.

const ENTRY_POINTS = {
  '@tideline/ingest': packageRoot,
  '@tideline/ingest/extract-file': extractFileModule,
  '@tideline/ingest/worker/run-in-worker': workerModule,
};

/** Functions with a worker thread per call: walked with fewer runs. */
const SLOW = new Set(['readPdf', 'readGrid', 'openGridFile', 'extractFile', 'gridToXlsx']);

type AnyFunction = (...args: unknown[]) => unknown;

const throwingObject = new Proxy(
  {},
  {
    get() {
      throw new Error('hostile getter');
    },
    ownKeys() {
      throw new Error('hostile keys');
    },
  },
);
const cyclicGrid: { sheets: unknown[]; source: unknown } = { sheets: [], source: { format: 'csv' } };
cyclicGrid.sheets.push({ name: 'x', rows: [{ rowNumber: 1, cells: cyclicGrid.sheets }] });

async function* failingStream(): AsyncGenerator<Uint8Array> {
  yield Buffer.from('Date,Amount\n');
  throw new Error('disk gone');
}
async function* junkStream(): AsyncGenerator<unknown> {
  yield 'not bytes';
  yield 42;
  yield null;
}

const template = {
  templateId: 1,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Date,Description,Amount',
  jsonTransform: [
    {
      cellHeaderData: 'Date',
      headerStart: '0',
      date: '0',
      description: '1',
      amount: '2',
      fileNameIncluded: false,
    },
  ],
} as ImportTemplate;
const grid = {
  sheets: [
    {
      name: 'Sheet1',
      rows: [
        { rowNumber: 1, cells: ['Date', 'Description', 'Amount'] },
        { rowNumber: 2, cells: ['01/02/2024', 'Rent', '-900'] },
      ],
    },
  ],
  source: { format: 'csv' },
};
const statement = {
  format: 'bai2',
  accountId: '1',
  balances: [],
  transactions: [{ date: '2024-01-02', amount: '5', description: 'x' }],
};

/** What callers pass, and what they should not: every argument is drawn from both. */
const plausible = fc.constantFrom<unknown>(
  template,
  [template],
  template.jsonTransform[0],
  grid,
  grid.sheets[0]?.rows,
  [statement],
  Buffer.from('Date,Description,Amount\n01/02/2024,Rent,-900\n'),
  'jan.csv',
  'csv',
  'xlsx',
  'pdf',
  'extractFile',
  { fileName: 'jan.csv', templates: [template] },
  { limits: { maxRows: 3 } },
  { concurrency: 1 },
  { maxHeapMb: 64, timeoutMs: 5000 },
);
const hostile = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom<unknown>(
    undefined,
    null,
    Number.NaN,
    -1,
    1e308,
    '',
    Symbol('hostile'),
    () => {
      throw new Error('hostile callback');
    },
    throwingObject,
    cyclicGrid,
    { sheets: null, source: null },
    { sheets: [{ name: 7, rows: [null, { rowNumber: 'x', cells: [null, 3] }] }], source: {} },
    [null, { type: 'Transaction', templateType: 'Header', jsonTransform: null }],
    [{ type: 'Investment', jsonTransform: [{ date: 'x' }] }],
    [{ transactions: null }, { accountId: 5, transactions: [null, {}] }],
    { fileName: Symbol('name'), templates: 'all', onRows: 5, limits: { maxRows: -1 } },
    { maxHeapMb: -1, timeoutMs: Number.NaN },
    failingStream(),
    junkStream(),
    new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00]),
    'x'.repeat(100_000),
  ),
);
const argumentLists = fc.array(fc.oneof(plausible, hostile), { maxLength: 4 });

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).then === 'function';

/** A Result or a parsed value: ok a boolean; a failure with a kind and a message (or a reason) in plain words. */
function expectTyped(value: unknown, name: string) {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return;
  const result = value as { ok: unknown; error?: { kind?: unknown; message?: unknown }; reason?: unknown };
  expect(typeof result.ok, name).toBe('boolean');
  if (result.ok) return;
  const text = result.error ? result.error.message : result.reason;
  if (result.error) expect(typeof result.error.kind, name).toBe('string');
  expect(typeof text, name).toBe('string');
  expect(text, name).not.toMatch(INTERNAL);
}

/** Calls `fn`, awaiting what it answers; fails the test on a throw or a rejection. */
async function callTyped(fn: AnyFunction, args: unknown[], name: string): Promise<unknown> {
  let answer: unknown;
  try {
    answer = fn(...args);
    if (isPromise(answer)) answer = await answer;
  } catch (cause) {
    expect.fail(`${name} threw ${String(cause)}`);
  }
  expectTyped(answer, name);
  return answer;
}

/** The functions of what a call answered (a writer, an extractor, a pool): walked one level down. */
function methodsOf(answer: unknown): [string, AnyFunction][] {
  const target =
    typeof answer === 'object' && answer !== null && 'ok' in answer
      ? (answer as { ok: boolean; value?: unknown }).ok
        ? (answer as { value?: unknown }).value
        : undefined
      : answer;
  if (typeof target !== 'object' || target === null) return [];
  return Object.entries(target).filter(
    (entry): entry is [string, AnyFunction] => typeof entry[1] === 'function',
  );
}

const exported = Object.entries(ENTRY_POINTS).flatMap(([entry, module]) =>
  Object.entries(module)
    .filter((pair): pair is [string, AnyFunction] => typeof pair[1] === 'function')
    .map(([name, fn]) => ({ name, entry, fn })),
);

describe('the public exports with hostile input (issue 15 point 5)', () => {
  it('finds the entry points’ functions', () => {
    const names = exported.map((e) => e.name);
    for (const name of ['applyTransactionTemplate', 'matchTemplate', 'extractFile', 'createIngestWorkers'])
      expect(names).toContain(name);
  });

  it.each(exported)(
    '$entry: $name answers its typed result, never an exception',
    async ({ name, fn }) => {
      await fc.assert(
        fc.asyncProperty(argumentLists, argumentLists, async (args, methodArgs) => {
          const answer = await callTyped(fn, args, name);
          for (const [method, call] of methodsOf(answer)) {
            // A pool's run and extractFile start a worker per call: only with budgets they refuse at once.
            const callArgs =
              method === 'run' || method === 'extractFile' ? [...methodArgs.slice(0, 2), null] : methodArgs;
            await callTyped(call, callArgs, `${name}(...).${method}`);
          }
        }),
        {
          numRuns: SLOW.has(name) ? 25 : 150,
          interruptAfterTimeLimit: 15_000,
          markInterruptAsFailure: false,
        },
      );
    },
    60_000,
  );

  it('a pool with a real budget answers hostile sources and options with its typed refusal', async () => {
    const workers = workerModule.createIngestWorkers({ concurrency: 1 });
    const budget = { maxHeapMb: 64, timeoutMs: ROOMY_WORKER_MILLIS };
    for (const source of [null, 42, junkStream(), failingStream()]) {
      for (const options of [null, { fileName: 'x.csv', templates: [template] }]) {
        const call = () => workers.extractFile(source as never, options as never, budget);
        expectTyped(await call(), 'extractFile');
      }
    }
    expectTyped(await workers.run('readGrid', null as never, budget), 'run');
    expect(workers.stats()).toEqual({ running: 0, waiting: 0 });
    // Three of these calls start a worker (test/worker-timing.ts).
  }, 300_000);
});
