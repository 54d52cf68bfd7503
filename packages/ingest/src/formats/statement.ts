/** The bank formats read natively (ingestion.md step 2). */
export type StatementFormat = 'bai2' | 'camt.052' | 'camt.053' | 'camt.054' | 'ofx' | 'mt940';

export interface StatementTransaction {
  /** Booking date, YYYY-MM-DD (MT940: the entry date of :61:, else its value date). */
  date: string;
  /** Value date, YYYY-MM-DD, where the format gives one. */
  valueDate?: string;
  /** Signed decimal string: credits positive, debits negative. */
  amount: string;
  description: string;
  /** OFX MEMO when it adds to NAME. */
  memo?: string;
  /** The bank's reference of the entry as the file gives it (placeholders such as NONREF included). */
  bankReference?: string;
  customerReference?: string;
  /** The bank's own type code (BAI2 type code, camt bank transaction code, OFX TRNTYPE, MT940 type). */
  typeCode?: string;
  /** camt RvslInd: the entry reverses an earlier one; the amount sign already says which way money moved. */
  isReversal?: boolean;
}

export interface StatementBalance {
  /**
   * opening, closing, opening_available, closing_available, forward_available, interim,
   * total_credits / total_debits (BAI2 summaries 100/400, MT942 :90C:/:90D:), other codes.
   */
  type: string;
  amount: string;
  currency?: string;
  date?: string;
  /** How many entries a total counts (BAI2 summary item count, MT942 :90C:/:90D:). */
  itemCount?: number;
}

/** A security of an OFX file's SECLIST, as far as staging an investment needs it. */
export interface InvestmentSecurity {
  /** The SECLIST aggregate: DEBTINFO, MFINFO, STOCKINFO, OPTINFO or OTHERINFO. */
  kind: string;
  name?: string;
  ticker?: string;
  /** Debt: PARVALUE, DEBTTYPE (COUPON, ZERO), DEBTCLASS (TREASURY, MUNICIPAL, CORPORATE, OTHER). */
  parValue?: string;
  debtType?: string;
  debtClass?: string;
  /** Percent. */
  couponRate?: string;
  /** YIELD (funds, stocks) or YIELDTOMAT (debt), percent. */
  yield?: string;
  /** YYYY-MM-DD: DTMAT (debt), DTEXPIRE (options). */
  maturityDate?: string;
  callDate?: string;
  /** OTHERINFO TYPEDESC. */
  typeDescription?: string;
}

export interface InvestmentPosition {
  securityId: string;
  securityIdType?: string;
  units: string;
  unitPrice?: string;
  marketValue?: string;
  name?: string;
  /** The INVPOSLIST aggregate: POSDEBT, POSMF, POSSTOCK, POSOPT or POSOTHER. */
  kind?: string;
  /** DTPRICEASOF, YYYY-MM-DD. */
  priceDate?: string;
  /** From the file's SECLIST, filled in once it has been read (it follows the statements). */
  security?: InvestmentSecurity;
}

/**
 * A trade or other entry of an OFX investment statement (INVTRANLIST): buys, sells, income,
 * reinvestments, transfers, expenses and the account's cash moves (INVBANKTRAN). Numbers are
 * decimal strings signed as the file gives them: OFX writes units sold and cash paid out negative.
 */
export interface InvestmentTransaction {
  /** Trade date (DTTRADE), or the posted date of an INVBANKTRAN, YYYY-MM-DD. */
  date: string;
  settleDate?: string;
  /** The OFX aggregate: BUYSTOCK, SELLMF, INCOME, REINVEST, TRANSFER, INVBANKTRAN, ... */
  type: string;
  /** BUYTYPE, SELLTYPE, INCOMETYPE (DIV, INTEREST, CGLONG, ...), TFERACTION or TRNTYPE. */
  subType?: string;
  securityId?: string;
  securityIdType?: string;
  /** SECNAME from the file's security list. */
  securityName?: string;
  units?: string;
  unitPrice?: string;
  /** Cash effect on the account (TOTAL, or TRNAMT of an INVBANKTRAN). */
  total?: string;
  commission?: string;
  fees?: string;
  accruedInterest?: string;
  /** SPLIT only. */
  oldUnits?: string;
  newUnits?: string;
  /** MEMO, else the kind and the security. */
  description: string;
  /** FITID. */
  bankReference?: string;
}

/** One account's statement in canonical form. */
export interface Statement {
  format: StatementFormat;
  accountId: string;
  currency?: string;
  openingBalance?: string;
  closingBalance?: string;
  /**
   * The statement's period, YYYY-MM-DD: camt FrToDt (else the opening and closing balance dates),
   * OFX DTSTART and DTEND, the BAI2 group's as-of date (both), MT940 the :60a: and :62a: dates.
   */
  fromDate?: string;
  toDate?: string;
  /** OFX: the statement's DTASOF, the date its positions are valued at when they give none. */
  asOfDate?: string;
  balances: StatementBalance[];
  /** Its transactions in file order; empty when they were handed on (`transactionsHandedOn`). */
  transactions: StatementTransaction[];
  /**
   * Set when the reader handed the transactions on in batches as it read them (readStatements'
   * `onTransactions`, extractFile's `onRows`) instead of keeping them: how many there were.
   */
  transactionsHandedOn?: number;
  statementId?: string;
  positions?: InvestmentPosition[];
  /** OFX investment statements: the INVTRANLIST entries, in file order. */
  investmentTransactions?: InvestmentTransaction[];
  /** Problems that did not stop the read, such as a BAI2 control total that does not add up. */
  warnings?: string[];
}
