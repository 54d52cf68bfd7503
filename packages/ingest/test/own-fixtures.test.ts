import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { describe, expect, it } from 'vitest';
import { extractFile } from '../src/extract-file.js';
import { detectFormat } from '../src/formats/detect-format.js';
import { parseBai2 } from '../src/formats/parse-bai2.js';
import { readStatements } from '../src/formats/read-statements.js';
import { parseCamt } from '../src/formats/parse-camt.js';
import { readCsv } from '../src/text/read-csv.js';
import { readOwn, readShared } from './fixture-path.js';

/** Our own edge-case fixtures (test/fixtures), each file named for what it exercises. */
describe('own edge-case fixtures', () => {
  it('bai2/funds_types_v_s_z_and_continued_text: funds fields skipped, value date, text continued with commas', () => {
    const bytes = readOwn('bai2/funds_types_v_s_z_and_continued_text.bai2');
    const result = parseBai2(bytes.toString('latin1'), { strictTrailers: true });
    if (!result.ok) throw new Error(result.error.message);
    const [statement] = result.value;
    expect(statement).toMatchObject({
      accountId: '00123456',
      currency: 'USD',
      openingBalance: '1000',
      closingBalance: '975.5',
    });
    expect(statement?.transactions).toEqual([
      {
        date: '2024-01-31',
        amount: '-50',
        description: 'CHECK PAID',
        typeCode: '475',
        bankReference: 'CHK1001',
      },
      {
        date: '2024-01-31',
        valueDate: '2024-02-01',
        amount: '25.5',
        description: 'INCOMING WIRE FROM ACME CORP, INVOICE 9',
        typeCode: '195',
        bankReference: 'WIRE77',
        customerReference: 'INV-9',
      },
      {
        date: '2024-01-31',
        amount: '0',
        description: 'ZERO ADJUSTMENT',
        typeCode: '469',
        bankReference: 'ZERO1',
      },
      {
        date: '2024-01-31',
        amount: '-12.34',
        description: 'MISC DEBIT',
        typeCode: '699',
        bankReference: 'REF9',
      },
    ]);
  });

  it('bai2/truncated_without_file_trailer: a truncated file is refused', () => {
    const result = parseBai2(readOwn('bai2/truncated_without_file_trailer.bai2').toString('latin1'));
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', format: 'bai2' } });
  });

  it('mt940/reversals_rc_rd_and_supplementary_only: RC takes money out, RD puts it in, supplementary text as description', () => {
    const result = readStatements(readOwn('mt940/reversals_rc_rd_and_supplementary_only.sta'), 'mt940');
    if (!result.ok) throw new Error(result.error.message);
    expect(
      result.value[0]?.transactions.map((t) => [t.amount, t.isReversal ?? false, t.description]),
    ).toEqual([
      ['-50', true, 'REVERSAL OF CREDIT'],
      ['20', true, 'REVERSAL OF DEBIT'],
      ['-5.5', false, 'SUPPLEMENTARY ONLY'],
    ]);
    expect(result.value[0]).toMatchObject({
      openingBalance: '1000',
      closingBalance: '964.5',
      currency: 'EUR',
    });
  });

  it('camt053/camt053_v08_reversal_and_batched_entry: reversal flag, DtTm booking date, batch kept or expanded', () => {
    const bytes = readOwn('camt053/camt053_v08_reversal_and_batched_entry.xml');
    const booked = parseCamt(bytes);
    if (!booked.ok) throw new Error(booked.error.message);
    expect(
      booked.value[0]?.transactions.map((t) => [t.date, t.amount, t.isReversal ?? false, t.description]),
    ).toEqual([
      ['2024-01-31', '-50', true, 'REVERSAL OF DEPOSIT'],
      ['2024-01-31', '200', false, 'INVOICE 1'],
    ]);
    const expanded = parseCamt(bytes, { expandBatches: true });
    expect(
      expanded.ok && expanded.value[0]?.transactions.map((t) => [t.amount, t.customerReference]),
    ).toEqual([
      ['-50', undefined],
      ['120', 'E2E-1'],
      ['80', 'E2E-2'],
    ]);
  });

  it('ofx/sgml_decimal_comma_entities: decimal comma amounts and SGML entities', () => {
    const result = readStatements(readOwn('ofx/sgml_decimal_comma_entities.ofx'), 'ofx');
    expect(result.ok && result.value[0]).toMatchObject({
      accountId: 'NL00TIDE01',
      currency: 'EUR',
      closingBalance: '100.25',
      transactions: [{ date: '2024-01-05', amount: '-12.5', description: "Tom & Jerry's" }],
    });
  });

  it('csv/utf16le_bom_tab_quoted_newline.txt: UTF-16 with BOM, tabs, a quoted CRLF inside a field', async () => {
    const bytes = readOwn('csv/utf16le_bom_tab_quoted_newline.txt');
    expect(detectFormat(bytes, 'export.txt')).toEqual({ ok: true, value: 'csv' });
    const grid = await readCsv(bytes);
    expect(grid.ok && grid.value.source).toEqual({ format: 'csv', encoding: 'utf-16le', delimiter: '\t' });
    expect(grid.ok && grid.value.sheets[0]?.rows.map((r) => r.cells)).toEqual([
      ['Date', 'Description', 'Amount'],
      ['01/02/2024', 'Café € 5', '-5.00'],
      ['01/03/2024', 'Line one\r\nline two', '12.00'],
    ]);
  });

  it('csv/windows1252_pipe_euro_parentheses: the euro sign survives Windows-1252, parentheses are negative', async () => {
    const template = {
      type: 'Transaction',
      templateType: 'Cell',
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
    const result = await extractFile(readOwn('csv/windows1252_pipe_euro_parentheses.csv'), {
      fileName: 'acct-99887766.csv',
      templates: [template],
    });
    expect(result.ok && result.value.kind === 'transactions' && result.value.rows).toEqual([
      {
        rowNumber: 2,
        accountNumber: '99887766',
        date: '2024-01-02',
        description: 'Café € Rémy',
        amount: '-12.5',
      },
    ]);
  });

  it('csv/semicolon_decimal_comma_with_preamble: semicolons found under a preamble, decimal comma by context', async () => {
    const template = {
      type: 'Transaction',
      templateType: 'Header',
      headerRow: 'Datum,Text,Betrag',
      jsonTransform: [
        {
          cellHeaderData: 'Kontoauszug',
          date: '0',
          description: '1',
          amount: '2',
          headerStart: '2',
          fileNameIncluded: true,
        },
      ],
    } as ImportTemplate;
    const result = await extractFile(readOwn('csv/semicolon_decimal_comma_with_preamble.csv'), {
      fileName: 'konto-55443322.csv',
      templates: [template],
      context: { decimalComma: true },
    });
    expect(
      result.ok &&
        result.value.kind === 'transactions' &&
        result.value.rows.map((r) => [r.description, r.amount]),
    ).toEqual([
      ['Miete; Januar', '-1234.56'],
      ['Gehalt', '2500'],
    ]);
  });
});

describe('templates over the shared CSV fixtures', () => {
  it('csv/actual_windows1252_accents.csv through a Header template gives the asserted rows', async () => {
    const template = {
      type: 'Transaction',
      templateType: 'Header',
      headerRow: 'Date,Payee,Amount',
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
    const result = await extractFile(readShared('csv/actual_windows1252_accents.csv'), {
      fileName: 'acct-1234.csv',
      templates: [template],
    });
    expect(result.ok && result.value.kind === 'transactions' && result.value.rows).toEqual([
      { rowNumber: 2, accountNumber: '1234', date: '2025-12-04', description: 'Café Rémy', amount: '100.25' },
      {
        rowNumber: 3,
        accountNumber: '1234',
        date: '2025-12-05',
        description: 'Boulangerie Müller',
        amount: '-42.1',
      },
    ]);
  });

  it('csv/actual_erste_hu_utf8_bom.csv through a Header template: account from a column, HUF amounts', async () => {
    const grid = await readCsv(readShared('csv/actual_erste_hu_utf8_bom.csv'));
    if (!grid.ok) throw new Error(grid.error.message);
    const header = grid.value.sheets[0]?.rows[0]?.cells ?? [];
    const template = {
      type: 'Transaction',
      templateType: 'Header',
      headerRow: header.join(','),
      jsonTransform: [
        {
          cellHeaderData: 'Felhasználónév',
          accountNumber: String(header.indexOf('Számlaszám')),
          date: String(header.indexOf('Könyvelés dátuma')),
          description: String(header.indexOf('Partner név')),
          amount: String(header.indexOf('Összeg')),
          headerStart: '0',
        },
      ],
    } as ImportTemplate;
    const result = await extractFile(readShared('csv/actual_erste_hu_utf8_bom.csv'), {
      fileName: 'erste.csv',
      templates: [template],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(
      result.value.kind === 'transactions' && result.value.rows.map((r) => [r.date, r.amount])[0],
    ).toEqual(['2025-12-04', '100']);
    expect(result.value.kind === 'transactions' && result.value.rows).toHaveLength(2);
  });
});
