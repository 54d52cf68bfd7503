import { useMemo, useState } from 'react';
import {
  STAGING_TREASURY_MSG as MSG,
  TREASURY_PAGE_SIZES,
  type StagingAccountBalance,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { RowAction } from '../../components/data-table/data-table.types';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useCan } from '../../lib/use-can';
import { AccountBalanceEditDialog } from './account-balance-edit-dialog';
import { useChangeAccountBalanceValidation } from './staging-treasury.mutations';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { accountBalanceColumns, headersOf } from './treasury-columns';
import { rowsToChange, validationActions, type ChangeValidation } from '../../lib/staging-rows';

// Spec 8: one default for validate and invalidate alike.
const TEXTS = {
  validate: { success: MSG.accountBalancesValidated, failure: MSG.validateAccountBalancesFailed },
  invalidate: { success: MSG.accountBalancesInvalidated, failure: MSG.validateAccountBalancesFailed },
};

interface AccountBalancesTableProps {
  batch: BatchRef;
  rows: StagingAccountBalance[] | undefined;
}

/** The Account Balance section (spec 2): Edit and Validate/Invalidate, no delete (spec 6). */
export function AccountBalancesTable({ batch, rows }: AccountBalancesTableProps) {
  const canExport = useCan('DOWNLOAD_FILES');
  const validation = useChangeAccountBalanceValidation(batch);
  const [editing, setEditing] = useState<StagingAccountBalance | null>(null);
  const columns = useMemo(() => accountBalanceColumns(headersOf(rows)), [rows]);

  const change: ChangeValidation<StagingAccountBalance> = (to, selected, done) => {
    const ids = rowsToChange(to, selected).map((r) => r.stagingAccountBalanceId);
    if (ids.length === 0) return;
    validation.mutate(
      { to, body: { accountBalances: { batchId: batch.batchId, stagingAccountBalanceIds: ids } } },
      toastOutcome(TEXTS[to], done),
    );
  };
  const validating = validationActions<StagingAccountBalance>(
    { validate: 'VALIDATE_STAGING_ACCOUNT_BALANCES', invalidate: 'INVALIDATE_STAGING_ACCOUNT_BALANCES' },
    change,
  );
  const rowActions: RowAction<StagingAccountBalance>[] = [
    { label: 'Edit', permissions: ['EDIT_STAGING_ACCOUNT_BALANCES'], onClick: setEditing },
    ...validating.rowActions,
  ];

  return (
    <>
      <DataTable
        title="Inspect Staging Account Balances"
        columns={columns}
        getRowId={(r) => r.stagingAccountBalanceId}
        getRowLabel={(r) => `${r.accountNumber} ${r.description}`}
        mode={{ kind: 'client', rows, isLoading: rows === undefined }}
        pageSizes={TREASURY_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={validating.bulkActions}
        exportFileName={canExport ? 'Staging Account Balances' : false}
      />
      {editing && <AccountBalanceEditDialog batch={batch} row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
