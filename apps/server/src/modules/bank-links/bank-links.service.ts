import {
  BANK_LINK_MSG,
  UNLINKED_COLLECTION_TYPE,
  type BankClientRelationship,
  type BankLinkResult,
  type CollectionType,
  type LinkToken,
  type SetAccessTokenBody,
} from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import type { AuditContext } from '../../platform/audit/write-audit';
import { AppError } from '../../platform/http/app-error';
import { findVisibleRelationship } from '../banks/bank-client-relationships.service';
import type { BankLinkProvider, PulledTransactions, PullPeriod } from './bank-link-provider';
import type { BankLinkProviders } from './create-bank-link-providers';

// Bank links (clients-accounts-investments-reports.md 4 "Bank-link connection", issue 16 point 8).
// The route checks ADD_USERS (the spec's gate); here the relationship is checked against the user's
// clients, so another client's relationship answers 404 like one that does not exist.

export interface BankLinkDeps {
  db: DbOrTx;
  providers: BankLinkProviders;
}

export async function createLinkToken(
  deps: BankLinkDeps,
  user: CurrentUser,
  bankClientRelId: number,
): Promise<LinkToken> {
  const relationship = await findVisibleRelationship(deps.db, user, bankClientRelId);
  return deps.providers.plaid.createLinkToken(relationship);
}

export async function createUpdateLinkToken(
  deps: BankLinkDeps,
  user: CurrentUser,
  bankClientRelId: number,
): Promise<LinkToken> {
  const relationship = await findVisibleRelationship(deps.db, user, bankClientRelId);
  return deps.providers.plaid.createUpdateLinkToken(relationship);
}

/** Link succeeded: its public token becomes the relationship's Plaid link, the bank becomes Plaid. */
export async function setAccessToken(
  deps: BankLinkDeps,
  user: CurrentUser,
  input: SetAccessTokenBody,
  ctx: AuditContext,
): Promise<BankLinkResult> {
  const relationship = await findVisibleRelationship(deps.db, user, input.bcrId);
  await deps.providers.plaid.exchangePublicToken(relationship, input.publicToken, ctx);
  return { msg: BANK_LINK_MSG.linked, collectionType: 'Plaid' };
}

/** Remove Plaid Link: the item ends at Plaid, the bank's statements come by upload again. */
export async function removePlaidLink(
  deps: BankLinkDeps,
  user: CurrentUser,
  bankClientRelId: number,
  ctx: AuditContext,
): Promise<BankLinkResult> {
  const relationship = await findVisibleRelationship(deps.db, user, bankClientRelId);
  await deps.providers.plaid.removeLink(relationship, ctx);
  return { msg: BANK_LINK_MSG.removed, collectionType: UNLINKED_COLLECTION_TYPE };
}

/** The provider of a pull collection type (ingestion-analysis.md: Plaid or Munitrust only). */
export function findPullProvider(
  providers: BankLinkProviders,
  collectionType: CollectionType,
): BankLinkProvider {
  if (collectionType === 'Plaid') return providers.plaid;
  if (collectionType === 'Munitrust') return providers.munitrust;
  throw new AppError(422, BANK_LINK_MSG.notPulled);
}

/**
 * Pull Transaction Data's rows for a relationship and a period, from the provider of its collection
 * type: placed on the client's accounts, signed as statements are. The caller has checked the user
 * may reach the relationship (its batch) and writes the rows to staging.
 */
export async function fetchBankLinkTransactions(
  providers: BankLinkProviders,
  relationship: BankClientRelationship,
  period: PullPeriod,
): Promise<PulledTransactions> {
  return findPullProvider(providers, relationship.collectionType).fetchTransactions(relationship, period);
}
