import { z } from 'zod';
import {
  AccountSummarySchema,
  BalanceHistorySchema,
  type AccountSummary,
  type BalanceHistory,
} from '@tideline/contracts/account-summary/account-summary.schemas';
import {
  AccountGroupAssociationSchema,
  AccountGroupDetailSchema,
  AccountGroupSchema,
  GroupOptionSchema,
  type AccountGroup,
  type AccountGroupAssociation,
  type AccountGroupDetail,
  type GroupOption,
} from '@tideline/contracts/accounts/account-groups.schemas';
import { AccountLinkSchema, type AccountLink } from '@tideline/contracts/accounts/account-links.schemas';
import {
  AccountOptionSchema,
  AccountSchema,
  type Account,
  type AccountInput,
  type AccountOption,
} from '@tideline/contracts/accounts/accounts.schemas';
import { BankDefaultFrequencySchema } from '@tideline/contracts/banks/banks.schemas';
import {
  BankClientRelationshipSchema,
  ClientSchema,
  type BankClientRelationship,
  type Client,
} from '@tideline/contracts/clients/clients.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import { apiDownload, apiRequest } from '../../lib/api-client';

// clients-accounts-investments-reports.md 7 "Accounts" (/api/accounts), and what the account screens
// read of the client (its name, its bank relationships) and of the banks (default frequencies).

/** The server's msg of a write, shown in the success toast. */
export function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

export async function fetchAccounts(clientId: number): Promise<Account[]> {
  return AccountSchema.array().parse(await apiRequest(`/accounts/all/${clientId}`));
}

/** The staging accounts: 'These accounts require additional setup'. */
export async function fetchStagingAccounts(clientId: number): Promise<Account[]> {
  return AccountSchema.array().parse(await apiRequest(`/accounts/review/${clientId}`));
}

export async function fetchAccount(clientId: number, accountId: number): Promise<Account> {
  return AccountSchema.parse(await apiRequest(`/accounts/single/${clientId}/${accountId}`));
}

export async function fetchAccountOptions(clientId: number): Promise<AccountOption[]> {
  return AccountOptionSchema.array().parse(await apiRequest(`/accounts/list/${clientId}`));
}

export async function fetchAccountTypes(): Promise<string[]> {
  return z.array(z.string()).parse(await apiRequest('/accounts/types'));
}

export async function fetchAccountCategories(): Promise<string[]> {
  return z.array(z.string()).parse(await apiRequest('/accounts/categories'));
}

export async function createAccount(account: AccountInput): Promise<string | undefined> {
  return messageOf(await apiRequest('/accounts/add', { method: 'POST', body: { account } }));
}

export async function updateAccount(accountId: number, account: AccountInput): Promise<string | undefined> {
  return messageOf(await apiRequest(`/accounts/${accountId}`, { method: 'PUT', body: { account } }));
}

/** Staging accounts go through DELETE /review, complete ones (with their transactions) through /remove. */
export async function deleteAccounts(
  accountIds: number[],
  kind: 'staging' | 'complete',
): Promise<string | undefined> {
  const path = kind === 'staging' ? '/accounts/review' : '/accounts/remove';
  return messageOf(await apiRequest(path, { method: 'DELETE', body: { account: { accountIds } } }));
}

export function downloadUploadTemplate(): Promise<Blob> {
  return apiDownload('/accounts/upload-template');
}

// Account groups (the /groups calls).

export async function fetchGroups(clientId: number): Promise<AccountGroup[]> {
  return AccountGroupSchema.array().parse(await apiRequest(`/accounts/groups/all/${clientId}`));
}

export async function fetchGroupOptions(clientId: number): Promise<GroupOption[]> {
  return GroupOptionSchema.array().parse(await apiRequest(`/accounts/groups/list/${clientId}`));
}

export async function fetchGroup(groupId: number): Promise<AccountGroupDetail> {
  return AccountGroupDetailSchema.parse(await apiRequest(`/accounts/groups/${groupId}`));
}

