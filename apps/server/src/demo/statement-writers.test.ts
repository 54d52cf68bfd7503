import { ImportTemplateSchema } from '@tideline/contracts/templates/import-template';
import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';
import { extractFile, type ExtractOptions } from '@tideline/ingest/extract-file';
import { readGrid } from '@tideline/ingest/read-grid';
import { describe, expect, it } from 'vitest';
import { BANK_LAYOUTS } from './bank-layouts';
import {
  decimalToCents,
  formatUnsignedCents,
  type DemoStatement,
  type StatementEntry,
} from './demo-statement';
import { writeBai2Statement } from './write-bai2-statement';
import { writeCamt053Statement } from './write-camt053-statement';
import { writeOfxStatement } from './write-ofx-statement';
import { PDF_HEADER, writeStatementPdf } from './write-statement-pdf';
import { writeTemplateCsv } from './write-template-csv';
import { UNMATCHED_HEADER, writeUnmatchedCsv } from './write-unmatched-csv';

const DESCRIPTIONS = [
  'ACH CREDIT IA DEPT OF REVENUE STATE AID',
  'CHECK PAID #10452',
  'PAYROLL DIRECT DEPOSIT PPE 01/09/26',
  'ACH DEBIT PG&E VENDOR PMT 512345',
  'BOOK TRANSFER TO DDA XXXX1234 PAYROLL FUNDING, FINAL "JAN" RUN',
  'WIRE OUT TRUSTEE BOND PMT GO SERIES 2019A AND A DESCRIPTION LONG ENOUGH TO WRAP TWICE IN THE PDF',
  'INTEREST CREDIT',
];

/** A month of `count` entries on business days, credits and debits, a balance that goes negative. */
function makeStatement(count: number, accountNumber = '44101234567'): DemoStatement {
  const entries: StatementEntry[] = Array.from({ length: count }, (_, i) => {
    const day = [5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 20, 21, 22, 23, 26, 27, 28, 29, 30][i % 19]!;
    const sign = i % 3 === 0 ? 1 : -1;
    return {
      date: `2026-01-${String(day).padStart(2, '0')}`,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length]!,
      cents: sign * (1 + ((i * 7_919_113) % 250_000_000)),
    };
  }).sort((a, b) => a.date.localeCompare(b.date));
  const openingCents = 12_345_678;
  return {
    clientName: 'Cedar Valley County',
    bankName: 'First Meridian Bank, N.A.',
    account: {
      accountNumber,
      accountName: 'General Fund Operating',
      accountType: 'Transaction',
      accountCategory: 'Operating',
    },
    month: '2026-01',
    from: '2026-01-01',
    to: '2026-01-31',
    openingCents,
    closingCents: openingCents + entries.reduce((s, e) => s + e.cents, 0),
    entries,
  };
}

const expected = (s: DemoStatement) =>
  s.entries.map((e) => `${s.account.accountNumber}|${e.date}|${e.cents}|${e.description}`).sort();

const actual = (
  rows: readonly { accountNumber: string; date: string; amount: string; description: string }[],
) => rows.map((r) => `${r.accountNumber}|${r.date}|${decimalToCents(r.amount)}|${r.description}`).sort();

