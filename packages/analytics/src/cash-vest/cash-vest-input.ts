import type { Transaction } from '../core/account-history';
import type { RateCurve } from '../monte-carlo/build-rate-table';
import type { IsoDate } from '../core/iso-date';

/** Average balance of one account over the cashVest period. */
export interface AccountAverage {
  readonly accountId: string;
  readonly averageBalance: number;
  /** Earns interest or an earnings credit that offsets fees. */
  readonly isEarning: boolean;
}

export interface LevelAmounts {
  readonly levelOne: number;
  readonly levelTwo: number;
  readonly levelThree: number;
  readonly levelFour: number;
  readonly levelFive: number;
}

export interface PolicyChecklist {
  readonly authorisedInstruments: boolean;
  readonly maximumMaturity: boolean;
  readonly diversification: boolean;
  readonly collateral: boolean;
  readonly liquidityBuffer: boolean;
  readonly reporting: boolean;
}

export interface InvestmentHolding {
  readonly amount: number;
  readonly maturityDate: IsoDate;
}

export interface CashVestInput {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  /** The client's initialInterest. */
  readonly initialInterest: number;
  /** Transactions of the client's accounts; those with keyword Interest are counted. */
  readonly transactions: readonly Transaction[];
  readonly accounts: readonly AccountAverage[];
  /** The current liquidity levels (as computed or as set by the analyst). */
  readonly levels: LevelAmounts;
  /** Dollars held in instruments or accounts whose term matches each investable level. */
  readonly heldByLevel: Omit<LevelAmounts, 'levelOne'>;
  readonly rateCurve: RateCurve;
  /** Bank fees over the period and the part offset by earnings credit. */
  readonly totalFees: number;
  readonly earningsCredit: number;
  /** The short-term model back-test's relative weekly error, if a model exists. */
  readonly backTestRelativeError: number | null;
  readonly policyChecklist: PolicyChecklist;
  readonly investments: readonly InvestmentHolding[];
}