export async function fetchAccountGroupAssociations(accountId: number): Promise<AccountGroupAssociation[]> {
  return AccountGroupAssociationSchema.array().parse(
    await apiRequest(`/accounts/groups/association/${accountId}`),
  );
}

export async function createGroup(clientId: number, groupName: string): Promise<string | undefined> {
  const body = { account: { clientId, addAccountGroupName: groupName } };
  return messageOf(await apiRequest('/accounts/groups/', { method: 'POST', body }));
}

export async function renameGroup(groupId: number, groupName: string): Promise<string | undefined> {
  const body = { account: { accountGroupName: groupName } };
  return messageOf(await apiRequest(`/accounts/groups/${groupId}`, { method: 'PUT', body }));
}

export async function deleteGroups(groupIds: number[]): Promise<string | undefined> {
  return messageOf(
    await apiRequest('/accounts/groups', { method: 'DELETE', body: { account: { groupIds } } }),
  );
}

export async function addGroupAccounts(
  groupId: number,
  accountIdList: number[],
): Promise<string | undefined> {
  const body = { account: { accountIdList } };
  return messageOf(await apiRequest(`/accounts/groups/${groupId}`, { method: 'POST', body }));
}

export async function removeGroupAccounts(accountGroupXrefs: number[]): Promise<string | undefined> {
  const body = { account: { accountGroupXrefs } };
  return messageOf(await apiRequest('/accounts/groups/association', { method: 'DELETE', body }));
}

export async function setAccountGroups(accountId: number, groupIds: number[]): Promise<string | undefined> {
  const body = { account: { groupIds } };
  return messageOf(await apiRequest(`/accounts/groups/association/${accountId}`, { method: 'PUT', body }));
}

// Account links (the /link calls): at most one per account.

export async function fetchAccountLinks(accountId: number): Promise<AccountLink[]> {
  return AccountLinkSchema.array().parse(await apiRequest(`/accounts/link/${accountId}`));
}

export async function createAccountLink(
  accountId: number,
  linkedToAccountId: number,
): Promise<string | undefined> {
  const body = { account: { accountId, linkedToAccountId } };
  return messageOf(await apiRequest('/accounts/link', { method: 'POST', body }));
}

export async function updateAccountLink(
  linkId: number,
  linkedToAccountId: number,
): Promise<string | undefined> {
  const body = { account: { linkedToAccountId } };
  return messageOf(await apiRequest(`/accounts/link/${linkId}`, { method: 'PUT', body }));
}

export async function deleteAccountLink(linkId: number): Promise<string | undefined> {
  return messageOf(await apiRequest(`/accounts/link/${linkId}`, { method: 'DELETE' }));
}

// What the account screens read of other areas (over HTTP only).

export async function fetchClient(clientId: number): Promise<Client> {
  return ClientSchema.parse(await apiRequest(`/clients/${clientId}`));
}

/** The client's bank relationships: the Bank choices of the account form and their collection types. */
export async function fetchClientBanks(clientId: number): Promise<BankClientRelationship[]> {
  return BankClientRelationshipSchema.array().parse(await apiRequest(`/clients/banks/all/${clientId}`));
}

/** What each bank's accounts inherit as their data gathering frequency. */
export async function fetchBankDefaultFrequencies(): Promise<Map<number, number>> {
  const rows = BankDefaultFrequencySchema.array().parse(
    await apiRequest('/banks/default-data-gathering-frequencies'),
  );
  return new Map(rows.map((r) => [r.bankId, r.defaultDataGatheringFrequency]));
}

/** GET /api/accounts/balance-history/{id}: the Account Balance chart, from the daily balance table. */
export async function fetchBalanceHistory(accountId: number): Promise<BalanceHistory> {
  return BalanceHistorySchema.parse(await apiRequest(`/accounts/balance-history/${accountId}`));
}

/** GET /api/accounts/summary/{id}: the two-page account summary panel. */
export async function fetchAccountSummary(accountId: number): Promise<AccountSummary> {
  return AccountSummarySchema.parse(await apiRequest(`/accounts/summary/${accountId}`));
}
