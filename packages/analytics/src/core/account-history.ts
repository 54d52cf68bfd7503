import type { IsoDate } from './iso-date';

/** One posted transaction: signed amount in dollars (credit > 0, debit < 0). */
export interface Transaction {
  readonly date: IsoDate;
  readonly amount: number;
  /** Keyword category from ingestion; `Interest` marks interest credits (cashVest, rate comparison). */
  readonly keyword?: string;
}

/** A closing balance stated by the bank (treasury account-balance statement) for reconciliation. */
export interface ObservedBalance {
  readonly date: IsoDate;
  readonly balance: number;
}

/** What the models need of an account: its anchor balance and its transactions. */
export interface AccountHistory {
  readonly accountId: string;
  /** `accountBalance`: the known end-of-day balance on `anchorDate`. */
  readonly anchorBalance: number;
  /** `accountBalanceDate`. */
  readonly anchorDate: IsoDate;
  /** Ascending by date (several on one date are fine). */
  readonly transactions: readonly Transaction[];
  /** Ascending, at most one per date. */
  readonly observedBalances?: readonly ObservedBalance[];
}

/** An account after validation: dates as day numbers, amounts in typed arrays. */
export interface ParsedAccount {
  readonly accountId: string;
  readonly anchorBalance: number;
  readonly anchorDay: number;
  readonly transactionDays: Int32Array;
  readonly transactionAmounts: Float64Array;
  readonly transactionKeywords: readonly (string | undefined)[];
  readonly observedDays: Int32Array;
  readonly observedBalances: Float64Array;
}
