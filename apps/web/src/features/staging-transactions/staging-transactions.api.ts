import type { PagedList, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import type { StagingDuplicateDecisionBody } from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import {
  StagingTransactionChangeResultSchema,
  StagingTransactionPageSchema,
  StagingTransactionResultSchema,
  type StagingTransaction,
  type StagingTransactionBulkEditBody,
  type StagingTransactionChangeResult,
  type StagingTransactionDeleteBody,
  type StagingTransactionEditBody,
  type StagingTransactionValidationBody,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import {
  KeywordOptionSchema,
  type KeywordOption,
} from '@tideline/contracts/transactions/transactions.schemas';
import { apiRequest } from '../../lib/api-client';
import type { ValidationChange } from '../../lib/staging-rows';

// ingestion-analysis.md 7 "Staging transactions" (/api/transactions/staging).

/** POST /inspect: one page of the staging rows of the listed batch accounts. */
export async function inspectStagingTransactions(
  batchAccountIds: number[],
  request: PagedListRequest,
): Promise<PagedList<StagingTransaction>> {
  const answer = await apiRequest('/transactions/staging/inspect', {
    method: 'POST',
    body: { ...request, batchAccountIds },
  });
  return StagingTransactionPageSchema.parse(answer);
}

/** The keyword picker's choices (label and value), shared with the account's Transactions tab. */
export async function fetchKeywordOptions(): Promise<KeywordOption[]> {
  return KeywordOptionSchema.array().parse(await apiRequest('/transactions/keywords'));
}

/** PUT /update/{id}: one row's amount, description, keyword and date; answers with the server's msg. */
export async function updateStagingTransaction(
  stagingTransactionId: number,
  body: StagingTransactionEditBody,
): Promise<string> {
  const answer = await apiRequest(`/transactions/staging/update/${stagingTransactionId}`, {
    method: 'PUT',
    body: { ...body, stagingTransactionId },
  });
  return StagingTransactionResultSchema.parse(answer).msg;
}

/** PUT /update: the bulk edit of the selected rows; only the fields sent change. */
export async function bulkUpdateStagingTransactions(
  body: StagingTransactionBulkEditBody,
): Promise<StagingTransactionChangeResult> {
  const answer = await apiRequest('/transactions/staging/update', { method: 'PUT', body });
  return StagingTransactionChangeResultSchema.parse(answer);
}

export type { ValidationChange } from '../../lib/staging-rows';

/** PUT /validate or /invalidate: rows of one batch account. */
export async function changeStagingValidation(
  change: ValidationChange,
  body: StagingTransactionValidationBody,
): Promise<StagingTransactionChangeResult> {
  const answer = await apiRequest(`/transactions/staging/${change}`, { method: 'PUT', body });
  return StagingTransactionChangeResultSchema.parse(answer);
}

/** DELETE /: stagingTransactionId as a list, or (issue 39) every row matching the list's filter. */
export async function deleteStagingTransactions(
  body: StagingTransactionDeleteBody,
): Promise<StagingTransactionChangeResult> {
  const answer = await apiRequest('/transactions/staging', { method: 'DELETE', body });
  return StagingTransactionChangeResultSchema.parse(answer);
}

/** PUT /duplicates (issue 39): keep, drop or undecide the possible duplicates of the selection. */
export async function decideStagingDuplicates(
  body: StagingDuplicateDecisionBody,
): Promise<StagingTransactionChangeResult> {
  const answer = await apiRequest('/transactions/staging/duplicates', { method: 'PUT', body });
  return StagingTransactionChangeResultSchema.parse(answer);
}
