import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { describe, expect, it } from 'vitest';
import { makeLargeXlsx } from '../../test/make-large-xlsx.js';
import { ROOMY_WORKER_MILLIS } from '../../test/worker-timing.js';
import type { TransactionRow } from '../template/template-context.js';
import { createIngestWorkers } from './run-in-worker.js';

const csv = (rows: number) =>
  Buffer.from(
    'Date,Description,Amount\n' +
      Array.from(
        { length: rows },
        (_, i) => `01/${String((i % 28) + 1).padStart(2, '0')}/2026,Wire ${i},${i}.25`,
      ).join('\n'),
  );

const roomy = { maxHeapMb: 256, timeoutMs: ROOMY_WORKER_MILLIS };

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

/**
 * A CSV without an end: rows for `template`, a thousand at a time, for as long as they are pulled.
 * Their dates read one way only (13 is no month), so each batch is handed on at once.
 */
async function* endlessCsv() {
  yield Buffer.from('Date,Description,Amount,Balance\n');
  const rows = Array.from({ length: 1000 }, (_, i) => `01/13/2024,Wire ${i},${i}.25,100.00\n`).join('');
  for (;;) yield Buffer.from(rows);
}

// Every test here starts workers (test/worker-timing.ts).
describe('the ingest worker pool', { timeout: 300_000 }, () => {
  it('reads a file in a worker thread and hands back the typed result', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const result = await workers.run('readGrid', { bytes: csv(3), format: 'csv', limits: {} }, roomy);
    expect(result.ok && result.value.sheets[0]?.rows.map((r) => r.cells[1])).toEqual([
      'Description',
      'Wire 0',
      'Wire 1',
      'Wire 2',
    ]);
    const refused = await workers.run(
      'readGrid',
      { bytes: csv(50), format: 'csv', limits: { maxRows: 10 } },
      roomy,
    );
    expect(!refused.ok && refused.error.kind === 'limit-exceeded' && refused.error.limit).toBe('rows');
  });

  it('stops a worker past its heap budget with a plain memory refusal, and the pool goes on', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const big = csv(400_000);
    const result = await workers.run(
      'readGrid',
      { bytes: big, format: 'csv', limits: {} },
      { maxHeapMb: 16, timeoutMs: ROOMY_WORKER_MILLIS },
    );
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'limit-exceeded',
        limit: 'memory',
        maximum: 16,
        message: 'Reading the file needs more than the 16 MB of memory allowed.',
      },
    });
    expect((await workers.run('readGrid', { bytes: csv(2), format: 'csv', limits: {} }, roomy)).ok).toBe(
      true,
    );
  });

  it('terminates a worker at its deadline, whatever it is doing', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    // The file never ends, its rows are dropped as they come and no row limit applies: only the
    // deadline can stop the reading, on a quiet machine as on a loaded one.
    const result = await workers.extractFile(
      endlessCsv(),
      {
        fileName: 'acct-00123456.csv',
        templates: [template],
        limits: { maxRows: Number.MAX_SAFE_INTEGER },
        onRows: () => undefined,
      },
      { maxHeapMb: 64, timeoutMs: 1 },
    );
    expect(!result.ok && result.error).toMatchObject({
      kind: 'limit-exceeded',
      limit: 'time',
      message: 'Reading the file took longer than the 1 ms allowed.',
    });
    expect(workers.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('reads at most `concurrency` files at once; the others wait their turn', async () => {
    const workers = createIngestWorkers({ concurrency: 2 });
    const calls = Array.from({ length: 5 }, (_, i) =>
      workers.run('readGrid', { bytes: csv(100 + i), format: 'csv', limits: {} }, roomy),
    );
    // Counted as the calls are made, before any worker can answer, however slow the machine.
    expect(workers.stats()).toEqual({ running: 2, waiting: 3 });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.ok && r.value.sheets[0]?.rows.length)).toEqual([101, 102, 103, 104, 105]);
    expect(workers.stats()).toEqual({ running: 0, waiting: 0 });
  });

  async function* inChunks(bytes: Uint8Array, size: number) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  it('extracts a streamed workbook in a worker: rows back in batches, in file order', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const bytes = await makeLargeXlsx({ rows: 20_000, level: 1 });
    const received: TransactionRow[] = [];
    let batches = 0;
    const result = await workers.extractFile(
      inChunks(bytes, 64 * 1024),
      {
        fileName: 'acct-00123456.xlsx',
        templates: [template],
        onRows: async (rows) => {
          batches++;
          await new Promise((resolve) => setImmediate(resolve));
          for (const row of rows as TransactionRow[]) received.push(row);
        },
      },
      roomy,
    );
    expect(result).toMatchObject({ ok: true, value: { kind: 'transactions', rowCount: 20_000, rows: [] } });
    expect(received).toHaveLength(20_000);
    expect(batches).toBeGreaterThan(10);
    expect(received.every((row, i) => row.rowNumber === i + 2)).toBe(true);
    expect(received[0]).toMatchObject({ accountNumber: '00123456', date: '2024-01-01' });
    expect(workers.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers a refusal in the worker as the typed result, naming the file; rows come with the result without onRows', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const refused = await workers.extractFile(
      csv(50),
      { fileName: 'jan.csv', templates: [], limits: { maxRows: 10 } },
      roomy,
    );
    expect(!refused.ok && refused.error).toMatchObject({
      kind: 'limit-exceeded',
      limit: 'rows',
      message: 'jan.csv: The file has more than 10 rows.',
    });
    const bytes = await makeLargeXlsx({ rows: 30, level: 1 });
    const read = await workers.extractFile(
      bytes,
      { fileName: 'acct-00123456.xlsx', templates: [template] },
      roomy,
    );
    expect(read.ok && read.value.kind === 'transactions' && read.value.rows).toHaveLength(30);
  });

  it('rejects when the caller’s own handler throws, and frees the worker', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const bytes = await makeLargeXlsx({ rows: 5000, level: 1 });
    const failing = workers.extractFile(
      bytes,
      {
        fileName: 'acct-00123456.xlsx',
        templates: [template],
        onRows: () => {
          throw new Error('COPY failed');
        },
      },
      roomy,
    );
    await expect(failing).rejects.toThrow('COPY failed');
    expect(workers.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('stops an extraction past its heap budget with the memory refusal', async () => {
    const workers = createIngestWorkers({ concurrency: 1 });
    const bytes = await makeLargeXlsx({ rows: 150_000, level: 1 });
    // Without onRows every row is kept for the result: more than 24 MB.
    const result = await workers.extractFile(
      bytes,
      { fileName: 'acct-00123456.xlsx', templates: [template] },
      { maxHeapMb: 24, timeoutMs: ROOMY_WORKER_MILLIS },
    );
    expect(!result.ok && result.error).toMatchObject({ kind: 'limit-exceeded', limit: 'memory' });
  });
});
