import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readOwn } from '../test/fixture-path.js';
import { makeLargeXls } from '../test/make-large-xls.js';
import { makeLargeXlsx } from '../test/make-large-xlsx.js';
import type { GridRow } from './core/grid.js';
import { extractFile } from './extract-file.js';
import type { TransactionRow } from './template/template-context.js';
import { createXlsxWriter } from './xlsx/create-xlsx-writer.js';
import { readXlsx } from './xlsx/read-xlsx.js';

const transactions = (headerRow: string, columns: Record<string, string>) =>
  ({
    templateId: 5,
    type: 'Transaction',
    templateType: 'Header',
    headerRow,
    jsonTransform: [
      { cellHeaderData: 'x', headerStart: '0', fileNameIncluded: true, dateFormat: 'YYYY-MM-DD', ...columns },
    ],
  }) as ImportTemplate;

const xlsxTemplate = transactions('Date,Description,Amount,Balance', {
  date: '0',
  description: '1',
  amount: '2',
});

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('extractFile on workbooks, PDF and JSON, streamed (issue 15)', () => {
  it('applies the first matching template to every sheet it matches, the others only given as grid rows', async () => {
    const header = ['Date', 'Description', 'Amount', 'Balance'];
    const bytes = await workbook({
      January: [header, ['2024-01-02', 'Coffee', '-4.50', '100']],
      Notes: [['Read me first']],
      February: [header, ['2024-02-03', 'Salary', '2000', '2100']],
    });
    const batches: TransactionRow[][] = [];
    const gridRows: [string, string[][]][] = [];
    const result = await extractFile(bytes, {
      fileName: 'acct-00123456.xlsx',
      templates: [transactions('Posted,Memo', { date: '0', description: '1', amount: '2' }), xlsxTemplate],
      onRows: (rows) => void batches.push(rows as TransactionRow[]),
      onGridRows: (rows: GridRow[], sheet) => void gridRows.push([sheet, rows.map((r) => r.cells)]),
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ kind: 'transactions', templateId: 5, rowCount: 2, rows: [] });
    expect(batches.flat().map((r) => [r.date, r.description, r.amount])).toEqual([
      ['2024-01-02', 'Coffee', '-4.5'],
      ['2024-02-03', 'Salary', '2000'],
    ]);
    expect(gridRows.map(([sheet]) => sheet)).toEqual(['January', 'Notes', 'February']);
    expect(gridRows[1]?.[1]).toEqual([['Read me first']]);
    expect(!('grid' in result.value) || result.value.grid === undefined).toBe(true);
    const kept = await extractFile(bytes, {
      fileName: 'acct-00123456.xlsx',
      templates: [xlsxTemplate],
      keepGrid: true,
    });
    expect(
      kept.ok && kept.value.kind === 'transactions' && kept.value.grid?.sheets.map((s) => s.rows.length),
    ).toEqual([2, 1, 2]);
  });

  it('writes every sheet’s grid rows into the .xlsx copy (hasExcel) in the same pass', async () => {
    const bytes = await workbook({
      January: [
        ['Date', 'Description', 'Amount', 'Balance'],
        ['2024-01-02', 'Coffee', '-4.50', '100'],
      ],
      Notes: [['Read me first'], [], ['third row']],
    });
    const output = new PassThrough();
    const parts: Buffer[] = [];
    output.on('data', (c: Buffer) => parts.push(c));
    const writer = createXlsxWriter(output);
    const result = await extractFile(bytes, {
      fileName: 'acct-00123456.xlsx',
      templates: [xlsxTemplate],
      onGridRows: (rows, sheet) => writer.addRows(rows, sheet),
    });
    expect(result.ok).toBe(true);
    expect((await writer.finish()).ok).toBe(true);
    const copy = await readXlsx(Buffer.concat(parts));
    expect(copy.ok && copy.value.sheets.map((s) => [s.name, s.rows.map((r) => r.cells)])).toEqual([
      [
        'January',
        [
          ['Date', 'Description', 'Amount', 'Balance'],
          ['2024-01-02', 'Coffee', '-4.50', '100'],
        ],
      ],
      ['Notes', [['Read me first'], [], ['third row']]],
    ]);
  });

  it('names the file, the sheet and the row in its failures, with no exception text', async () => {
    const bytes = await workbook({
      Jan: [
        ['Date', 'Description', 'Amount', 'Balance'],
        ['2024-01-02', 'Coffee', 'four', '1'],
      ],
    });
    const unreadable = await extractFile(bytes, {
      fileName: 'acct-00123456.xlsx',
      templates: [xlsxTemplate],
    });
    expect(!unreadable.ok && unreadable.error.message).toMatch(
      /^acct-00123456\.xlsx: 1 row could not be read: row 2 /,
    );
    const unmatched = await extractFile(bytes, { fileName: 'jan.xlsx', templates: [] });
    expect(!unmatched.ok && unmatched.error).toMatchObject({
      kind: 'no-template-matched',
      message: 'jan.xlsx: No template exists for this bank relationship and type.',
      headerRow: 'Date,Description,Amount,Balance',
    });
    const cut = await extractFile(bytes.subarray(0, bytes.length - 40), { fileName: 'jan.xlsx' });
    expect(!cut.ok && cut.error.message).toMatch(/^jan\.xlsx: XLSX: the zip has no central directory/);
  });

  it('reads a PDF from a stream as from its bytes (its own bytes are moved to pdf.js, not copied)', async () => {
    const bytes = readOwn('pdf/titles_running_headers_footers_totals_wrapped_descriptions.pdf');
    async function* stream() {
      for (let at = 0; at < bytes.length; at += 4096) yield bytes.subarray(at, at + 4096);
    }
    const pdfTemplate = {
      ...transactions('Date,Description,Debit,Credit', {
        date: '0',
        description: '1',
        amountDebit: '2',
        amountCredit: '3',
      }),
      jsonTransform: [
        {
          cellHeaderData: 'Date',
          headerStart: '2',
          fileNameIncluded: true,
          dateFormat: 'MM/DD/YYYY',
          date: '0',
          description: '1',
          amountDebit: '2',
          amountCredit: '3',
        },
      ],
    } as ImportTemplate;
    const options = { fileName: 'statement-00123456.pdf', templates: [pdfTemplate], keepGrid: true };
    const fromStream = await extractFile(stream(), options);
    const fromBytes = await extractFile(bytes, options);
    expect(fromStream).toEqual(fromBytes);
    expect(fromBytes.ok && fromBytes.value.kind === 'transactions' && fromBytes.value.rows).toHaveLength(12);
    // The caller's buffer was copied for pdf.js, never detached.
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('turns a reader bug into a plain message and hands the exception to onReaderBug', async () => {
    const bugs: unknown[] = [];
    const broken = { ...xlsxTemplate, jsonTransform: [] } as unknown as ImportTemplate;
    const result = await extractFile(await makeLargeXlsx({ rows: 3, level: 1 }), {
      fileName: 'acct-00123456.xlsx',
      templates: [broken],
      onReaderBug: (cause) => bugs.push(cause),
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unsupported',
        message:
          'acct-00123456.xlsx: The file could not be read because of an error in the reader. Please send it to support.',
      },
    });
    expect(bugs).toHaveLength(1);
  });

  it('extracts 200,000 rows of XLSX, XLS and JSON into one array: no stack-depth limit', async () => {
    const xlsx = await extractFile(await makeLargeXlsx({ rows: 200_000, level: 1 }), {
      fileName: 'acct-00123456.xlsx',
      templates: [xlsxTemplate],
    });
    expect(xlsx.ok && xlsx.value.kind === 'transactions' && xlsx.value.rows.length).toBe(200_000);

    const xls = await extractFile(makeLargeXls(200_000), {
      fileName: 'acct-00123456.xls',
      templates: [transactions('Date,Description,Amount', { date: '0', description: '1', amount: '2' })],
    });
    expect(xls.ok && xls.value.kind === 'transactions' && xls.value.rows.length).toBe(200_000);

    const records = Array.from(
      { length: 200_000 },
      (_, i) => `{"date":"2024-01-02","memo":"Wire ${i}","amount":${i}}`,
    );
    const json = await extractFile(Buffer.from(`[${records.join(',')}]`), {
      fileName: 'acct-00123456.json',
      templates: [transactions('date,memo,amount', { date: '0', description: '1', amount: '2' })],
    });
    expect(json.ok && json.value.kind === 'transactions' && json.value.rows.at(-1)).toMatchObject({
      description: 'Wire 199999',
      amount: '199999',
    });
    // About 7 s on a quiet machine, 64 s at load 15 on 2 cores: room for more than 10x.
  }, 300_000);
});
