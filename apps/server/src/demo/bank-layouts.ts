import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';

/**
 * How each demo bank lays out its transaction csv: the Header template a relationship gets. Every
 * layout states its balances, so a file's statement reconciles: a running-balance column the template
 * reads (`balance`, checked row by row), or, where the bank has none, two footer rows stating the
 * Beginning and Ending Balance (write-template-csv.ts).
 */
export interface BankLayout {
  headerRow: string;
  transform: TransactionTemplateInput;
}

const layout = (
  headerRow: string,
  columns: Omit<TransactionTemplateInput, 'cellHeaderData'>,
): BankLayout => ({
  headerRow,
  // The demo banks are US banks: month-first dates and decimal points, stated rather than left to Auto.
  transform: {
    cellHeaderData: headerRow.split(',')[0],
    dateFormat: 'MM/DD/YYYY',
    decimalSeparator: 'dot',
    ...columns,
  },
});

export const BANK_LAYOUTS: Record<string, BankLayout> = {
  // Separate debit and credit columns and a running balance.
  meridian: layout(
    'Account Number,Posting Date,Transaction Description,Debit Amount,Credit Amount,Running Balance',
    {
      accountNumber: '0',
      date: '1',
      description: '2',
      amountDebit: '3',
      amountCredit: '4',
      balance: '5',
      headerStart: '0',
    },
  ),
  prairie: layout('Date,Account,Type,Description,Amount', {
    date: '0',
    accountNumber: '1',
    description: '2,3',
    amount: '4',
    headerStart: '0',
    footerRows: '2',
  }),
  // Shares of a $1.00 pool: the share balance is the dollar balance.
  pool: layout('Statement Date,Participant Account,Activity,Amount,Share Balance', {
    date: '0',
    accountNumber: '1',
    description: '2',
    amount: '3',
    balance: '4',
    headerStart: '0',
  }),
  // A BAI-style export: unsigned amounts marked CR or DR.
  cascade: layout('As Of Date,Bank ID,Account Number,Account Name,BAI Code,Description,Amount,Cr/Dr', {
    date: '0',
    accountNumber: '2',
    description: '5',
    amount: '6',
    creditDebit: '7',
    headerStart: '0',
    footerRows: '2',
  }),
  // Two title rows ('Account:,<number>' first), the header on row 2, a running balance and an
  // ending-balance footer.
  evergreen: layout('Post Date,Check Number,Description,Withdrawals,Deposits,Balance', {
    accountNumberHeader: '0,1',
    date: '0',
    description: '1,2',
    amountDebit: '3',
    amountCredit: '4',
    balance: '5',
    headerStart: '2',
    footerRows: '1',
  }),
  pacific: layout('Account,Date,Memo,Payee,Amount', {
    accountNumber: '0',
    date: '1',
    description: '2,3',
    amount: '4',
    headerStart: '0',
    footerRows: '2',
  }),
  piedmont: layout('Trade Date,Account No,Transaction Type,Description,Net Amount', {
    date: '0',
    accountNumber: '1',
    description: '2,3',
    amount: '4',
    headerStart: '0',
    footerRows: '2',
  }),
  southern: layout('Account Number,Date,Reference,Description,Amount,Credit/Debit', {
    accountNumber: '0',
    date: '1',
    description: '3',
    amount: '4',
    creditDebit: '5',
    headerStart: '0',
    footerRows: '2',
  }),
};
