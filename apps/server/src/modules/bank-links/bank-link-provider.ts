import type { BankClientRelationship, LinkToken } from '@tideline/contracts';
import type { AuditContext } from '../../platform/audit/write-audit';

// ingestion.md "Pull providers": Plaid, Munitrust and later providers answer the same small
// interface, so the routes and the pull into staging never ask which provider they talk to.

/** The collection types whose statements are pulled from a provider (ingestion-analysis.md 9). */
export type PullCollectionType = 'Plaid' | 'Munitrust';

/** A reporting period, both ends inclusive (YYYY-MM-DD). */
export interface PullPeriod {
  startDate: string;
  endDate: string;
}

/**
 * One posted transaction in the product's terms: the client's account it belongs to, the posting
 * date, the bank's description and the amount signed as statements are (credits positive, debits
 * negative). `externalId` is the provider's id of the transaction, stable across pulls.
 */
export interface PulledTransaction {
  accountId: number;
  accountNumber: string;
  date: string;
  description: string;
  amount: string;
  externalId: string;
}

/** A provider account that matches none (or more than one) of the client's accounts at the bank. */
export interface UnmatchedProviderAccount {
  name: string;
  mask: string | null;
  transactionCount: number;
  reason: 'no-account' | 'several-accounts';
}

export interface PulledTransactions {
  rows: PulledTransaction[];
  /** Their transactions are not in `rows`: the caller says which accounts could not be placed. */
  unmatchedAccounts: UnmatchedProviderAccount[];
}

export interface BankLinkProvider {
  readonly name: PullCollectionType;
  /** A token to open the provider's Link flow for a new connection of the relationship. */
  createLinkToken(relationship: BankClientRelationship): Promise<LinkToken>;
  /** A token to open Link on the relationship's existing connection (new password, new consent). */
  createUpdateLinkToken(relationship: BankClientRelationship): Promise<LinkToken>;
  /** Trades Link's public token for the connection and stores it (encrypted) for the relationship. */
  exchangePublicToken(
    relationship: BankClientRelationship,
    publicToken: string,
    ctx: AuditContext,
  ): Promise<void>;
  /** Ends the connection at the provider and forgets it here. */
  removeLink(relationship: BankClientRelationship, ctx: AuditContext): Promise<void>;
  /** The posted transactions of the period, placed on the client's accounts at the bank. */
  fetchTransactions(relationship: BankClientRelationship, period: PullPeriod): Promise<PulledTransactions>;
}
