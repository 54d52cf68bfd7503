import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { describe, expect, it } from 'vitest';
import { readOwn, readShared } from '../test/fixture-path.js';
import { extractFile } from './extract-file.js';
import type { TransactionRow } from './template/template-context.js';

const template = {
  templateId: 7,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Account,Date,Description,Debit,Credit',
  jsonTransform: [
    {
      cellHeaderData: 'Account',
      accountNumber: '0',
      date: '1',
      description: '2',
      amountDebit: '3',
      amountCredit: '4',
      headerStart: '0',
      fileNameIncluded: false,
      specialCase: false,
      dateFormat: 'MM/DD/YYYY',
    },
  ],
} as ImportTemplate;

async function* chunks(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('extractFile', () => {
  const csv = [
    'Account,Date,Description,Debit,Credit',
    ...Array.from(
      { length: 500 },
      (_, i) => `77,01/02/2024,Row ${i},${i % 2 ? '1.50' : ''},${i % 2 ? '' : '2.25'}`,
    ),
  ].join('\r\n');

  it('streams a CSV through detect, match and template into batches of canonical rows', async () => {
    const batches: TransactionRow[][] = [];
    const result = await extractFile(chunks(csv, 1000), {
      fileName: 'jan.csv',
      templates: [template],
      onRows: (rows) => void batches.push(rows as TransactionRow[]),
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ kind: 'transactions', format: 'csv', templateId: 7, rowCount: 500 });
    const rows = batches.flat();
    expect(rows).toHaveLength(500);
    expect(rows[1]).toEqual({
      rowNumber: 3,
      accountNumber: '77',
      date: '2024-01-02',
      description: 'Row 1',
      amount: '-1.5',
      statementIndex: 0,
    });
    if (result.value.kind === 'transactions') {
      expect(result.value.fingerprint).toMatchObject({
        delimiter: ',',
        encoding: 'utf-8',
        columnCount: 5,
        datePattern: '99/99/9999',
      });
    }
  });

  it('writes the .xlsx of a streamed CSV in the same pass (hasExcel)', async () => {
    const { PassThrough } = await import('node:stream');
    const { createXlsxWriter } = await import('./xlsx/create-xlsx-writer.js');
    const { readXlsx } = await import('./xlsx/read-xlsx.js');
    const output = new PassThrough();
    const parts: Buffer[] = [];
    output.on('data', (c: Buffer) => parts.push(c));
    const writer = createXlsxWriter(output, 'jan.csv');
    const result = await extractFile(chunks(csv, 4096), {
      fileName: 'jan.csv',
      templates: [template],
      onGridRows: (rows) => writer.addRows(rows),
    });
    expect(result.ok).toBe(true);
    expect((await writer.finish()).ok).toBe(true);
    const back = await readXlsx(Buffer.concat(parts));
    if (!back.ok) throw new Error(back.error.message);
    const rows = back.value.sheets[0]?.rows ?? [];
    expect(rows).toHaveLength(501);
    expect(rows[2]?.cells).toEqual(['77', '01/02/2024', 'Row 1', '1.50']);
  });

  it('fails with the detected header row when no template matches', async () => {
    const result = await extractFile(Buffer.from('Posted,Memo,Value\n01/02/2024,x,5\n'), {
      fileName: 'x.csv',
      templates: [template],
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'no-template-matched', headerRow: 'Posted,Memo,Value', firstCell: 'Posted' },
    });
  });

  it('reads bank formats natively and checks the client owns the accounts', async () => {
    // A statement whose figures add up: ones that do not are refused (issue 15).
    const bytes = readShared('mt940/rabobank_iban_structured_86.sta');
    const result = await extractFile(bytes, { fileName: 'rabobank.sta' });
    expect(result.ok && result.value.kind === 'statements' && result.value.rows.length).toBe(4);
    const foreign = await extractFile(bytes, {
      fileName: 'rabobank.sta',
      context: { knownAccountNumbers: ['1'] },
    });
    expect(foreign).toMatchObject({ ok: false, error: { kind: 'rows-unreadable' } });
  });

  it('reports an unknown format and an empty file as typed errors', async () => {
    expect(
      await extractFile(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x00, 0x05]), { fileName: 'a.bin' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'unknown-format' },
    });
    expect(await extractFile(Buffer.alloc(0), { fileName: 'e.csv' })).toMatchObject({
      ok: false,
      error: { kind: 'empty-file' },
    });
  });
});

