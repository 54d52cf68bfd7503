import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import { INVESTMENT_MSG, type Investment } from '@tideline/contracts/investments/investments.schemas';
import { INVESTMENT_GROUP_MSG } from '@tideline/contracts/investments/investment-groups.schemas';
import { SERVER_PAGE_SIZES, type PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, FilterValues, RowAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { downloadSource, NoSourceFileError } from './download-source';
import { investmentColumns } from './investment-columns';
import { InvestmentEditDialog } from './investment-edit-dialog';
import { INVESTMENT_FILTERS, toInvestmentRequest } from './investment-filters';
import { fetchInvestmentPage, type InvestmentScope } from './investments.api';
import { useDeleteInvestments, useRemoveGroupInvestments } from './investments.mutations';
import { investmentQueries } from './investments.queries';

/** Spec 4: deleting an investment is irreversible and warned about. */
export const DELETE_INVESTMENTS_WARNING =
  'Deleted investments cannot be recovered. This action cannot be undone.';

type OpenDialog =
  | { kind: 'edit'; investment: Investment }
  | { kind: 'delete' | 'remove'; rows: Investment[]; done?: () => void }
  | null;

interface InvestmentsTableProps {
  title: string;
  /** Every visible investment, or one account's or client's. */
  scope: InvestmentScope;
  /** On a group page: the group's members, with Remove Investment. */
  groupId?: number;
  initialFilters?: FilterValues;
  toolbarActions?: ReactNode;
}

function labelOf(investment: Investment): string {
  return `${investment.investmentId ?? investment.investmentType} maturing ${formatDate(investment.maturityDate)}`;
}

/**
 * The investments table of spec 2 (All Investments, Client Investments, a group's investments): paged on
 * the server (50 rows from index 0), the 4-page Investments filter, Edit Investment, Download Source,
 * Delete Investment and, in a group, Remove Investment.
 */
export function InvestmentsTable({
  title,
  scope,
  groupId,
  initialFilters,
  toolbarActions,
}: InvestmentsTableProps) {
  const canExport = useCan('DOWNLOAD_FILES');
  const remove = useDeleteInvestments();
  const removeFromGroup = useRemoveGroupInvestments(groupId ?? 0);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const isGroup = groupId !== undefined;

  const columns = useMemo(() => investmentColumns({ isGroup }), [isGroup]);
  const mode = useMemo(
    () => ({
      kind: 'server' as const,
      queryKey: [...investmentQueries.lists(scope), { groupId }],
      fetchPage: (request: PagedListRequest) =>
        fetchInvestmentPage(scope, toInvestmentRequest(request, isGroup ? { groupId } : null)),
    }),
    [scope, groupId, isGroup],
  );

  const download = async (investment: Investment) => {
    try {
      await downloadSource(investment);
      enqueueSnackbar(INVESTMENT_MSG.downloaded, { variant: 'success' });
    } catch (error) {
      const message =
        error instanceof NoSourceFileError
          ? INVESTMENT_MSG.noFile
          : failureMessage(error, INVESTMENT_MSG.downloadFailed);
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const rowActions: RowAction<Investment>[] = [
    {
      label: 'Edit Investment',
      permissions: ['EDIT_INVESTMENTS'],
      onClick: (investment) => setDialog({ kind: 'edit', investment }),
    },
    { label: 'Download Source', permissions: ['DOWNLOAD_FILES'], onClick: (row) => void download(row) },
    {
      label: 'Delete Investment',
      permissions: ['DELETE_INVESTMENTS'],
      onClick: (investment) => setDialog({ kind: 'delete', rows: [investment] }),
    },
  ];
  const bulkActions: BulkAction<Investment>[] = [
    {
      label: 'Delete',
      permissions: ['DELETE_INVESTMENTS'],
      color: 'error',
      onClick: (rows, { clearSelection }) => setDialog({ kind: 'delete', rows, done: clearSelection }),
    },
  ];
  if (isGroup) {
    rowActions.push({
      label: 'Remove Investment',
      permissions: ['REMOVE_INVESTMENT_GROUP_ASSOCIATIONS'],
      onClick: (investment) => setDialog({ kind: 'remove', rows: [investment] }),
    });
    bulkActions.unshift({
      label: 'Remove',
      permissions: ['REMOVE_INVESTMENT_GROUP_ASSOCIATIONS'],
      onClick: (rows, { clearSelection }) => setDialog({ kind: 'remove', rows, done: clearSelection }),
    });
  }

  const confirm = (target: Extract<OpenDialog, { kind: 'delete' | 'remove' }>) => {
    const isDelete = target.kind === 'delete';
    const mutation = isDelete ? remove : removeFromGroup;
    mutation.mutate(
      target.rows.map((r) => r.id),
      {
        onSuccess: (msg) => {
          const fallback = isDelete ? INVESTMENT_MSG.deleted : INVESTMENT_GROUP_MSG.investmentsRemoved;
          enqueueSnackbar(msg ?? fallback, { variant: 'success' });
          target.done?.();
          close();
        },
        onError: (error) => {
          const fallback = isDelete
            ? INVESTMENT_MSG.deleteFailed
            : INVESTMENT_GROUP_MSG.removeInvestmentsFailed;
          enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
        },
      },
    );
  };

  const target = dialog?.kind === 'delete' || dialog?.kind === 'remove' ? dialog : null;
  return (
    <>
      <DataTable
        title={title}
        columns={columns}
        filters={INVESTMENT_FILTERS}
        getRowId={(i) => i.id}
        getRowLabel={labelOf}
        mode={mode}
        pageSizes={SERVER_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={bulkActions}
        toolbarActions={toolbarActions}
        initialFilters={initialFilters}
        exportFileName={canExport ? title : false}
        isCompact
      />
      {dialog?.kind === 'edit' && <InvestmentEditDialog investment={dialog.investment} onClose={close} />}
      <ConfirmDialog
        open={target !== null}
        title={target?.kind === 'remove' ? 'Remove Investments' : 'Delete Investments'}
        message={
          target?.kind === 'remove'
            ? `Remove ${target.rows.length} investment(s) from this group? The investments themselves are kept.`
            : target
              ? `Delete ${target.rows.length} investment(s)? ${DELETE_INVESTMENTS_WARNING}`
              : undefined
        }
        confirmLabel={target?.kind === 'remove' ? 'Remove' : 'Delete'}
        isDestructive
        isPending={remove.isPending || removeFromGroup.isPending}
        onConfirm={() => target && confirm(target)}
        onCancel={close}
      />
    </>
  );
}
