import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { BATCH_VALIDATION_MSG as MSG } from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { toastOutcome } from '../../lib/mutation-toasts';
import { enqueueSnackbar } from '../../lib/toast-host';
import { useCan } from '../../lib/use-can';
import { BatchAccountDialogs, type OpenAccountDialog } from './batch-account-dialogs';
import {
  useDeleteBatchAccount,
  useIgnoreBatchAccounts,
  useRefreshBatchValidation,
  useRestoreBatchAccount,
  useValidateBatchAccounts,
} from './batch-validation.mutations';
import { ingestionQueries } from './data-ingestion.queries';
import { downloadSourceFile, type SourceFile } from './download-source-file';
import type { StagingSlots } from './ingestion-slots';
import { needsOverride } from './reconciliation/reconciliation-chip';
import { offersInspection } from './staging-inspections';

const IGNORE: readonly Permission[] = ['IGNORE_ACCOUNT_BATCHES'];
// Any one of the sections' view permissions opens the treasury dialog (it shows the sections allowed).
const TREASURY_STAGING_VIEW: readonly Permission[] = [
  'VIEW_STAGING_FEES',
  'VIEW_STAGING_BALANCES',
  'VIEW_STAGING_ACCOUNT_BALANCES',
];

// Spec 4 "Batch account status": which action each status offers.
const isValidatable = (a: BatchAccount) => a.status === 'Needs Validation';
const isInspectable = (a: BatchAccount) => a.status === 'Validated' || a.status === 'Needs Validation';
const isIgnorable = (a: BatchAccount) => a.status === 'Needs Validation' || a.status === 'Needs Files';

// Issue 39 point 2: the server refuses Validate while possible duplicates are undecided; say so first.
const undecidedReason = ({ duplicates: { undecided } }: BatchAccount) =>
  undecided > 0
    ? `Decide its ${undecided} possible ${undecided === 1 ? 'duplicate' : 'duplicates'} first.`
    : undefined;

/**
 * The Validate Batch dialog's row actions (spec 2, 4, 6), the selected accounts' Ignore, and the
 * dialogs they open. The staging dialogs come from other areas through `staging`.
 */
