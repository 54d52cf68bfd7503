import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';
import { describe, expect, it } from 'vitest';
import { extractFile, type Extraction } from '../extract-file.js';
import { createAccountStatementBook } from './create-account-statement-book.js';

const asTemplate = (transform: Omit<TransactionTemplateInput, 'cellHeaderData'>, headerRow: string) =>
  ({
    type: 'Transaction',
    templateType: 'Header',
    headerRow,
    jsonTransform: [{ cellHeaderData: headerRow.split(',')[0], dateFormat: 'MM/DD/YYYY', ...transform }],
  }) as ImportTemplate;

type Transactions = Extract<Extraction, { kind: 'transactions' }>;

function extractCsv(lines: string[], template: ImportTemplate, fileName = 'statement.csv') {
  return extractFile(Buffer.from(`${lines.join('\r\n')}\r\n`), { fileName, templates: [template] });
}

async function extractTransactions(lines: string[], template: ImportTemplate): Promise<Transactions> {
  const result = await extractCsv(lines, template);
  if (!result.ok) throw new Error(result.error.message);
  if (result.value.kind !== 'transactions') throw new Error(`read as ${result.value.kind}`);
  return result.value;
}

const accountStatementsOf = async (lines: string[], template: ImportTemplate) =>
  (await extractTransactions(lines, template)).accountStatements;

const RUNNING = 'Account,Date,Description,Amount,Balance';
const running = asTemplate(
  { accountNumber: '0', date: '1', description: '2', amount: '3', balance: '4', headerStart: '0' },
  RUNNING,
);

/** Evergreen's layout (apps/server demo bank-layouts.ts): account cell, two title rows, an ending-balance footer. */
const EVERGREEN = 'Post Date,Check Number,Description,Withdrawals,Deposits,Balance';
const evergreen = (balance?: string) =>
  asTemplate(
    {
      accountNumberHeader: '0,1',
      date: '0',
      description: '1,2',
      amountDebit: '3',
      amountCredit: '4',
      headerStart: '2',
      footerRows: '1',
      decimalSeparator: 'dot',
      ...(balance ? { balance } : {}),
    },
    EVERGREEN,
  );
const evergreenFile = (ending: string) => [
  'Account:,4455',
  'Evergreen Bank',
  EVERGREEN,
  '01/03/2026,,Deposit,,500.00,1500.00',
  '01/09/2026,1234,Check 1234,200.00,,1300.00',
  '01/20/2026,,Service fee,15.25,,1284.75',
  `,,Ending Balance,,,${ending}`,
];

