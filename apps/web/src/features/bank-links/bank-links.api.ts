import {
  BankLinkResultSchema,
  LinkTokenSchema,
  type BankLinkResult,
  type LinkToken,
  type SetAccessTokenBody,
} from '@tideline/contracts/bank-links/bank-links.schemas';
import { apiRequest } from '../../lib/api-client';

// clients-accounts-investments-reports.md 7 "Data ingestion": the Plaid link of a bank relationship.

export async function createLinkToken(bcrId: number): Promise<LinkToken> {
  return LinkTokenSchema.parse(await apiRequest('/data-ingestion/create-link-token', { body: { bcrId } }));
}

export async function createUpdateLinkToken(bankClientRelId: number): Promise<LinkToken> {
  return LinkTokenSchema.parse(
    await apiRequest(`/data-ingestion/create-update-link-token/${bankClientRelId}`, { method: 'POST' }),
  );
}

export async function setAccessToken(body: SetAccessTokenBody): Promise<BankLinkResult> {
  return BankLinkResultSchema.parse(await apiRequest('/data-ingestion/set-access-token', { body }));
}

export async function removePlaidLink(bankClientRelId: number): Promise<BankLinkResult> {
  return BankLinkResultSchema.parse(
    await apiRequest(`/data-ingestion/remove-plaid-link/${bankClientRelId}`, { method: 'DELETE' }),
  );
}
