import { describe, expect, it } from 'vitest';
import { makeThreeStatements, type ThreeStatementFormat } from '../test/make-three-statements.js';
import { ROOMY_WORKER_MILLIS } from '../test/worker-timing.js';
import { extractFile, type Extraction } from './extract-file.js';
import type { TransactionRow } from './template/template-context.js';
import { createIngestWorkers } from './worker/run-in-worker.js';

const FORMATS: ThreeStatementFormat[] = ['bai2', 'camt', 'ofx', 'mt940'];

type Statements = Extract<Extraction, { kind: 'statements' }>;

async function extractWhole(format: ThreeStatementFormat): Promise<Statements> {
  const result = await extractFile(makeThreeStatements(format), { fileName: `three.${format}` });
  if (!result.ok || result.value.kind !== 'statements') throw new Error(`${format} was not read`);
  return result.value;
}

/** Per format: each row's [statementIndex, account, amount, bankReference, description]. */
const EXPECTED_ROWS: Record<ThreeStatementFormat, unknown[][]> = {
  bai2: [
    [0, '111', '-100', 'BREF1', 'Check 1234'],
    [0, '111', '250.5', 'BREF2', 'WIRE FROM ACME'],
    [2, '333', '-40', undefined, 'ACH DEBIT'],
  ],
  camt: [
    [0, '111', '-100', 'ACSR-1', 'City Power Invoice 77'],
    [0, '111', '250.5', 'ACSR-2', 'ACME Corp ACME Holding Order 9'],
    [2, '333', '-40', undefined, 'Telco Phone bill'],
  ],
  ofx: [
    [0, '111', '-100', 'FIT-1', 'CITY POWER Invoice 77'],
    [0, '111', '250.5', 'FIT-2', 'ACME CORP ORDER 9'],
    [2, '333', '-40', 'FIT-3', 'TELCO Phone bill'],
  ],
  mt940: [
    [0, '111', '-100', 'BANKREF1', 'GUTSCHRIFT Invoice 77 City Power Ltd'],
    [0, '111', '250.5', 'BANKREF2', 'Order 9'],
    [2, '333', '-40', undefined, 'Phone bill'],
  ],
};

/** Per format: each statement's [fromDate, toDate, openingBalance, closingBalance]. */
const EXPECTED_STATEMENTS: Record<ThreeStatementFormat, unknown[][]> = {
  // BAI2 reports a day: the group's as-of date.
  bai2: [
    ['2024-01-31', '2024-01-31', '1000', '1150.5'],
    ['2024-01-31', '2024-01-31', '50', '50'],
    ['2024-01-31', '2024-01-31', '0', '-40'],
  ],
  camt: [
    ['2024-01-01', '2024-01-31', '1000', '1150.5'],
    ['2024-01-01', '2024-01-31', '50', '50'],
    ['2024-01-01', '2024-01-31', '40', '0'],
  ],
  // OFX states no opening balance, and none is made up.
  ofx: [
    ['2024-01-01', '2024-01-31', undefined, '1150.5'],
    ['2024-01-01', '2024-01-31', undefined, '50'],
    ['2024-01-01', '2024-01-31', undefined, '0'],
  ],
  mt940: [
    ['2024-01-01', '2024-01-31', '1000', '1150.5'],
    ['2024-01-01', '2024-01-31', '50', '50'],
    ['2024-01-01', '2024-01-31', '40', '0'],
  ],
};

const describeRows = (rows: readonly TransactionRow[]) =>
  rows.map((r) => [r.statementIndex, r.accountNumber, r.amount, r.bankReference, r.description]);

describe('bank formats: the rows the server reconciles and matches (issue 39 points 1 and 5)', () => {
  it.each(FORMATS)('%s: each row names its statement and the bank reference, read whole', async (format) => {
    const extraction = await extractWhole(format);
    expect(extraction.statements.map((s) => s.accountId)).toEqual(['111', '222', '333']);
    expect(describeRows(extraction.rows)).toEqual(EXPECTED_ROWS[format]);
    expect(
      extraction.statements.map((s) => [s.fromDate, s.toDate, s.openingBalance, s.closingBalance]),
    ).toEqual(EXPECTED_STATEMENTS[format]);
  });

  it.each(FORMATS)('%s: the same statement indexes when the rows leave in batches', async (format) => {
    const whole = await extractWhole(format);
    const batches: TransactionRow[][] = [];
    const streamed = await extractFile(makeThreeStatements(format), {
      fileName: `three.${format}`,
      onRows: (rows) => void batches.push(rows as TransactionRow[]),
    });
    if (!streamed.ok || streamed.value.kind !== 'statements') throw new Error(`${format} was not read`);
    expect(batches.flat()).toEqual(whole.rows);
    const { statements } = streamed.value;
    expect(statements.map((s) => s.accountId)).toEqual(['111', '222', '333']);
    // The invariant: a row's statement is extraction.statements[statementIndex].
    for (const row of batches.flat())
      expect(statements[row.statementIndex ?? -1]?.accountId).toBe(row.accountNumber);
    expect(statements.map((s) => s.transactionsHandedOn)).toEqual([2, 0, 1]);
  });

  it('carries statementIndex and bankReference through the ingest worker', async () => {
    const workers = createIngestWorkers({ concurrency: 2 });
    const budget = { maxHeapMb: 256, timeoutMs: ROOMY_WORKER_MILLIS };
    await Promise.all(
      FORMATS.map(async (format) => {
        const rows: TransactionRow[] = [];
        const result = await workers.extractFile(
          makeThreeStatements(format),
          { fileName: `three.${format}`, onRows: (batch) => void rows.push(...(batch as TransactionRow[])) },
          budget,
        );
        expect(result.ok && result.value.kind).toBe('statements');
        expect(describeRows(rows)).toEqual(EXPECTED_ROWS[format]);
      }),
    );
    // Five files at once, two workers at a time (test/worker-timing.ts).
  }, 300_000);
});
