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
