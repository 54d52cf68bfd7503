import {
  pagedListSchema,
  type PagedList,
  type PagedListRequest,
} from '@tideline/contracts/paging/paging.schemas';
import {
  KeywordOptionSchema,
  TransactionSchema,
  type KeywordOption,
  type Transaction,
  type TransactionEditBodySchema,
} from '@tideline/contracts/transactions/transactions.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { messageOf } from './accounts.api';

// platform.md 3 "Transaction" and 2.9: the account profile's Transactions tab (/api/transactions).

const TransactionPageSchema = pagedListSchema(TransactionSchema);

export async function fetchAccountTransactions(
  accountId: number,
  request: PagedListRequest,
): Promise<PagedList<Transaction>> {
  return TransactionPageSchema.parse(
    await apiRequest(`/transactions/account/${accountId}`, { method: 'POST', body: request }),
  );
}

export async function fetchKeywordOptions(): Promise<KeywordOption[]> {
  return KeywordOptionSchema.array().parse(await apiRequest('/transactions/keywords'));
}

export type TransactionEdit = z.input<typeof TransactionEditBodySchema>['transaction'];

export async function updateTransaction(
  id: number,
  transaction: TransactionEdit,
): Promise<string | undefined> {
  return messageOf(await apiRequest(`/transactions/${id}`, { method: 'PUT', body: { transaction } }));
}

export async function deleteTransactions(ids: number[]): Promise<string | undefined> {
  return messageOf(await apiRequest('/transactions', { method: 'DELETE', body: { transaction: { ids } } }));
}
