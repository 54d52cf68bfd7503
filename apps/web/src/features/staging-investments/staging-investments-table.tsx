import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import {
  STAGING_INVESTMENT_MSG,
  STAGING_INVESTMENT_PAGE_SIZES,
  type StagingInvestment,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { toastOutcome } from '../../lib/mutation-toasts';
import { changedRowsByAccount, validationActions, type ValidationChange } from '../../lib/staging-rows';
import { useCan } from '../../lib/use-can';
import { STAGING_INVESTMENT_TABLE_COLUMNS, stagingInvestmentFilters } from './staging-investment-columns';
import { StagingInvestmentEditDialog } from './staging-investment-edit-dialog';
import { listStagingInvestments } from './staging-investments.api';
import {
  useChangeStagingInvestmentValidation,
  useDeleteStagingInvestments,
  type BatchRef,
} from './staging-investments.mutations';
import { stagingInvestmentKeys, stagingInvestmentQueries } from './staging-investments.queries';

type Selection = { rows: StagingInvestment[]; done?: () => void };
type OpenDialog = { kind: 'edit'; investment: StagingInvestment } | ({ kind: 'delete' } & Selection) | null;

const VALIDATION_TEXTS: Record<ValidationChange, { success: string; failure: string }> = {
  validate: { success: STAGING_INVESTMENT_MSG.validated, failure: STAGING_INVESTMENT_MSG.validateFailed },
  invalidate: {
    success: STAGING_INVESTMENT_MSG.invalidated,
    failure: STAGING_INVESTMENT_MSG.invalidateFailed,
  },
};

const labelOf = (i: StagingInvestment) => `${i.investmentId ?? i.investmentTypeName} ${i.maturityDate}`;

/** 'Inspect Staging Investments': the batch account's staged investments, paged on the server. */
export function StagingInvestmentsTable({
  batch,
  batchAccountId,
}: {
  batch: BatchRef;
  batchAccountId: number;
}) {
  const canExport = useCan('DOWNLOAD_FILES');
  const types = useQuery(stagingInvestmentQueries.types());
  const validate = useChangeStagingInvestmentValidation(batch, 'validate');
  const invalidate = useChangeStagingInvestmentValidation(batch, 'invalidate');
  const remove = useDeleteStagingInvestments(batch);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const mode = useMemo(
    () => ({
      kind: 'server' as const,
      queryKey: stagingInvestmentKeys.list(batchAccountId),
      fetchPage: (request: PagedListRequest) => listStagingInvestments(batchAccountId, request),
    }),
    [batchAccountId],
  );
  const filters = useMemo(() => stagingInvestmentFilters(types.data ?? []), [types.data]);

  // Spec 4: Validate sends only the rows that are No, Invalidate only the rows that are Yes.
  const changeValidation = (change: ValidationChange, rows: StagingInvestment[], done?: () => void) => {
    const [request] = changedRowsByAccount(change, rows, (r) => r.stagingInvestmentId);
    if (!request) return;
    const mutation = change === 'validate' ? validate : invalidate;
    mutation.mutate(
      { batchAccountId: request.batchAccountId, stagingInvestmentIds: request.ids },
      toastOutcome(VALIDATION_TEXTS[change], done),
    );
  };

  const validating = validationActions<StagingInvestment>(
    { validate: 'VALIDATE_STAGING_INVESTMENTS', invalidate: 'INVALIDATE_STAGING_INVESTMENTS' },
    changeValidation,
  );
  const rowActions: readonly RowAction<StagingInvestment>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_STAGING_INVESTMENTS'],
      onClick: (investment) => setDialog({ kind: 'edit', investment }),
    },
    ...validating.rowActions,
  ];
  const bulkActions: readonly BulkAction<StagingInvestment>[] = [
    ...validating.bulkActions,
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_INVESTMENTS'],
      color: 'error',
      onClick: (rows, { clearSelection }) => setDialog({ kind: 'delete', rows, done: clearSelection }),
    },
  ];

  const confirmDelete = (target: Selection) =>
    remove.mutate(
      target.rows.map((i) => i.stagingInvestmentId),
      toastOutcome(
        { success: STAGING_INVESTMENT_MSG.deleted, failure: STAGING_INVESTMENT_MSG.deleteFailed },
        () => {
          target.done?.();
          close();
        },
      ),
    );

  return (
    <>
      <DataTable
        title="Inspect Staging Investments"
        columns={STAGING_INVESTMENT_TABLE_COLUMNS}
        filters={filters}
        getRowId={(i) => i.stagingInvestmentId}
        getRowLabel={labelOf}
        mode={mode}
        pageSizes={STAGING_INVESTMENT_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={bulkActions}
        exportFileName={canExport ? 'Staging Investments' : false}
      />
      {dialog?.kind === 'edit' && (
        <StagingInvestmentEditDialog
          batch={batch}
          investment={dialog.investment}
          types={types.data ?? []}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Investments"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.rows.length} investment(s)? This action cannot be undone.`
            : undefined
        }
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog)}
        onCancel={close}
      />
    </>
  );
}
