import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';

/** The staging dialogs a batch account row opens (spec 2 "Edit/Inspect/Validate for ..."). */
export type StagedKind = 'Transactions' | 'Investments';

/**
 * Spec 2: Transaction batches inspect transactions, Investment batches investments, Hybrid both. A
 * statement reads as what it holds, not as the batch was created (a BAI2 or camt file in an Investment
 * batch stages transactions), so an account with staged transactions (its first transaction date is
 * set) offers them too: otherwise Validate would promote rows nobody could inspect (issue 42 point 7).
 */
export function offersInspection(
  kind: StagedKind,
  batch: Pick<ClientBatch, 'templateType'>,
  account: Pick<BatchAccount, 'startDate'>,
): boolean {
  const { templateType } = batch;
  if (templateType === 'Treasury') return false;
  if (templateType === 'Hybrid') return true;
  if (kind === 'Investments') return templateType === 'Investment';
  return templateType === 'Transaction' || account.startDate !== null;
}
