/** One service line: AFP-style service code, bank code, unit price, volume and charge (a staging fee). */
export interface TreasuryFeeRow {
  accountNumber: string;
  bankCode: string;
  /** The common (AFP) service code from CmonCd, when the bank sends one. */
  afpCode: string | null;
  description: string;
  serviceType: string | null;
  unitPrice: string | null;
  volume: string | null;
  /** Charge before tax, signed: a credit to the customer is negative. */
  amount: string;
  currency: string | null;
}

/** A balance or rate of the statement (a staging balance); the earnings credit rate has description 'ecr'. */
export interface TreasuryBalanceRow {
  accountNumber: string;
  code: string;
  description: string;
  /** Amount, or for rates the percentage (ingestion-analysis.md 3 shows 'ecr' rows as percentages). */
  amount: string;
  isRate: boolean;
}

export interface TreasuryStatement {
  statementId: string;
  accountNumber: string;
  currency: string | null;
  fromDate: string | null;
  toDate: string | null;
  fees: TreasuryFeeRow[];
  balances: TreasuryBalanceRow[];
}