describe("template files' account statements (issue 39 point 1)", () => {
  it('takes the opening and closing balances from the balance column, oldest first, rows without one included', async () => {
    const statements = await accountStatementsOf(
      [
        RUNNING,
        '9001,01/02/2026,Opening deposit,100.00,1100.00',
        '9001,01/05/2026,Rent,-40.00,1060.00',
        '9001,01/07/2026,Coffee,-2.50,',
        '9001,01/09/2026,Refund,10.00,',
      ],
      running,
    );
    expect(statements).toEqual([
      {
        accountNumber: '9001',
        openingBalance: '1000',
        closingBalance: '1067.5',
        fromDate: '2026-01-02',
        toDate: '2026-01-09',
        balanceSource: 'balance column',
      },
    ]);
  });

  it('reads newest-first files the other way round, and numbers the accounts in first-seen order', async () => {
    const extraction = await extractTransactions(
      [
        RUNNING,
        '9002,01/31/2026,Interest,1.00,',
        '9001,01/09/2026,Refund,10.00,1067.50',
        '9002,01/20/2026,Wire,-50.00,450.00',
        '9001,01/07/2026,Coffee,-2.50,1057.50',
        '9001,01/05/2026,Rent,-40.00,1060.00',
        '9002,01/10/2026,Deposit,200.00,500.00',
      ],
      running,
    );
    expect(extraction.rows.map((r) => [r.accountNumber, r.statementIndex])).toEqual([
      ['9002', 0],
      ['9001', 1],
      ['9002', 0],
      ['9001', 1],
      ['9001', 1],
      ['9002', 0],
    ]);
    expect(extraction.accountStatements).toEqual([
      {
        accountNumber: '9002',
        openingBalance: '300',
        closingBalance: '451',
        fromDate: '2026-01-10',
        toDate: '2026-01-31',
        balanceSource: 'balance column',
      },
      {
        accountNumber: '9001',
        openingBalance: '1100',
        closingBalance: '1067.5',
        fromDate: '2026-01-05',
        toDate: '2026-01-09',
        balanceSource: 'balance column',
      },
    ]);
  });

  it("reads the demo Evergreen layout's ending balance from its footer row", async () => {
    const statements = await accountStatementsOf(evergreenFile('1284.75'), evergreen());
    expect(statements).toEqual([
      {
        accountNumber: '4455',
        closingBalance: '1284.75',
        fromDate: '2026-01-03',
        toDate: '2026-01-20',
        balanceSource: 'stated',
      },
    ]);
  });

  it('checks a stated balance against the balance column: agreeing it is stated, else the file is refused', async () => {
    expect(await accountStatementsOf(evergreenFile('1284.75'), evergreen('5'))).toEqual([
      {
        accountNumber: '4455',
        openingBalance: '1000',
        closingBalance: '1284.75',
        fromDate: '2026-01-03',
        toDate: '2026-01-20',
        balanceSource: 'stated',
      },
    ]);
    const refused = await extractCsv(evergreenFile('"1,294.75"'), evergreen('5'));
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'rows-unreadable',
        message:
          'statement.csv: Row 7: the file states the closing balance 1,294.75, but the balance column of ' +
          'account 4455 gives 1,284.75 after its last row.',
        rowErrors: [{ rowNumber: 7, column: null, field: 'balance', raw: '1294.75' }],
      },
    });
  });

  it('reads "Ending Balance <amount>" in one cell and a beginning balance in a title row, in the decimal style', async () => {
    const template = asTemplate(
      {
        accountNumber: '0',
        date: '1',
        description: '2',
        amount: '3',
        headerStart: '1',
        footerRows: '2',
        decimalSeparator: 'comma',
      },
      'Account,Date,Description,Amount',
    );
    const statements = await accountStatementsOf(
      [
        '"Beginning balance: 1.000,00 EUR",,,',
        'Account,Date,Description,Amount',
        '5566,01/04/2026,Rent,"-400,00"',
        '5566,01/28/2026,Salary,"2.100,50"',
        ',,"Ending Balance 2.700,50",',
        ',,End of statement,',
      ],
      template,
    );
    expect(statements).toEqual([
      {
        accountNumber: '5566',
        openingBalance: '1000',
        closingBalance: '2700.5',
        fromDate: '2026-01-04',
        toDate: '2026-01-28',
        balanceSource: 'stated',
      },
    ]);
  });

  it('leaves stated balances out of a file with several accounts: they cannot say whose they are', async () => {
    const template = asTemplate(
      { accountNumber: '0', date: '1', description: '2', amount: '3', headerStart: '0', footerRows: '1' },
      'Account,Date,Description,Amount',
    );
    const statements = await accountStatementsOf(
      [
        'Account,Date,Description,Amount',
        '1,01/02/2026,A,5.00',
        '2,01/03/2026,B,6.00',
        'Ending Balance,,,11.00',
      ],
      template,
    );
    expect(statements).toEqual([
      { accountNumber: '1', fromDate: '2026-01-02', toDate: '2026-01-02', balanceSource: 'none' },
      { accountNumber: '2', fromDate: '2026-01-03', toDate: '2026-01-03', balanceSource: 'none' },
    ]);
  });
});

describe('createAccountStatementBook', () => {
  it("reads an account's sheets as consecutive statements: the first one's opening, the last one's closing", () => {
    const book = createAccountStatementBook();
    expect([book.indexOf('B'), book.indexOf('A'), book.indexOf('B')]).toEqual([0, 1, 0]);
    book.add({ accountNumber: 'A', fromDate: '2026-01-01', toDate: '2026-01-31', balanceSource: 'none' });
    book.add({
      accountNumber: 'B',
      openingBalance: '10',
      closingBalance: '20',
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      balanceSource: 'balance column',
    });
    book.add({
      accountNumber: 'B',
      closingBalance: '35',
      fromDate: '2026-02-01',
      toDate: '2026-02-28',
      balanceSource: 'stated',
    });
    expect(book.list()).toEqual([
      {
        accountNumber: 'B',
        openingBalance: '10',
        closingBalance: '35',
        fromDate: '2026-01-01',
        toDate: '2026-02-28',
        balanceSource: 'stated',
      },
      { accountNumber: 'A', fromDate: '2026-01-01', toDate: '2026-01-31', balanceSource: 'none' },
    ]);
  });
});
