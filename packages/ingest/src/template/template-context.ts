/** What the pipeline knows about the file besides its bytes. */
export interface TemplateContext {
  fileName?: string;
  /** The client's account numbers; rows for any other account fail the file (ingestion.md step 5). */
  knownAccountNumbers?: readonly string[];
  /** Read amounts with a decimal comma ("1.234,56"); off unless the template says so. */
  decimalComma?: boolean;
}

/** A canonical staging transaction, before keywords and duplicate flags (ingestion.md step 6). */
export interface TransactionRow {
  rowNumber: number;
  sheet?: string;
  accountNumber: string;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  /** Signed decimal string, outflows negative. */
  amount: string;
  /**
   * The row's statement, 0-based: its place in the extraction's `statements` (bank formats) or
   * `accountStatements` (template-read files), so the server can reconcile each statement's rows.
   */
  statementIndex?: number;
  /** The bank's own unique reference of the entry (OFX FITID, camt AcctSvcrRef, ...), when it gives one. */
  bankReference?: string;
}

/** Where a template-read account statement's balances come from. */
export type AccountBalanceSource = 'balance column' | 'stated' | 'none';

/**
 * One account of a template-read transaction file, as a statement: its period (the first and last
 * row dates) and, where the file gives them, the balance before its first row and after its last.
 */
export interface AccountStatement {
  accountNumber: string;
  openingBalance?: string;
  closingBalance?: string;
  /** YYYY-MM-DD */
  fromDate?: string;
  toDate?: string;
  /**
   * 'stated': the file's title or footer rows state a balance (agreeing with the balance column
   * where both give one); 'balance column': only the template's running balance gives them.
   */
  balanceSource: AccountBalanceSource;
}

/** A canonical staging investment; optional columns are null when the template omits them. */
export interface InvestmentRow {
  rowNumber: number;
  sheet?: string;
  accountNumber: string;
  investmentId: string | null;
  investmentTypeName: string;
  fund: string | null;
  faceValue: string;
  settlementAmount: string;
  interestRate: string;
  couponRate: string | null;
  settlementDate: string;
  maturityDate: string;
  callDate: string | null;
}

/**
 * A canonical investment transaction (a trade, income, transfer or cash move of an investment
 * account), from an OFX INVTRANLIST. Optional values are null when the file has none; numbers are
 * decimal strings signed as in the file (units sold and cash paid out negative).
 */
export interface InvestmentTransactionRow {
  /** Counts trades through the file, 1-based. */
  rowNumber: number;
  accountNumber: string;
  /** Trade date, YYYY-MM-DD. */
  date: string;
  settlementDate: string | null;
  /** BUYSTOCK, SELLMF, INCOME, REINVEST, TRANSFER, INVBANKTRAN, ... */
  type: string;
  /** BUY/SELL type, income type (DIV, INTEREST, CGLONG, ...), transfer action or bank TRNTYPE. */
  subType: string | null;
  securityId: string | null;
  securityIdType: string | null;
  securityName: string | null;
  units: string | null;
  unitPrice: string | null;
  total: string | null;
  description: string;
  bankReference: string | null;
}