async function extract(content: string | Buffer, options: Partial<ExtractOptions> & { fileName: string }) {
  const result = await extractFile(Buffer.from(content), {
    context: { knownAccountNumbers: ['44101234567', '999'] },
    ...options,
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** The template as the engine gets it (ImportTemplateSchema) and as the csv writer takes it. */
function parseTemplate(headerRow: string, transform: TransactionTemplateInput) {
  const template = ImportTemplateSchema.parse({
    type: 'Transaction',
    templateType: 'Header',
    headerRow,
    jsonTransform: [transform],
  });
  if (template.type !== 'Transaction') throw new Error('not a Transaction template');
  return { template, layout: { headerRow, transform: template.jsonTransform[0] } };
}

describe('native statement writers, read back by the engine', () => {
  const statement = makeStatement(40);

  it('BAI2: a group per business day, trailers that add up, balances the engine checks', async () => {
    const result = await extract(writeBai2Statement(statement), { fileName: 'jan.bai2' });
    expect(result.kind === 'statements' && result.format).toBe('bai2');
    if (result.kind !== 'statements') return;
    expect(actual(result.rows)).toEqual(expected(statement));
    expect(result.statements.every((s) => s.warnings === undefined)).toBe(true);
    // A day without transactions is reported too, its opening and closing equal.
    expect(result.statements.length).toBeGreaterThan(new Set(statement.entries.map((e) => e.date)).size);
    expect(decimalToCents(result.statements[0]!.openingBalance!)).toBe(statement.openingCents);
    expect(decimalToCents(result.statements.at(-1)!.closingBalance!)).toBe(statement.closingCents);
  });

  it('camt.053: OPBD and CLBD around the entries, the text escaped', async () => {
    const result = await extract(writeCamt053Statement(statement), { fileName: 'jan.xml' });
    expect(result.kind === 'statements' && result.format).toBe('camt');
    if (result.kind !== 'statements') return;
    expect(actual(result.rows)).toEqual(expected(statement));
    const [read] = result.statements;
    expect(decimalToCents(read!.openingBalance!)).toBe(statement.openingCents);
    expect(decimalToCents(read!.closingBalance!)).toBe(statement.closingCents);
  });

  it('OFX: a STMTTRN per transaction and LEDGERBAL, long descriptions whole in MEMO', async () => {
    const result = await extract(writeOfxStatement(statement), { fileName: 'jan.ofx' });
    expect(result.kind === 'statements' && result.format).toBe('ofx');
    if (result.kind !== 'statements') return;
    expect(actual(result.rows)).toEqual(expected(statement));
    expect(decimalToCents(result.statements[0]!.closingBalance!)).toBe(statement.closingCents);
  });

  it('refuses a camt statement whose balances do not add up, so the writers must get them right', async () => {
    const wrong = { ...statement, closingCents: statement.closingCents + 1 };
    const result = await extractFile(Buffer.from(writeCamt053Statement(wrong)), { fileName: 'x.xml' });
    expect(result.ok).toBe(false);
  });
});

describe('template csv writer, read back by the engine', () => {
  const statement = makeStatement(25);

  it.each(Object.entries(BANK_LAYOUTS))(
    'lays a statement out as %s’s template reads it',
    async (_, layout) => {
      const { template, layout: header } = parseTemplate(layout.headerRow, layout.transform);
      const result = await extract(writeTemplateCsv(statement, header), {
        fileName: 'jan.csv',
        templates: [template],
      });
      expect(result.kind).toBe('transactions');
      if (result.kind === 'transactions') expect(actual(result.rows)).toEqual(expected(statement));
    },
  );

  it.each(Object.entries(BANK_LAYOUTS))(
    'states the opening and closing balance in %s’s layout: its balance column, else its footer rows',
    async (_, layout) => {
      const { layout: header } = parseTemplate(layout.headerRow, layout.transform);
      const grid = await readGrid(Buffer.from(writeTemplateCsv(statement, header)), 'csv');
      if (!grid.ok) throw new Error(grid.error.message);
      const rows = grid.value.sheets[0]!.rows.map((r) => r.cells);
      const t = header.transform;
      const footers = rows.slice(rows.length - Number(t.footerRows ?? '0'));
      const data = rows.slice(Number(t.headerStart) + 1, rows.length - footers.length);
      expect(data).toHaveLength(statement.entries.length);
      const money = (cents: number) => (cents < 0 ? '-' : '') + formatUnsignedCents(cents);
      if (t.balance !== undefined) {
        const balanceOf = (cells: readonly string[]) => decimalToCents(cells[Number(t.balance)]!);
        expect(balanceOf(data[0]!) - statement.entries[0]!.cents).toBe(statement.openingCents);
        expect(balanceOf(data.at(-1)!)).toBe(statement.closingCents);
        for (const cells of footers)
          expect(cells.filter((c) => c !== '')).toEqual(['Ending Balance', money(statement.closingCents)]);
      } else {
        expect(footers.map((cells) => cells.filter((c) => c !== ''))).toEqual([
          [`Beginning Balance ${money(statement.openingCents)}`],
          [`Ending Balance ${money(statement.closingCents)}`],
        ]);
      }
    },
  );

  it.each([
    ['DD-Mon-YYYY', 'comma'],
    ['DD/MM/YYYY', 'dot'],
    ['YYYY-MM-DD', 'dot'],
    ['Auto', 'dot'],
    ['Excel serial', 'dot'],
  ] as const)(
    'writes dates as %s and amounts with a decimal %s, with a checked balance column',
    async (dateFormat, decimalSeparator) => {
      const headerRow = 'Date,Account,Description,Amount,Balance';
      const transform: TransactionTemplateInput = {
        cellHeaderData: 'Date',
        date: '0',
        accountNumber: '1',
        description: '2',
        amount: '3',
        balance: '4',
        headerStart: '0',
        dateFormat,
        decimalSeparator,
      };
      const { template, layout } = parseTemplate(headerRow, transform);
      const csv = writeTemplateCsv(statement, layout);
      const result = await extract(csv, { fileName: 'jan.csv', templates: [template] });
      if (result.kind === 'transactions') expect(actual(result.rows)).toEqual(expected(statement));
      else expect.unreachable(`read as ${result.kind}`);
    },
  );
});

describe('the file no template matches, and the PDF', () => {
  it('fails a csv in a layout no demo template has with no-template-matched, naming its header row', async () => {
    const templates = Object.values(BANK_LAYOUTS).map(
      (l) => parseTemplate(l.headerRow, l.transform).template,
    );
    const result = await extractFile(Buffer.from(writeUnmatchedCsv(makeStatement(10))), {
      fileName: 'jan.csv',
      templates,
      context: { knownAccountNumbers: ['44101234567'] },
    });
    expect(result.ok || result.error).toMatchObject({
      kind: 'no-template-matched',
      headerRow: UNMATCHED_HEADER,
    });
  });

  it('prints a statement whose text layer a template with its header row reads, over pages and wrapped lines', async () => {
    const statement = makeStatement(130);
    const pdf = writeStatementPdf(statement);
    const grid = await readGrid(pdf, 'pdf');
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]!.rows;
    expect(rows[4]!.cells).toEqual([...PDF_HEADER]);
    expect(rows[2]!.cells[0]).toContain(statement.account.accountNumber);
    expect(Math.max(...rows.map((r) => r.line?.page ?? 0))).toBeGreaterThanOrEqual(3);

    const { template } = parseTemplate(PDF_HEADER.join(','), {
      cellHeaderData: 'Date',
      accountNumberHeader: '2,0',
      specialCase: true,
      date: '0',
      description: '1',
      amountDebit: '2',
      amountCredit: '3',
      balance: '4',
      headerStart: '4',
      dateFormat: 'MM/DD/YYYY',
      decimalSeparator: 'dot',
    });
    const result = await extract(pdf, { fileName: 'jan.pdf', templates: [template] });
    if (result.kind !== 'transactions') return expect.unreachable(`read as ${result.kind}`);
    expect(actual(result.rows)).toEqual(expected(statement));
    // Beginning balance, Total and Ending balance are summary lines; the furniture is not a transaction.
    expect(result.skippedLines.filter((l) => l.reason === 'summary')).toHaveLength(3);
  });
});
