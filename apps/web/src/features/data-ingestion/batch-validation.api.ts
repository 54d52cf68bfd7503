import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type {
  ValidateBatchAccountsBody,
  ValidateBatchesBody,
  ValidateTreasurySectionsBody,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import {
  BatchesValidatedInOneStepSchema,
  type BatchesValidatedInOneStep,
  type ValidateBatchesInOneStepBody,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import { apiRequest } from '../../lib/api-client';

// Spec 7 "Open reports and batches": the Validate Batch dialog's account and batch actions. Each answers
// the server's msg for the toast; the web reads the accounts and batches again rather than the answer's
// records, so only the msg is parsed.

const msgOf = (answer: unknown) => MessageSchema.parse(answer).msg;

/**
 * PUT /accounts/validate {accounts: [{batchAccountId, overrideReason?}]}: the reason validates an
 * account that does not reconcile (issue 39).
 */
export async function validateBatchAccounts(
  accounts: ValidateBatchAccountsBody['accounts'],
): Promise<string> {
  const body: ValidateBatchAccountsBody = { accounts };
  return msgOf(await apiRequest('/data-ingestion/accounts/validate', { method: 'PUT', body }));
}

/**
 * PUT /api/data-ingestion-treasury-services/staging/validate: a treasury batch's sections are validated
 * by section type together with the batchId (spec 4 "Treasury validation").
 */
export async function validateTreasurySections(
  batchId: number,
  batchTypes: TreasurySectionType[],
): Promise<string> {
  const body: ValidateTreasurySectionsBody = { treasuryServices: { batchTypes, batchId } };
  return msgOf(
    await apiRequest('/data-ingestion-treasury-services/staging/validate', { method: 'PUT', body }),
  );
}

/** PUT /accounts/ignore with the list of batch account ids itself as the body. */
export async function ignoreBatchAccounts(batchAccountIds: number[]): Promise<string> {
  return msgOf(await apiRequest('/data-ingestion/accounts/ignore', { method: 'PUT', body: batchAccountIds }));
}

/** PUT /accounts/restore/{id}: an Ignored account goes back to the status it was ignored from. */
export async function restoreBatchAccount(batchAccountId: number): Promise<string> {
  return msgOf(await apiRequest(`/data-ingestion/accounts/restore/${batchAccountId}`, { method: 'PUT' }));
}

/** DELETE /accounts/{id}. */
export async function deleteBatchAccount(batchAccountId: number): Promise<string> {
  return msgOf(await apiRequest(`/data-ingestion/accounts/${batchAccountId}`, { method: 'DELETE' }));
}

/** PUT /batches/validate {accounts: [{batchId}]}: VALIDATE THIS BATCH promotes its Validated accounts. */
export async function validateBatches(batchIds: number[]): Promise<string> {
  const body: ValidateBatchesBody = { accounts: batchIds.map((batchId) => ({ batchId })) };
  return msgOf(await apiRequest('/data-ingestion/batches/validate', { method: 'PUT', body }));
}

/** DELETE /batches/{id}: the batch, its accounts, files and staging rows. */
export async function deleteBatch(batchId: number): Promise<string> {
  return msgOf(await apiRequest(`/data-ingestion/batches/${batchId}`, { method: 'DELETE' }));
}

/**
 * PUT /batches/validate-all {batches: [{batchId}]} (ours, issue 42): every reconciled account of the
 * batches, then the batches; the answer says per batch what was left and why.
 */
export async function validateBatchesInOneStep(batchIds: number[]): Promise<BatchesValidatedInOneStep> {
  const body: ValidateBatchesInOneStepBody = { batches: batchIds.map((batchId) => ({ batchId })) };
  return BatchesValidatedInOneStepSchema.parse(
    await apiRequest('/data-ingestion/batches/validate-all', { method: 'PUT', body }),
  );
}

/** DELETE /batch-files/{fileAuditId} (ours, issue 42): the file leaves its batch with its staged rows. */
export async function removeBatchFile(fileAuditId: number): Promise<string> {
  return msgOf(await apiRequest(`/data-ingestion/batch-files/${fileAuditId}`, { method: 'DELETE' }));
}
