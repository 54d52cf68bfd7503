/** The bank formats read natively (ingestion.md step 2). */
export type StatementFormat = 'bai2' | 'camt.052' | 'camt.053' | 'camt.054' | 'ofx' | 'mt940';

export interface StatementTransaction {
  /** Booking date, YYYY-MM-DD. */
  date: string;
  valueDate?: string;
  /** Signed decimal string: credits positive, debits negative. */
  amount: string;
  description: string;
  /** OFX MEMO when it adds to NAME. */
  memo?: string;
  bankReference?: string;
  customerReference?: string;
  /** The bank's own type code (BAI2 type code, camt bank transaction code, OFX TRNTYPE, MT940 type). */
  typeCode?: string;
  /** camt RvslInd: the entry reverses an earlier one; the amount sign already says which way money moved. */
  isReversal?: boolean;
}

export interface StatementBalance {
  /** opening, closing, opening_available, closing_available, forward_available, interim, other codes. */
  type: string;
  amount: string;
  currency?: string;
  date?: string;
}

export interface InvestmentPosition {
  securityId: string;
  securityIdType?: string;
  units: string;
  unitPrice?: string;
  marketValue?: string;
  name?: string;
}

/** One account's statement in canonical form. */
export interface Statement {
  format: StatementFormat;
  accountId: string;
  currency?: string;
  openingBalance?: string;
  closingBalance?: string;
  balances: StatementBalance[];
  transactions: StatementTransaction[];
  statementId?: string;
  positions?: InvestmentPosition[];
  /** Problems that did not stop the read, such as a BAI2 control total that does not add up. */
  warnings?: string[];
}