export function useBatchAccountActions(batch: ClientBatch, staging: StagingSlots = {}) {
  const [open, setOpen] = useState<OpenAccountDialog>(null);
  const close = () => setOpen(null);
  const queryClient = useQueryClient();
  const canViewExtraction = useCan('VIEW_DATA_EXTRACTION_STATUS');
  const refresh = useRefreshBatchValidation();
  const validate = useValidateBatchAccounts(batch);
  const ignore = useIgnoreBatchAccounts(batch);
  const restore = useRestoreBatchAccount(batch);
  const remove = useDeleteBatchAccount(batch);

  const isRunningOn = (a: BatchAccount) =>
    (validate.isPending && validate.variables.some((v) => v.account.batchAccountId === a.batchAccountId)) ||
    (restore.isPending && restore.variables === a.batchAccountId);

  // Spec 2: a single account that already has files is asked about first ('Ignore Account').
  const askIgnore = (accounts: BatchAccount[], done?: () => void) =>
    setOpen({
      kind: accounts.length === 1 && accounts[0]!.fileIdList.length > 0 ? 'ignore-account' : 'ignore',
      accounts,
      done,
    });

  // Files are named as extraction listed them; without that list, by their id.
  const downloadSource = async (account: BatchAccount) => {
    let names = new Map<number, string>();
    if (canViewExtraction) {
      const listed = await queryClient
        .ensureQueryData(ingestionQueries.extraction(batch.batchId))
        .catch(() => []);
      names = new Map(listed.map((f) => [f.fileAuditId, f.fileName]));
    }
    const files: SourceFile[] = account.fileIdList.map((fileAuditId) => ({
      fileAuditId,
      fileName: names.get(fileAuditId) ?? `Source file ${fileAuditId}`,
    }));
    if (files.length === 1) await downloadSourceFile(files[0]!);
    else setOpen({ kind: 'files', account, files });
  };

  // Issue 39 point 1: an account that does not reconcile is validated with a reason (the override
  // dialog); the server's refusal of any other (e.g. duplicates found since) is its toast.
  const validateAccount = (a: BatchAccount) =>
    needsOverride(a.reconciliation?.status)
      ? setOpen({ kind: 'override', account: a })
      : validate.mutate(
          [{ account: a }],
          toastOutcome({ success: MSG.accountsValidated, failure: MSG.validateAccountFailed }),
        );
  const validateWithOverride = async (account: BatchAccount, overrideReason: string) => {
    const msg = await validate.mutateAsync([{ account, overrideReason }]);
    enqueueSnackbar(msg || MSG.accountsValidated, { variant: 'success' });
    close();
  };

  const rowActions: RowAction<BatchAccount>[] = [
    {
      label: batch.templateType === 'Treasury' ? 'Validate Account' : 'Validate',
      permissions: ['VALIDATE_ACCOUNT_BATCHES'],
      hidden: (a) => !isValidatable(a),
      disabled: isRunningOn,
      disabledReason: undecidedReason,
      onClick: validateAccount,
    },
  ];
  // Issue 39 point 2: the way to what blocks Validate, the transactions on their undecided duplicates.
  const { transactions } = staging;
  if (transactions && batch.templateType !== 'Treasury') {
    rowActions.push({
      label: 'Decide Possible Duplicates',
      permissions: ['VIEW_STAGING_TRANSACTIONS'],
      hidden: (a) =>
        !isInspectable(a) || !offersInspection('Transactions', batch, a) || a.duplicates.undecided === 0,
      onClick: (a) =>
        setOpen({
          kind: 'staging',
          render: transactions,
          batchAccountIds: [a.batchAccountId],
          view: 'duplicates-to-decide',
        }),
    });
  }
  // Which of the two each row offers: offersInspection (by the batch and what the account staged).
  const inspections = [
    { render: staging.transactions, of: 'Transactions', permission: 'VIEW_STAGING_TRANSACTIONS' },
    { render: staging.investments, of: 'Investments', permission: 'VIEW_STAGING_INVESTMENTS' },
  ] as const;
  for (const { render, of, permission } of inspections) {
    if (!render || batch.templateType === 'Treasury') continue;
    rowActions.push({
      label: `Edit/Inspect/Validate ${of}`,
      permissions: [permission],
      hidden: (a) => !isInspectable(a) || !offersInspection(of, batch, a),
      onClick: (a) => setOpen({ kind: 'staging', render, batchAccountIds: [a.batchAccountId] }),
    });
  }
  const { treasury } = staging;
  if (treasury && batch.templateType === 'Treasury') {
    rowActions.push({
      label: 'Edit/Inspect/Validate',
      permissions: TREASURY_STAGING_VIEW,
      hidden: (a) => !isInspectable(a),
      onClick: (a) => setOpen({ kind: 'staging', render: treasury, batchAccountIds: [a.batchAccountId] }),
    });
  }
  rowActions.push(
    {
      label: 'Download Source',
      permissions: ['DOWNLOAD_FILES'],
      hidden: (a) => a.fileIdList.length === 0,
      onClick: (a) => void downloadSource(a),
    },
    {
      label: 'Ignore Account',
      permissions: IGNORE,
      hidden: (a) => !isIgnorable(a),
      onClick: (a) => askIgnore([a]),
    },
    {
      label: 'Restore Account',
      permissions: IGNORE,
      hidden: (a) => a.status !== 'Ignored',
      disabled: isRunningOn,
      onClick: (a) =>
        restore.mutate(
          a.batchAccountId,
          toastOutcome({ success: MSG.accountRestored, failure: MSG.restoreAccountFailed }),
        ),
    },
    {
      label: 'Delete',
      permissions: ['DELETE_ACCOUNT_BATCHES'],
      disabled: (a) => a.status === 'Needs Files',
      onClick: (a) => setOpen({ kind: 'delete', account: a }),
    },
  );

  const bulkActions: BulkAction<BatchAccount>[] = [
    {
      label: 'Ignore Accounts',
      permissions: IGNORE,
      color: 'error',
      onClick: (accounts, { clearSelection }) => askIgnore(accounts.filter(isIgnorable), clearSelection),
    },
  ];

  // Spec 4 "Resetting the lists": the confirmation closes whatever the outcome.
  const confirmIgnore = (accounts: BatchAccount[], done?: () => void) =>
    ignore.mutate(
      accounts.map((a) => a.batchAccountId),
      {
        ...toastOutcome({ success: MSG.accountsIgnored, failure: MSG.ignoreFailed }, done),
        onSettled: close,
      },
    );
  const confirmDelete = (account: BatchAccount) =>
    remove.mutate(account.batchAccountId, {
      ...toastOutcome({ success: MSG.accountDeleted, failure: MSG.deleteAccountFailed }),
      onSettled: close,
    });

  const dialogs = (
    <BatchAccountDialogs
      batch={batch}
      open={open}
      isIgnorePending={ignore.isPending}
      isDeletePending={remove.isPending}
      onIgnoreAccount={(accounts, done) => setOpen({ kind: 'ignore', accounts, done })}
      onConfirmIgnore={confirmIgnore}
      onConfirmDelete={confirmDelete}
      onValidateWithOverride={validateWithOverride}
      onCancel={close}
      onStagingClosed={() => {
        close();
        void refresh(batch);
      }}
    />
  );

  const showStatements = useCallback(
    (account: BatchAccount) => setOpen({ kind: 'reconciliation', account }),
    [],
  );
  return { rowActions, bulkActions, isRowSelectable: isIgnorable, dialogs, showStatements };
}
