import { useId, useMemo } from 'react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { BATCH_ACCOUNT_TYPES, type ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { DataTable } from '../../components/data-table/data-table';
import { TREASURY_COLUMNS, accountColumnsOf, accountLabelOf } from './batch-account-columns';
import { batchValidationMutationKey } from './batch-validation.mutations';
import { BatchValidationFooter } from './batch-validation-footer';
import { ingestionQueries } from './data-ingestion.queries';
import type { StagingSlots } from './ingestion-slots';
import { useBatchAccountActions } from './use-batch-account-actions';

/**
 * Spec 2: 'client / bank / account type', plus ' Investments' or ' / Analysis Statements'. An
 * Investment batch's account type is 'Investment' itself, so it reads '... / Investments' rather than
 * 'Investment Investments' (issue 42 point 7).
 */
export function validateTitleOf(batch: ClientBatch): string {
  const prefix = `${batch.clientName} / ${batch.bankName} / `;
  if (batch.templateType === 'Investment') return `${prefix}Investments`;
  const base = `${prefix}${BATCH_ACCOUNT_TYPES[batch.templateType]}`;
  if (batch.templateType === 'Treasury') return `${base} / Analysis Statements`;
  return base;
}

/**
 * Validate Uploads (VIEW_ACCOUNT_BATCHES): the Validate Batch dialog, the batch's accounts with their
 * actions and the batch's own. It cannot be dismissed while one of its actions runs, so the action's
 * outcome is still shown.
 */
export function BatchAccountsDialog({
  batch,
  staging,
  onClose,
}: {
  batch: ClientBatch;
  staging?: StagingSlots;
  onClose: () => void;
}) {
  const titleId = useId();
  const accounts = useQuery(ingestionQueries.accounts(batch.batchId));
  const actions = useBatchAccountActions(batch, staging);
  const isBusy = useIsMutating({ mutationKey: batchValidationMutationKey(batch.batchId) }) > 0;
  const isTreasury = batch.templateType === 'Treasury';
  const { showStatements } = actions;
  const columns = useMemo(
    () => (isTreasury ? TREASURY_COLUMNS : accountColumnsOf(showStatements)),
    [isTreasury, showStatements],
  );
  return (
    <>
      <Dialog
        open
        onClose={() => {
          if (!isBusy) onClose();
        }}
        aria-labelledby={titleId}
        maxWidth="lg"
        fullWidth
      >
        <DialogTitle id={titleId}>{validateTitleOf(batch)}</DialogTitle>
        <DialogContent>
          <DataTable
            title={isTreasury ? 'Analysis Statements' : 'Accounts'}
            columns={columns}
            getRowId={(a) => a.batchAccountId}
            getRowLabel={accountLabelOf}
            mode={{ kind: 'client', rows: accounts.data, isLoading: accounts.isLoading }}
            rowActions={actions.rowActions}
            bulkActions={actions.bulkActions}
            isRowSelectable={actions.isRowSelectable}
            exportFileName={false}
          />
        </DialogContent>
        <BatchValidationFooter batch={batch} accounts={accounts.data} isBusy={isBusy} onClose={onClose} />
      </Dialog>
      {actions.dialogs}
    </>
  );
}
