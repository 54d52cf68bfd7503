import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../src/formats/statement.js';
import { detectFormat } from '../src/formats/detect-format.js';
import { isStatementFormat, readStatements } from '../src/formats/read-statements.js';
import { readCsv } from '../src/text/read-csv.js';
import { SHARED_STATEMENTS } from './fixture-path.js';

interface Expected {
  account_number?: string;
  currency?: string | null;
  opening_balance?: string;
  closing_balance?: string;
  transaction_count?: number;
  statements_in_file?: number;
  first_transactions?: {
    date?: string;
    amount?: string;
    description?: string;
    notes?: string;
    id?: string;
    trade_date?: string;
    settle_date?: string;
  }[];
  accounts?: { account_number: string }[];
  positions?: { cusip: string; units: string; unit_price: string; market_value: string }[];
  discarded_entries?: number;
}

const dataFiles = readdirSync(SHARED_STATEMENTS)
  .filter((dir) => statSync(join(SHARED_STATEMENTS, dir)).isDirectory())
  .flatMap((dir) =>
    readdirSync(join(SHARED_STATEMENTS, dir))
      .filter((f) => !f.endsWith('.expected.json'))
      .map((f) => `${dir}/${f}`),
  );

function readExpected(file: string): Expected | undefined {
  try {
    return JSON.parse(readFileSync(join(SHARED_STATEMENTS, `${file}.expected.json`), 'utf8')) as Expected;
  } catch {
    return undefined;
  }
}

const sameNumber = (actual: string | undefined, expected: string) =>
  expect(Number(actual)).toBe(Number(expected));

function compareStatements(statements: Statement[], expected: Expected, isInvestment: boolean) {
  const transactions = statements.flatMap((s) => s.transactions);
  if (expected.account_number !== undefined) {
    // Multi-statement MT940 expectations keep the last statement's values ("last seen wins").
    const statement = (expected.statements_in_file ?? 1) > 1 ? statements.at(-1) : statements[0];
    expect(statements.map((s) => s.accountId)).toContain(expected.account_number);
    if ((expected.statements_in_file ?? 1) > 1) expect(statement?.accountId).toBe(expected.account_number);
    else expect(statements[0]?.accountId).toBe(expected.account_number);
  }
  if (expected.accounts)
    expect(statements.map((s) => s.accountId)).toEqual(expected.accounts.map((a) => a.account_number));
  if (expected.currency) expect(statements[0]?.currency).toBe(expected.currency);
  if (expected.currency === null) expect(statements[0]?.currency).toBeUndefined();
  if (expected.opening_balance !== undefined)
    sameNumber(statements[0]?.openingBalance, expected.opening_balance);
  if (expected.closing_balance !== undefined)
    sameNumber(statements.at(-1)?.closingBalance, expected.closing_balance);
  // Investment statements' trades (SELLMF, TRANSFER) are investment transactions, not cash ones.
  if (expected.transaction_count !== undefined && !isInvestment)
    expect(transactions).toHaveLength(expected.transaction_count);
  if (isInvestment) {
    const trades = statements.flatMap((s) => s.investmentTransactions ?? []);
    if (expected.transaction_count !== undefined) expect(trades).toHaveLength(expected.transaction_count);
    (expected.first_transactions ?? []).forEach((e, i) => {
      if (e.id !== undefined) expect(trades[i]?.bankReference).toBe(e.id);
      // ofxparse's datetimes are UTC; the statements' trade dates are the bank's local dates.
      if (e.trade_date !== undefined) expect(trades[i]?.date).toBe(e.trade_date.slice(0, 10));
      if (e.settle_date !== undefined) expect(trades[i]?.settleDate).toBe(e.settle_date.slice(0, 10));
    });
  }
  if (!isInvestment) {
    (expected.first_transactions ?? []).forEach((e, i) => {
      const actual = transactions[i];
      if (e.date !== undefined) expect(actual?.date).toBe(e.date.slice(0, 10));
      if (e.amount !== undefined) sameNumber(actual?.amount, e.amount);
      if (e.description !== undefined) expect(actual?.description).toBe(e.description);
      if (e.notes !== undefined) expect(actual?.description).toContain(e.notes);
    });
  }
  if (expected.positions) {
    const positions = statements.flatMap((s) => s.positions ?? []);
    expect(
      positions.map((p) => [p.securityId, Number(p.units), Number(p.unitPrice), Number(p.marketValue)]),
    ).toEqual(
      expected.positions.map((p) => [p.cusip, Number(p.units), Number(p.unit_price), Number(p.market_value)]),
    );
  }
}

describe('conformance over ../shared/fixtures/statements', () => {
  it('finds the corpus', () => {
    expect(dataFiles.length).toBeGreaterThanOrEqual(40);
  });

  it.each(dataFiles)('%s', async (file) => {
    const bytes = readFileSync(join(SHARED_STATEMENTS, file));
    const expected = readExpected(file);
    const format = detectFormat(bytes, file);
    expect(format.ok).toBe(true);
    if (!format.ok) return;
    const dir = file.split('/')[0];
    const expectedFormat = {
      bai2: 'bai2',
      camt053: 'camt',
      ofx: 'ofx',
      investments: 'ofx',
      mt940: 'mt940',
      csv: 'csv',
    }[dir ?? ''];
    expect(format.value).toBe(expectedFormat);

    if (isStatementFormat(format.value)) {
      const result = readStatements(bytes, format.value);
      if (expected?.discarded_entries !== undefined) {
        // All or nothing: entries without a valid date fail the file, each one listed.
        expect(!result.ok && result.error.kind === 'rows-unreadable' && result.error.totalRowErrors).toBe(
          expected.discarded_entries,
        );
        return;
      }
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.length).toBeGreaterThan(0);
      if (expected) compareStatements(result.value, expected, dir === 'investments');
      return;
    }

    const grid = await readCsv(bytes);
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]?.rows.filter((r) => r.cells.some((c) => c.trim() !== '')) ?? [];
    const [header, ...data] = rows;
    expect(data).toHaveLength(expected?.transaction_count ?? data.length);
    for (const [i, e] of (expected?.first_transactions ?? []).entries()) {
      const cells = data[i]?.cells ?? [];
      for (const value of Object.values(e)) expect(cells).toContain(value);
    }
    expect(header?.cells.length).toBeGreaterThan(1);
  });
});