describe('detectFormat edge cases', () => {
  it('reads a CSV whose first cell starts with a bracket as CSV, and JSON arrays of objects as JSON', async () => {
    const { detectFormat } = await import('./formats/detect-format.js');
    expect(detectFormat(Buffer.from('[Date],[Amount]\n01/02/2024,5\n'), 'x.csv')).toEqual({
      ok: true,
      value: 'csv',
    });
    expect(detectFormat(Buffer.from(' [\n  {"a": 1}\n]'), 'x.json')).toEqual({ ok: true, value: 'json' });
    expect(detectFormat(Buffer.from('{"transactions": []}'), 'x.json')).toEqual({ ok: true, value: 'json' });
  });
});

describe('extractFile with PDF statements', () => {
  const pdfTemplate = {
    templateId: 9,
    type: 'Transaction',
    templateType: 'Header',
    headerRow: 'Date,Description,Debit,Credit',
    jsonTransform: [
      {
        cellHeaderData: 'Date',
        date: '0',
        description: '1',
        amountDebit: '2',
        amountCredit: '3',
        headerStart: '2',
        fileNameIncluded: true,
        dateFormat: 'MM/DD/YYYY',
      },
    ],
  } as ImportTemplate;

  it('pdf/titles_running_headers_footers_totals_wrapped_descriptions: the table only, wrapped lines joined, the rest reported', async () => {
    const result = await extractFile(
      readOwn('pdf/titles_running_headers_footers_totals_wrapped_descriptions.pdf'),
      { fileName: 'statement-00123456.pdf', templates: [pdfTemplate] },
    );
    if (!result.ok) throw new Error(result.error.message);
    if (result.value.kind !== 'transactions') throw new Error(result.value.kind);
    const { rows, skippedLines } = result.value;
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.amount).slice(0, 3)).toEqual(['-3.17', '-6.34', '9.51']);
    expect(rows[3]).toMatchObject({
      date: '2024-01-05',
      description: 'Payment 4 to Vendor 4 REF 000004 ORIGINATOR ACME CORP',
      amount: '-12.68',
      accountNumber: '00123456',
    });
    expect(rows[11]?.description).toBe('Payment 12 to Vendor 5 REF 000012 ORIGINATOR ACME CORP');
    const byReason = (reason: string) => skippedLines.filter((l) => l.reason === reason).map((l) => l.text);
    expect(byReason('summary')).toEqual([
      '01/01/2024 | Balance forward | 1,000.00',
      'Total | 152.16 | 95.10',
    ]);
    expect(byReason('outside-columns')).toEqual([
      'Page 1 of 2',
      'Member FDIC. Questions about this statement? Call 1-800-555-0100.',
      'First Tideline Bank - Account Statement',
      'Account 00123456 | Statement period 01/01/2024 to 01/31/2024',
      'Page 2 of 2',
      'Member FDIC. Questions about this statement? Call 1-800-555-0100.',
    ]);
    expect(skippedLines.every((l) => l.page >= 1 && l.rowNumber > 3)).toBe(true);
  });

  it('pdf/unreadable_amount_among_page_furniture: a transaction that cannot be read still fails the file', async () => {
    const result = await extractFile(readOwn('pdf/unreadable_amount_among_page_furniture.pdf'), {
      fileName: 'statement-00123456.pdf',
      templates: [pdfTemplate],
    });
    expect(result.ok).toBe(false);
    if (result.ok || result.error.kind !== 'rows-unreadable') throw new Error('expected rows-unreadable');
    expect(result.error.rowErrors).toHaveLength(1);
    expect(result.error.rowErrors[0]).toMatchObject({ column: 3, field: 'amountCredit', raw: '12.3.4' });
  });
});
