import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../src/formats/statement.js';
import { detectFormat } from '../src/formats/detect-format.js';
import { parseCamt } from '../src/formats/parse-camt.js';
import { parseMt940 } from '../src/formats/parse-mt940.js';
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
    /** The counterparty's name (MT940 ?32/?33, camt RltdPties): our description holds it too. */
    counterparty?: string;
    payee?: string;
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

/**
 * Shared fixtures we refuse (issues 15 and 39), with the message: their figures do not add up, as
 * the libraries they come from never check opening + entries = closing or, for BAI2, the trailers'
 * control totals and record counts (their amounts were edited or made up), or the file ends on an
 * intermediate page (:62M:). camt and MT940 rows are still compared with the expectations, read by
 * the format's reader without the statement-level check; a BAI2 reader refuses the file itself.
 */
const REFUSED: Record<string, string> = {
  'bai2/moov_sample4_gsbi_long_text_continuations.bai2':
    "BAI2 line 22: the account trailer (49) of account 107049932 does not add up: its control total is -1260161341762, but the account's amounts add up to 7999960; it counts 26 records, but the account has 18.",
  'bai2/moov_sample5_slash_inside_text.bai2':
    "BAI2 line 22: the account trailer (49) of account 107049932 does not add up: its control total is -1260161341762, but the account's amounts add up to 7999960; it counts 26 records, but the account has 18.",
  'camt053/genkgo_camt053_v02_all_balance_types.xml':
    'Statement 1 of account CH2801234000123456789: the opening balance 1.01 plus its 1 entry (8.85) gives 9.86, but the closing balance is 4.04.',
  'camt053/genkgo_camt053_v02_three_decimal_amounts.xml':
    'Statement 1 of account NL26VAYB8060476890: the opening balance 18.15 plus its 1 entry (8.85) gives 27.00, but the closing balance is 27.05.',
  'mt940/abnamro_two_statements_intermediate_balances.sta':
    'MT940 line 40: statement 2 of account 517852257 closes with an intermediate balance (:62M:), but no further page follows: the file is cut short.',
  'mt940/german_sepa_structured_86.sta':
    'Statement 2 of account 50880050/0194791600888: the opening balance -1,970,431.87 plus its 7 entries (-2,501,917.30) gives -4,472,349.17, but the closing balance is -4,472,049.09.',
  'mt940/ing_nl_swift_header_lines.sta':
    'Statement 1 of account 0001234567: the opening balance 0.00 plus its 7 entries (-45.59) gives -45.59, but the closing balance is 3.47.',
  'mt940/knab_multi_statement_no_decimals.sta':
    'Statement 2 of account 123456789: the opening balance 3,058.98 plus its 2 entries (-6,760.00) gives -3,701.02, but the closing balance is 798.98.',
  'mt940/postfinance_chf_62M_only.sta':
    'Statement 2 of account 123456789: the opening balance 229.20 plus its 2 entries (-69.80) gives 159.40, but the closing balance is 159.60.',
  'mt940/raiffeisen_hu_huf_non_utf8.sta':
    'Statement 1 of account UBRTHUHB/123456789150ABCDEF002/HUF: the opening balance 25,170,637.10 plus its 7 entries (-1,012,213.50) gives 24,158,423.60, but the closing balance is 25,281,687.60.',
  'mt940/triodos_subfield_86.sta':
    'Statement 1 of account TRIODOSBANK/0390123456: the opening balance 4,975.09 plus its 2 entries (-715.70) gives 4,259.39, but the closing balance is 4,370.79.',
};

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
      // The mt940 library's date is the :61: value date; our date is the entry (booking) date.
      const date = statements[0]?.format === 'mt940' ? actual?.valueDate : actual?.date;
      if (e.date !== undefined) expect(date).toBe(e.date.slice(0, 10));
      if (e.amount !== undefined) sameNumber(actual?.amount, e.amount);
      // Descriptions keep what the bank sent (issues 15 and 39): a camt entry whose TxDtls are not
      // separate payments is described by every detail's text, with the counterparty's name; an
      // OFX one by NAME and MEMO; a German MT940 one names its counterparty (?32/?33) after its
      // purpose. The libraries these expectations come from keep less: theirs is contained in ours.
      if (e.description !== undefined) expect(actual?.description).toContain(e.description);
      for (const name of [e.counterparty, e.payee])
        if (name !== undefined) expect(actual?.description).toContain(name.replace(/\s+/g, ' '));
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
      const result = await readStatements(bytes, format.value);
      const refusal = REFUSED[file];
      if (refusal !== undefined) {
        expect(result.ok ? 'read' : result.error.message).toBe(refusal);
        if (format.value !== 'camt' && format.value !== 'mt940') return;
        const unchecked = format.value === 'camt' ? await parseCamt(bytes) : await parseMt940(bytes);
        // The reader itself refuses a file that ends on an intermediate page: nothing to compare.
        if (unchecked.ok && expected) compareStatements(unchecked.value, expected, false);
        return;
      }
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
