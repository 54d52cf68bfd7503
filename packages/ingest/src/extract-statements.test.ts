import { describe, expect, it } from 'vitest';
import { fixturesOf } from '../test/reader-checks.js';
import { LARGE_STATEMENT_ACCOUNT, makeLargeStatement } from '../test/make-large-statements.js';
import type { GridRow } from './core/grid.js';
import { extractFile, type Extraction } from './extract-file.js';
import { statementsToGrid } from './formats/statements-to-rows.js';
import type { TransactionRow } from './template/template-context.js';

const nativeFixtures = ['bai2', 'mt940', 'camt053', 'ofx', 'investments'].flatMap(fixturesOf);

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** extractFile with onRows and onGridRows: the batches it handed on, and its result. */
async function extractStreamed(source: Uint8Array | AsyncIterable<Uint8Array>, fileName = 'file') {
  const batches: TransactionRow[][] = [];
  const gridRows: GridRow[] = [];
  const sheets = new Set<string>();
  const result = await extractFile(source, {
    fileName,
    onRows: (rows) => void batches.push(rows as TransactionRow[]),
    onGridRows: (rows, sheet) => {
      sheets.add(sheet);
      for (const row of rows) gridRows.push(row);
    },
  });
  return { result, batches, gridRows, sheets };
}

/** A statement without its rows, as both modes must agree on it. */
const withoutRows = (extraction: Extraction) =>
  extraction.kind === 'statements'
    ? extraction.statements.map(({ transactions: _, transactionsHandedOn: __, ...rest }) => rest)
    : [];

describe('bank formats with onRows: rows leave the reader in batches (issue 15 point 1)', () => {
  it.each(nativeFixtures)('$name: the same rows, grid and statements as read whole', async (f) => {
    const whole = await extractFile(f.bytes, { fileName: 'file' });
    const streamed = await extractStreamed(f.bytes);
    if (!whole.ok) {
      expect(streamed.result).toEqual(whole);
      return;
    }
    if (!streamed.result.ok || whole.value.kind !== 'statements') throw new Error(`${f.name} differs`);
    expect(streamed.batches.flat()).toEqual(whole.value.rows);
    expect(streamed.result.value).toMatchObject({ kind: 'statements', rows: [] });
    expect(withoutRows(streamed.result.value)).toEqual(withoutRows(whole.value));
    const statements = streamed.result.value.kind === 'statements' ? streamed.result.value.statements : [];
    expect(statements.map((s) => s.transactionsHandedOn)).toEqual(
      whole.value.statements.map((s) => s.transactions.length),
    );
    expect(statements.every((s) => s.transactions.length === 0)).toBe(true);
    // Each row points at its statement (issue 39): as many rows point at one as it handed on.
    const rows = streamed.batches.flat();
    for (const row of rows) expect(statements[row.statementIndex ?? -1]?.accountId).toBe(row.accountNumber);
    expect(statements.map((_, i) => rows.filter((r) => r.statementIndex === i).length)).toEqual(
      statements.map((s) => s.transactionsHandedOn),
    );
    // The .xlsx copy gets the same sheet either way: from onGridRows, or from statementsToGrid.
    expect(streamed.gridRows).toEqual(statementsToGrid(whole.value.statements).sheets[0]?.rows);
    expect([...streamed.sheets]).toEqual(['Transactions']);
    expect(statementsToGrid(statements).sheets).toEqual([]);
  });

  it.each(['bai2', 'camt', 'mt940', 'ofx'] as const)(
    '%s: hands 20,000 rows on in batches of at most 1,024 while the file is still being read',
    async (format) => {
      let pulled = 0;
      const pulledAtFirstBatch: number[] = [];
      async function* counted() {
        for await (const chunk of makeLargeStatement(format, { transactions: 20_000, textLength: 200 })) {
          pulled++;
          yield chunk;
        }
      }
      const batches: number[] = [];
      const result = await extractFile(counted(), {
        fileName: 'file',
        context: { knownAccountNumbers: [LARGE_STATEMENT_ACCOUNT] },
        onRows: (rows) => {
          if (batches.length === 0) pulledAtFirstBatch.push(pulled);
          batches.push(rows.length);
        },
      });
      expect(result).toMatchObject({ ok: true, value: { kind: 'statements', rows: [] } });
      expect(batches.reduce((a, b) => a + b, 0)).toBe(20_000);
      expect(Math.max(...batches)).toBeLessThanOrEqual(1024);
      expect(pulledAtFirstBatch[0]).toBeLessThan(pulled);
    },
  );

  it('refuses a file whose balances do not add up, from the totals counted while the rows left', async () => {
    const text = (await collect(makeLargeStatement('bai2', { transactions: 5000 }))).toString('latin1');
    // The closing balance one cent off, the trailers' control totals (which add it) with it.
    const broken = text
      .replace(/(03,\d+,USD,010,\d+,,,015,)(-?\d+)/, (_, head: string, closing: string) => {
        return `${head}${Number(closing) + 1}`;
      })
      .replace(/^(49|98|99),(-?\d+),/gm, (_, code: string, total: string) => `${code},${Number(total) + 1},`);
    const streamed = await extractStreamed(Buffer.from(broken, 'latin1'), 'jan.bai2');
    expect(streamed.batches.flat()).toHaveLength(5000);
    expect(streamed.result).toMatchObject({
      ok: false,
      error: {
        kind: 'malformed',
        message: expect.stringMatching(/^jan\.bai2: Statement 1 of account 00123456: /),
      },
    });
    expect(streamed.result).toEqual(
      await extractFile(Buffer.from(broken, 'latin1'), { fileName: 'jan.bai2' }),
    );
  });

  it('refuses accounts the client does not have, naming them, and hands none of their rows on', async () => {
    const bytes = await collect(makeLargeStatement('mt940', { transactions: 3000 }));
    const batches: TransactionRow[][] = [];
    const result = await extractFile(bytes, {
      fileName: 'jan.sta',
      context: { knownAccountNumbers: ['99999999'] },
      onRows: (rows) => void batches.push(rows as TransactionRow[]),
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'rows-unreadable',
        message: `jan.sta: The file holds accounts the client does not have: ${LARGE_STATEMENT_ACCOUNT}`,
        rowErrors: [],
        totalRowErrors: 0,
      },
    });
    expect(batches).toEqual([]);
  });

  it('answers a failing onRows as a reader failure, handing its exception to onReaderBug', async () => {
    const causes: unknown[] = [];
    const result = await extractFile(makeLargeStatement('camt', { transactions: 3000 }), {
      fileName: 'jan.xml',
      onRows: () => {
        throw new Error('COPY failed');
      },
      onReaderBug: (cause) => causes.push(cause),
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
    expect(String(causes[0])).toBe('Error: COPY failed');
  });

  it('holds rows until their statement names its account: an OFX account after its transactions', async () => {
    const text = (await collect(makeLargeStatement('ofx', { transactions: 3000 }))).toString('latin1');
    const account = /<BANKACCTFROM>.*<\/BANKACCTFROM>\n/.exec(text)?.[0] ?? '';
    const late = text.replace(account, '').replace('</BANKTRANLIST>', `</BANKTRANLIST>${account}`);
    const streamed = await extractStreamed(Buffer.from(late, 'latin1'));
    const rows = streamed.batches.flat();
    expect(rows).toHaveLength(3000);
    expect(rows.every((row) => row.accountNumber === LARGE_STATEMENT_ACCOUNT)).toBe(true);
  });
});
