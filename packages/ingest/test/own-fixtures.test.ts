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
  it('bai2/funds_types_v_s_z_and_continued_text: funds fields skipped, value date, text continued with commas', async () => {
    const bytes = readOwn('bai2/funds_types_v_s_z_and_continued_text.bai2');
    const result = await parseBai2(bytes);
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

  it('bai2/truncated_without_file_trailer: a truncated file is refused', async () => {
    const result = await parseBai2(readOwn('bai2/truncated_without_file_trailer.bai2'));
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', format: 'bai2' } });
  });

  it('mt940/reversals_rc_rd_and_supplementary_only: RC takes money out, RD puts it in, supplementary text as description', async () => {
    const result = await readStatements(readOwn('mt940/reversals_rc_rd_and_supplementary_only.sta'), 'mt940');
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

  it('camt053/camt053_v08_reversal_and_batched_entry: reversal flag, DtTm booking date, a batch with amounts is one row per payment', async () => {
    const bytes = readOwn('camt053/camt053_v08_reversal_and_batched_entry.xml');
    const result = await parseCamt(bytes);
    if (!result.ok) throw new Error(result.error.message);
    expect(
      result.value[0]?.transactions.map((t) => [
        t.date,
        t.amount,
        t.isReversal ?? false,
        t.description,
        t.customerReference,
      ]),
    ).toEqual([
      ['2024-01-31', '-50', true, 'REVERSAL OF DEPOSIT', undefined],
      ['2024-01-31', '120', false, 'INVOICE 1', 'E2E-1'],
      ['2024-01-31', '80', false, 'INVOICE 2', 'E2E-2'],
    ]);
  });

  it('ofx/investment_trades_v211_buy_sell_income_reinvest: every INVTRANLIST kind into canonical trades beside positions', async () => {
    const bytes = readOwn('ofx/investment_trades_v211_buy_sell_income_reinvest.ofx');
    const result = await readStatements(bytes, 'ofx');
    if (!result.ok) throw new Error(result.error.message);
    const [statement] = result.value;
    expect(statement?.accountId).toBe('INV-778899');
    expect(statement?.positions).toHaveLength(1);
    const trades = statement?.investmentTransactions ?? [];
    expect(trades.map((t) => [t.type, t.subType ?? null])).toEqual([
      ['BUYSTOCK', 'BUY'],
      ['SELLSTOCK', 'SELL'],
      ['BUYMF', 'BUY'],
      ['SELLMF', 'SELL'],
      ['INCOME', 'DIV'],
      ['REINVEST', 'CGLONG'],
      ['BUYDEBT', null],
      ['INVEXPENSE', null],
      ['TRANSFER', 'IN'],
      ['INVBANKTRAN', 'DEP'],
      ['SPLIT', null],
      ['MARGININTEREST', null],
    ]);
    expect(trades[0]).toEqual({
      date: '2024-01-03',
      settleDate: '2024-01-05',
      type: 'BUYSTOCK',
      subType: 'BUY',
      securityId: '000000101',
      securityIdType: 'CUSIP',
      securityName: 'Acme Corp common',
      units: '100',
      unitPrice: '25.125',
      total: '-2517.5',
      commission: '4.95',
      fees: '0.05',
      description: 'Buy 100 ACME',
      bankReference: 'T-1001',
    });
    expect(trades[1]).toMatchObject({
      units: '-40',
      unitPrice: '27',
      total: '1075.05',
      description: 'SELL Acme Corp common',
    });
    expect(trades[4]).toMatchObject({ type: 'INCOME', total: '15', description: 'Quarterly dividend' });
    expect(trades[4]?.units).toBeUndefined();
    expect(trades[5]).toMatchObject({ units: '0.5', unitPrice: '40.5', total: '-20.25' });
    expect(trades[6]).toMatchObject({ accruedInterest: '-12', securityName: 'US Treasury Note 2.5% 2029' });
    expect(trades[8]).toMatchObject({ units: '10', securityId: '000000303' });
    expect(trades[8]?.total).toBeUndefined();
    expect(trades[9]).toMatchObject({ date: '2024-01-29', total: '1000', description: 'Cash deposit' });
    expect(trades[10]).toMatchObject({
      oldUnits: '60',
      newUnits: '120',
      description: 'SPLIT Acme Corp common',
    });
    expect(trades[11]).toEqual({
      date: '2024-01-31',
      type: 'MARGININTEREST',
      total: '-3.21',
      description: 'Margin interest',
      bankReference: 'T-1012',
    });

    // extractFile hands the trades on as canonical rows; the cash deposit stays a cash row too.
    const extracted = await extractFile(bytes, { fileName: 'broker.ofx' });
    if (!extracted.ok || extracted.value.kind !== 'statements') throw new Error('expected statements');
    expect(extracted.value.rows.map((r) => r.amount)).toEqual(['1000']);
    expect(extracted.value.investmentTransactions).toHaveLength(12);
    expect(extracted.value.investmentTransactions[3]).toEqual({
      rowNumber: 4,
      accountNumber: 'INV-778899',
      date: '2024-01-15',
      settlementDate: null,
      type: 'SELLMF',
      subType: 'SELL',
      securityId: '000000202',
      securityIdType: 'CUSIP',
      securityName: 'Tideline Bond Fund',
      units: '-2.5',
      unitPrice: '41',
      total: '102.5',
      description: 'SELL Tideline Bond Fund',
      bankReference: 'T-1004',
    });
  });

  it('ofx/investment_trades_sgml_missing_trade_date_and_bad_total: unreadable trades fail the file, each named', async () => {
    const result = await readStatements(
      readOwn('ofx/investment_trades_sgml_missing_trade_date_and_bad_total.ofx'),
      'ofx',
    );
    expect(result.ok).toBe(false);
    if (result.ok || result.error.kind !== 'rows-unreadable') throw new Error('expected rows-unreadable');
    expect(result.error.totalRowErrors).toBe(2);
    expect(result.error.rowErrors).toEqual([
      {
        rowNumber: 2,
        column: null,
        field: 'SELLSTOCK.DTTRADE',
        raw: '',
        reason: 'SELLSTOCK has no valid trade date',
      },
      {
        rowNumber: 3,
        column: null,
        field: 'INCOME.TOTAL',
        raw: '1O.00',
        reason: 'INCOME TOTAL is not a number',
      },
    ]);
  });

  it('ofx/sgml_decimal_comma_entities: decimal comma amounts and SGML entities', async () => {
    const result = await readStatements(readOwn('ofx/sgml_decimal_comma_entities.ofx'), 'ofx');
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
          dateFormat: 'MM/DD/YYYY',
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
        statementIndex: 0,
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
          dateFormat: 'DD/MM/YYYY',
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
      {
        rowNumber: 2,
        accountNumber: '1234',
        date: '2025-12-04',
        description: 'Café Rémy',
        amount: '100.25',
        statementIndex: 0,
      },
      {
        rowNumber: 3,
        accountNumber: '1234',
        date: '2025-12-05',
        description: 'Boulangerie Müller',
        amount: '-42.1',
        statementIndex: 0,
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
