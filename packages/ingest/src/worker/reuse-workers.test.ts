import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../template/template-context.js';
import { createIngestThreads } from './ingest-threads.js';
import type { ParentToThread, ThreadToParent, WorkerToParent } from './parent-channel.js';
import { createIngestWorkers } from './run-in-worker.js';
import { runTask, type Conversation } from './run-task.js';

// Issue 40 point 5: a thread that read a file cleanly reads the next one; a thread that failed
// (time, memory, a crash, an aborted conversation) never does. Every wait here is on an event or a
// condition, never on a guess of how long the machine takes.

const csv = (rows: number) =>
  Buffer.from(
    'Date,Description,Amount,Balance\n' +
      Array.from({ length: rows }, (_, i) => `01/13/2024,Wire ${i},${i}.25,100.00`).join('\n'),
  );

/** A heap a warm thread (about 11 MB with every parser loaded) keeps below half of after a small file. */
const budget = { maxHeapMb: 64, timeoutMs: 60_000 };
const readSmall = { bytes: csv(2), format: 'csv', limits: {} } as const;

const template = {
  templateId: 3,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Date,Description,Amount,Balance',
  jsonTransform: [
    {
      cellHeaderData: 'Date',
      date: '0',
      description: '1',
      amount: '2',
      headerStart: '0',
      fileNameIncluded: true,
    },
  ],
} as ImportTemplate;

/** A CSV for `template` without an end, a thousand rows at a time, for as long as it is pulled. */
async function* endlessCsv() {
  yield Buffer.from('Date,Description,Amount,Balance\n');
  const rows = Array.from({ length: 1000 }, (_, i) => `01/13/2024,Wire ${i},${i}.25,100.00\n`).join('');
  for (;;) yield Buffer.from(rows);
}
const unbounded = { maxRows: Number.MAX_SAFE_INTEGER, maxFileBytes: Number.MAX_SAFE_INTEGER };

/** Resolves once `isDone` holds, checked every few milliseconds; the test's own timeout bounds it. */
async function until(isDone: () => boolean) {
  while (!isDone()) await new Promise((resolve) => setTimeout(resolve, 20));
}

