import type {
  DuplicateChoice,
  StagingDuplicateDecisionBody,
  StagingMatching,
} from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import type {
  StagingTransaction,
  StagingTransactionValidationBody,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { MatchingSelection } from '../../components/data-table/data-table.types';
import { countText } from '../../components/data-table/select-all-banner';
import type { ValidationChange } from '../../lib/staging-rows';
import type { StagingTransactionDeleteBody } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { isFlagged } from './staging-transaction-columns';
import { validationRequestsOf } from './staging-validation';

// Issue 39 point 2: a bulk action works on the rows ticked, or on every row of the inspect list's
// filter and search (select all matching), which the server resolves by the list's own rules.

/** What a bulk action of the inspect list works on. */
export interface StagingSelection {
  rows: StagingTransaction[];
  /** Set when every matching row is selected: sent instead of ids. */
  matching: MatchingSelection | null;
}

/** The list's filter over its batch accounts, as the server's `matching` takes it. */
export function toStagingMatching(batchAccountIds: number[], matching: MatchingSelection): StagingMatching {
  const { filters, searchTerm, timeZone } = matching;
  return { batchAccountIds, filters, searchTerm, ...(timeZone && { timeZone }) };
}

/**
 * Validate or Invalidate: by ids, only the rows the change applies to, per batch account (spec 4); on
 * every matching row, one request per batch account with the filter (the server changes only the rows
 * whose status differs).
 */
export function validationBodiesOf(
  change: ValidationChange,
  selection: StagingSelection,
  batchAccountIds: number[],
): StagingTransactionValidationBody[] {
  const { matching } = selection;
  if (!matching) return validationRequestsOf(change, selection.rows);
  const { batchAccountIds: _all, ...filter } = toStagingMatching(batchAccountIds, matching);
  return batchAccountIds.map((batchAccountId) => ({ batchAccountId, matching: filter }));
}

export function deleteBodyOf(
  selection: StagingSelection,
  batchAccountIds: number[],
): StagingTransactionDeleteBody {
  if (selection.matching) return { matching: toStagingMatching(batchAccountIds, selection.matching) };
  return { stagingTransactionId: selection.rows.map((t) => t.stagingTransactionId) };
}

/**
 * Keep, drop or undecide: by ids, only the possible duplicates ticked (null when there are none); on
 * every matching row, the filter (the server leaves the rows that are not flagged alone).
 */
export function decisionBodyOf(
  decision: DuplicateChoice,
  selection: StagingSelection,
  batchAccountIds: number[],
): StagingDuplicateDecisionBody | null {
  if (selection.matching)
    return { decision, matching: toStagingMatching(batchAccountIds, selection.matching) };
  const ids = selection.rows.filter(isFlagged).map((t) => t.stagingTransactionId);
  return ids.length === 0 ? null : { decision, stagingTransactionIds: ids };
}

/** How many rows a selection holds, as a confirmation says it: '114', 'more than 10,000'. */
export function countOf(selection: StagingSelection): string {
  const { matching } = selection;
  if (!matching) return countText(selection.rows.length);
  return matching.isCountBounded ? `more than ${countText(matching.count)}` : countText(matching.count);
}
