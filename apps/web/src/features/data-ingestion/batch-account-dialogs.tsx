import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { BATCH_RECOVERY_MSG } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { BATCH_VALIDATION_MSG as MSG } from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AccountFilesDialog } from './account-files-dialog';
import { accountLabelOf } from './batch-account-columns';
import type { SourceFile } from './download-source-file';
import type { RenderStagingDialog } from './ingestion-slots';

// Opened from a row, so loaded then (issue 21 "Forms when opened").
const ReconciliationDialog = lazy(() => import('./reconciliation/reconciliation-dialog'));
const OverrideDialog = lazy(() => import('./reconciliation/override-dialog'));

/** What a Validate Batch dialog's account action has open on top of it. */
export type OpenAccountDialog =
  | { kind: 'ignore-account' | 'ignore'; accounts: BatchAccount[]; done?: () => void }
  | { kind: 'delete'; account: BatchAccount }
  | { kind: 'files'; account: BatchAccount; files: SourceFile[] }
  | {
      kind: 'staging';
      render: RenderStagingDialog;
      batchAccountIds: number[];
      view?: 'duplicates-to-decide';
    }
  | { kind: 'reconciliation' | 'override'; account: BatchAccount }
  | null;

interface BatchAccountDialogsProps {
  batch: ClientBatch;
  open: OpenAccountDialog;
  isIgnorePending: boolean;
  isDeletePending: boolean;
  /** 'Ignore Account' answered yes: on to the ignore-accounts confirmation. */
  onIgnoreAccount: (accounts: BatchAccount[], done?: () => void) => void;
  onConfirmIgnore: (accounts: BatchAccount[], done?: () => void) => void;
  onConfirmDelete: (account: BatchAccount) => void;
  /** Validate without reconciling, with its reason; rejects with the server's refusal. */
  onValidateWithOverride: (account: BatchAccount, overrideReason: string) => Promise<unknown>;
  onCancel: () => void;
  onStagingClosed: () => void;
}

/**
 * The confirmations (spec 2), the account's source files, the staging dialogs, and (issue 39) the
 * reconciliation's statements and Validate without reconciling.
 */
export function BatchAccountDialogs({
  batch,
  open,
  isIgnorePending,
  isDeletePending,
  onIgnoreAccount,
  onConfirmIgnore,
  onConfirmDelete,
  onValidateWithOverride,
  onCancel,
  onStagingClosed,
}: BatchAccountDialogsProps) {
  const ignoring = open?.kind === 'ignore-account' || open?.kind === 'ignore' ? open : null;
  const deleting = open?.kind === 'delete' ? open.account : null;
  return (
    <>
      <ConfirmDialog
        open={ignoring?.kind === 'ignore-account'}
        title={MSG.ignoreAccountTitle}
        message={
          ignoring &&
          `${accountLabelOf(ignoring.accounts[0]!)} already has uploaded files. Do you want to ignore it?`
        }
        confirmLabel="Ignore"
        onConfirm={() => ignoring && onIgnoreAccount(ignoring.accounts, ignoring.done)}
        onCancel={onCancel}
      />
      <ConfirmDialog
        open={ignoring?.kind === 'ignore'}
        title="Ignore Accounts"
        message={
          ignoring && (
            <>
              {MSG.ignoreConfirmation}
              <Box component="ul" sx={{ mb: 0 }}>
                {ignoring.accounts.map((a) => (
                  <li key={a.batchAccountId}>{accountLabelOf(a)}</li>
                ))}
              </Box>
            </>
          )
        }
        confirmLabel="Ignore"
        isDestructive
        isPending={isIgnorePending}
        onConfirm={() => ignoring && onConfirmIgnore(ignoring.accounts, ignoring.done)}
        onCancel={onCancel}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={BATCH_RECOVERY_MSG.deleteAccountTitle}
        message={
          // Issue 42 point 3: what goes with it, and that its statements can be uploaded again.
          deleting &&
          BATCH_RECOVERY_MSG.deleteAccountConfirmation(accountLabelOf(deleting), deleting.fileIdList.length)
        }
        confirmLabel="Delete"
        isDestructive
        isPending={isDeletePending}
        onConfirm={() => deleting && onConfirmDelete(deleting)}
        onCancel={onCancel}
      />
      {open?.kind === 'files' && (
        <AccountFilesDialog title={accountLabelOf(open.account)} files={open.files} onClose={onCancel} />
      )}
      {open?.kind === 'staging' &&
        open.render({ batch, batchAccountIds: open.batchAccountIds, view: open.view }, onStagingClosed)}
      {(open?.kind === 'reconciliation' || open?.kind === 'override') && open.account.reconciliation && (
        <Suspense fallback={null}>
          {open.kind === 'reconciliation' ? (
            <ReconciliationDialog
              accountLabel={accountLabelOf(open.account)}
              reconciliation={open.account.reconciliation}
              onClose={onCancel}
            />
          ) : (
            <OverrideDialog
              accountLabel={accountLabelOf(open.account)}
              reconciliation={open.account.reconciliation}
              onSubmit={(reason) => onValidateWithOverride(open.account, reason)}
              onClose={onCancel}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