// Each test starts two or three threads: at a load of 15 that alone takes 10-30 s.
describe('warm ingest threads', { timeout: 180_000 }, () => {
  it('reads the second of two files in the thread that read the first, and keeps it idle between', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    expect((await workers.run('readGrid', readSmall, budget)).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 1, idle: 1 });
    const rows: TransactionRow[] = [];
    // Three batches handled slowly: the worker has its result out before the last acks come.
    const result = await workers.extractFile(
      csv(3000),
      {
        fileName: 'acct-00123456.csv',
        templates: [template],
        onRows: async (batch) => {
          await new Promise((resolve) => setImmediate(resolve));
          rows.push(...(batch as TransactionRow[]));
        },
      },
      budget,
    );
    expect(result).toMatchObject({ ok: true, value: { kind: 'transactions', rowCount: 3000 } });
    expect(rows.map((row) => row.rowNumber)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 2));
    const third = await workers.extractFile(
      csv(5),
      { fileName: 'acct-00123456.csv', templates: [template] },
      budget,
    );
    expect(third.ok && third.value.kind === 'transactions' && third.value.rows).toHaveLength(5);
    expect(workers.threads()).toEqual({ started: 1, idle: 1 });
    expect(workers.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('terminates a thread past its deadline, and reads the next file in a fresh one', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    expect((await workers.run('readGrid', readSmall, budget)).ok).toBe(true);
    const late = await workers.extractFile(
      endlessCsv(),
      { fileName: 'acct-00123456.csv', templates: [template], limits: unbounded, onRows: () => undefined },
      { ...budget, timeoutMs: 200 },
    );
    expect(!late.ok && late.error).toMatchObject({ kind: 'limit-exceeded', limit: 'time' });
    // The endless file was read by the warm thread, which is gone now.
    expect(workers.threads()).toEqual({ started: 1, idle: 0 });
    expect((await workers.run('readGrid', readSmall, budget)).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 2, idle: 1 });
  });

  it('terminates a thread out of memory, and reads the next file in a fresh one', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const small = { maxHeapMb: 32, timeoutMs: 600_000 };
    expect((await workers.run('readGrid', readSmall, small)).ok).toBe(true);
    // Without onRows every row is kept for the result, and the file never ends.
    const full = await workers.extractFile(
      endlessCsv(),
      { fileName: 'acct-00123456.csv', templates: [template], limits: unbounded },
      small,
    );
    expect(!full.ok && full.error).toMatchObject({ kind: 'limit-exceeded', limit: 'memory', maximum: 32 });
    expect(workers.threads()).toEqual({ started: 1, idle: 0 });
    expect((await workers.run('readGrid', readSmall, small)).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 2, idle: 1 });
  });

  it('terminates the thread of an extraction whose handler threw; the next one is read whole', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    expect((await workers.run('readGrid', readSmall, budget)).ok).toBe(true);
    const failing = workers.extractFile(
      csv(5000),
      {
        fileName: 'acct-00123456.csv',
        templates: [template],
        onRows: () => {
          throw new Error('COPY failed');
        },
      },
      budget,
    );
    await expect(failing).rejects.toThrow('COPY failed');
    expect(workers.threads()).toEqual({ started: 1, idle: 0 });
    let received = 0;
    const next = await workers.extractFile(
      csv(5000),
      {
        fileName: 'acct-00123456.csv',
        templates: [template],
        onRows: (rows) => void (received += rows.length),
      },
      budget,
    );
    expect(next).toMatchObject({ ok: true, value: { rowCount: 5000 } });
    expect(received).toBe(5000);
    expect(workers.threads()).toEqual({ started: 2, idle: 1 });
  });

  it('replaces a thread after its number of files', async () => {
    const workers = createIngestWorkers({ concurrency: 1, maxTasksPerThread: 2 });
    for (let i = 0; i < 3; i++) expect((await workers.run('readGrid', readSmall, budget)).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 2, idle: 1 });
  });

  it('replaces a thread whose heap is past half its limit after a file', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const roomy = { maxHeapMb: 48, timeoutMs: 600_000 };
    // 80,000 rows are about 20 MB of grid, still held when the thread weighs its heap: past 24 MB.
    const big = await workers.run('readGrid', { bytes: csv(80_000), format: 'csv', limits: {} }, roomy);
    expect(big.ok && big.value.sheets[0]?.rows.length).toBe(80_001);
    expect(workers.threads()).toEqual({ started: 1, idle: 0 });
    expect((await workers.run('readGrid', readSmall, roomy)).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 2, idle: 1 });
  });

  it('keeps idle threads by heap limit and within `concurrency`, and ends them after the idle timeout', async () => {
    const workers = createIngestWorkers({ concurrency: 1, idleTimeoutMs: 50 });
    expect((await workers.run('readGrid', readSmall, budget)).ok).toBe(true);
    // Another heap limit needs a thread of its own; the idle one makes way for it.
    expect((await workers.run('readGrid', readSmall, { ...budget, maxHeapMb: 96 })).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 2, idle: 1 });
    await until(() => workers.threads().idle === 0);
    expect((await workers.run('readGrid', readSmall, { ...budget, maxHeapMb: 96 })).ok).toBe(true);
    expect(workers.threads()).toEqual({ started: 3, idle: 1 });
  });

  it('lets the process exit while a thread is idle', async () => {
    const runInWorker = fileURLToPath(new URL('./run-in-worker.ts', import.meta.url));
    // An idle timeout of ten minutes: only an idle thread that does not hold the process lets it end.
    const script = `
      import { createIngestWorkers } from ${JSON.stringify(runInWorker)};
      const workers = createIngestWorkers({ concurrency: 1, idleTimeoutMs: 600000 });
      const bytes = Buffer.from('Date,Amount\\n01/02/2024,5\\n');
      const result = await workers.run('readGrid', { bytes, format: 'csv', limits: {} }, { maxHeapMb: 64, timeoutMs: 60000 });
      console.log(JSON.stringify({ ok: result.ok, threads: workers.threads() }));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(JSON.parse(output)).toEqual({ ok: true, threads: { started: 1, idle: 1 } });
    } finally {
      if (child.exitCode === null) child.kill();
    }
  });
});

describe('late messages', { timeout: 120_000 }, () => {
  it('a thread ignores what comes for a task it has answered: the next task reads its own file', async () => {
    const worker = new Worker(new URL('./ingest-worker.mjs', import.meta.url), { execArgv: [] });
    try {
      /** One extractFile task on a port of its own; its pulls are answered from `bytes`. */
      const extract = (bytes: Buffer) => {
        const { port1, port2 } = new MessageChannel();
        const task: ParentToThread = {
          name: 'extractFile',
          input: {
            options: { fileName: 'acct-00123456.csv', templates: [template] },
            fileSize: bytes.length,
            hasRowsHandler: false,
            hasGridRowsHandler: false,
          },
          port: port2,
        };
        const chunks = [bytes];
        const result = new Promise<ThreadToParent>((resolve) => {
          port1.on('message', (message: ThreadToParent) => {
            if (message.type !== 'pull') return resolve(message);
            const chunk = chunks.shift();
            port1.postMessage(chunk ? { type: 'chunk', bytes: chunk } : { type: 'end' });
          });
        });
        worker.postMessage(task, [port2]);
        return { port: port1, result };
      };
      const first = extract(csv(3));
      expect(await first.result).toMatchObject({ type: 'result', result: { ok: true } });
      // Replies the first task never asked for, then the second task: none of them may reach it.
      first.port.postMessage({ type: 'end' });
      first.port.postMessage({ type: 'chunk', bytes: Buffer.from('Date\n') });
      first.port.postMessage({ type: 'ack' });
      const second = extract(csv(7));
      const answer = await second.result;
      expect(answer.type === 'result' && answer.result).toMatchObject({ ok: true, value: { rowCount: 7 } });
      first.port.close();
      second.port.close();
    } finally {
      await worker.terminate();
    }
  });

  it('the pool ignores what a thread sends for a task after its result, and for an earlier task', async () => {
    // A thread that answers each task, then sends more for it, and a late word for the task before.
    const source = `
      import { parentPort } from 'node:worker_threads';
      let previous;
      parentPort.on('message', ({ input, port }) => {
        previous?.postMessage({ type: 'result', result: { ok: true, value: 'late' }, heapUsedBytes: 0 });
        previous?.postMessage({ type: 'rows', rows: ['late'] });
        port.postMessage({ type: 'rows', rows: [input] });
        port.postMessage({ type: 'result', result: { ok: true, value: input }, heapUsedBytes: 0 });
        port.postMessage({ type: 'rows', rows: ['after the result'] });
        port.postMessage({ type: 'crash', detail: 'after the result' });
        previous = port;
      });
    `;
    const crashes: string[] = [];
    const threads = createIngestThreads({
      url: new URL(`data:text/javascript,${encodeURIComponent(source)}`),
      limit: 1,
      idleTimeoutMs: 60_000,
      maxTasksPerThread: 200,
      onCrash: (detail) => crashes.push(detail),
    });
    const seen: WorkerToParent[] = [];
    const conversation: Conversation = {
      onMessage: (message) => void seen.push(message),
      drain: () => Promise.resolve(),
      close: () => undefined,
    };
    const run = (input: string) =>
      runTask(threads, 'readGrid', input, budget, (detail) => crashes.push(detail), conversation);
    expect(await run('first')).toEqual({ ok: true, value: 'first' });
    expect(await run('second')).toEqual({ ok: true, value: 'second' });
    expect(seen).toEqual([
      { type: 'rows', rows: ['first'] },
      { type: 'rows', rows: ['second'] },
    ]);
    expect(crashes).toEqual([]);
    expect(threads.counts()).toEqual({ started: 1, idle: 1 });
    // The fake thread has no other way to end in this process.
    threads.discard(threads.take(budget.maxHeapMb));
  });
});
