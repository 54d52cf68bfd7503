import type { Permission } from '@tideline/contracts/access/permissions';
import {
  BATCH_ACCOUNT_TYPES,
  type BatchTemplateType,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import type { ValidationStatus } from '@tideline/contracts/data-ingestion/staging-rows.schemas';
import type { BulkAction, MatchingSelection, RowAction } from '../components/data-table/data-table.types';

// ingestion-analysis.md 2 and 4: what the staging dialogs (transactions, investments, treasury) share.

export type ValidationChange = 'validate' | 'invalidate';

/**
 * Spec 2: 'Validate/Inspect/Edit: client / bank / account type', then ' - Needs Validation' while any
 * row is No, else ' - Validated' (spec 4); nothing after it while that is not known yet.
 */
export function stagingTitleOf(
  batch: { clientName: string; bankName: string; templateType: BatchTemplateType },
  needsValidation: boolean | undefined,
): string {
  const base = `Validate/Inspect/Edit: ${batch.clientName} / ${batch.bankName} / ${BATCH_ACCOUNT_TYPES[batch.templateType]}`;
  if (needsValidation === undefined) return base;
  return `${base} - ${needsValidation ? 'Needs Validation' : 'Validated'}`;
}

/** Spec 4: Validate moves 'No' rows to 'Yes', Invalidate moves 'Yes' rows back to 'No'. */
const STATUS_CHANGED_BY: Record<ValidationChange, ValidationStatus> = {
  validate: 'No',
  invalidate: 'Yes',
};

/**
 * The rows a bulk Validate or Invalidate sends: only those the change applies to (spec 4), grouped by
 * batch account since the server takes the rows of one account at a time.
 */
export function changedRowsByAccount<
  Row extends { batchAccountId: number; validationStatus: ValidationStatus },
>(
  change: ValidationChange,
  rows: readonly Row[],
  idOf: (row: Row) => number,
): { batchAccountId: number; ids: number[] }[] {
  const byAccount = new Map<number, number[]>();
  for (const row of rows) {
    if (row.validationStatus !== STATUS_CHANGED_BY[change]) continue;
    const ids = byAccount.get(row.batchAccountId) ?? [];
    ids.push(idOf(row));
    byAccount.set(row.batchAccountId, ids);
  }
  return [...byAccount].map(([batchAccountId, ids]) => ({ batchAccountId, ids }));
}

type Row = { validationStatus: ValidationStatus };

/** Spec 4: Validate sends only the rows that are No, Invalidate only the rows that are Yes. */
export function rowsToChange<T extends Row>(to: ValidationChange, rows: readonly T[]): T[] {
  return rows.filter((r) => r.validationStatus === STATUS_CHANGED_BY[to]);
}

/** Spec 4: the dialog's badge is 'Needs Validation' while any row is No. */
export function needsValidation(rows: readonly Row[]): boolean {
  return rows.some((r) => r.validationStatus === 'No');
}

/** `matching`: every row of the table's filter is selected, for a table that sends it (issue 39). */
export type ChangeValidation<T> = (
  to: ValidationChange,
  rows: T[],
  done?: () => void,
  matching?: MatchingSelection | null,
) => void;

/**
 * A table's Validate and Invalidate: in a row's menu by its state (No offers Validate, Yes offers
 * Invalidate), and on the selected rows.
 */
export function validationActions<T extends Row>(
  permissions: { validate: Permission; invalidate: Permission },
  change: ChangeValidation<T>,
): { rowActions: RowAction<T>[]; bulkActions: BulkAction<T>[] } {
  return {
    rowActions: [
      {
        label: 'Validate',
        permissions: [permissions.validate],
        hidden: (r) => r.validationStatus !== 'No',
        onClick: (r) => change('validate', [r]),
      },
      {
        label: 'Invalidate',
        permissions: [permissions.invalidate],
        hidden: (r) => r.validationStatus !== 'Yes',
        onClick: (r) => change('invalidate', [r]),
      },
    ],
    bulkActions: [
      {
        label: 'Validate',
        permissions: [permissions.validate],
        onClick: (rows, { clearSelection, matching }) => change('validate', rows, clearSelection, matching),
      },
      {
        label: 'Invalidate',
        permissions: [permissions.invalidate],
        onClick: (rows, { clearSelection, matching }) => change('invalidate', rows, clearSelection, matching),
      },
    ],
  };
}
