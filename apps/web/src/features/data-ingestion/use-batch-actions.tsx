import { useCallback, useState, type ReactNode } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import { BANK_LINK_MSG } from '@tideline/contracts/bank-links/bank-links.schemas';
import {
  BATCH_MSG,
  BATCH_STATUS,
  type ClientBatch,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { RowAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { BatchAccountsDialog } from './batch-accounts-dialog';
import { usePullTransactions } from './data-ingestion.mutations';
import { ExtractionProgressDialog } from './extraction-progress-dialog';
import type { UploadDashboardSlots } from './ingestion-slots';
import { UploadDialog } from './upload-dialog';

// Spec 9: the collection types with a pull option.
const PULLED_COLLECTION_TYPES = ['Plaid', 'Munitrust'];

// ingestion.md "Reporting cycle": files added to a validated batch reopen it and the report's analysis
// status reads 'New Files Added'; the user confirms that first.
const isValidated = (b: ClientBatch) => b.status === BATCH_STATUS.validated;

type OpenDialog = {
  kind: 'upload' | 'accounts' | 'extraction' | 'add-note' | 'view-notes';
  batch: ClientBatch;
} | null;

/** Upload Files or Pull Transaction Data on a validated batch, waiting for its confirmation. */
type AddingToValidated = { action: 'upload' | 'pull'; batch: ClientBatch } | null;

/**
 * The row actions of 'Batches Ready for Files' (spec 2, 6) and the dialogs they open. The Validate
 * Batch dialog is open while its accounts are shown, which pauses the extraction poll (spec 4).
 */
export function useBatchActions(slots: UploadDashboardSlots) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [addingToValidated, setAddingToValidated] = useState<AddingToValidated>(null);
  const pull = usePullTransactions();
  const canViewExtraction = useCan('VIEW_DATA_EXTRACTION_STATUS');
  const open = (kind: NonNullable<OpenDialog>['kind']) => (batch: ClientBatch) => setDialog({ kind, batch });
  const close = () => setDialog(null);
  // Stable, so the table's columns that use it are built once.
  const showExtraction = useCallback((batch: ClientBatch) => setDialog({ kind: 'extraction', batch }), []);

  const pullTransactions = (batch: ClientBatch) =>
    pull.mutate(batch, {
      // Spec 4 "Pulling data": the response is shown as the message.
      onSuccess: (result) => enqueueSnackbar(result.msg, { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(failureMessage(error, BANK_LINK_MSG.pullFailed), { variant: 'error' }),
    });

  const upload = open('upload');
  const addFiles = (action: 'upload' | 'pull') => (batch: ClientBatch) => {
    if (isValidated(batch)) setAddingToValidated({ action, batch });
    else if (action === 'upload') upload(batch);
    else pullTransactions(batch);
  };
  const confirmAddingToValidated = ({ action, batch }: NonNullable<AddingToValidated>) => {
    setAddingToValidated(null);
    if (action === 'upload') upload(batch);
    else pullTransactions(batch);
  };

  const rowActions: RowAction<ClientBatch>[] = [
    {
      label: 'Pull Transaction Data',
      permissions: ['UPLOAD_FILES'],
      hidden: (b) => !PULLED_COLLECTION_TYPES.includes(b.collectionType),
      disabled: (b) => pull.isPending && pull.variables?.batchId === b.batchId,
      onClick: addFiles('pull'),
    },
    { label: 'Upload Files', permissions: ['UPLOAD_FILES'], onClick: addFiles('upload') },
    { label: 'Validate Uploads', permissions: ['VIEW_ACCOUNT_BATCHES'], onClick: open('accounts') },
    {
      label: 'Extraction Progress',
      permissions: ['VIEW_DATA_EXTRACTION_STATUS'],
      onClick: open('extraction'),
    },
  ];
  if (slots.notes) {
    rowActions.push(
      { label: 'Add Note', permissions: ['ADD_NOTES'], onClick: open('add-note') },
      {
        label: 'View Notes',
        permissions: ['VIEW_NOTES'],
        hidden: (b) => !b.hasNotes,
        onClick: open('view-notes'),
      },
    );
  }

  let dialogs: ReactNode = null;
  if (dialog?.kind === 'upload') dialogs = <UploadDialog batch={dialog.batch} onClose={close} />;
  if (dialog?.kind === 'accounts') {
    dialogs = <BatchAccountsDialog batch={dialog.batch} staging={slots.staging} onClose={close} />;
  }
  if (dialog?.kind === 'extraction') {
    dialogs = (
      <ExtractionProgressDialog
        batch={dialog.batch}
        renderTemplateForm={slots.renderTemplateForm}
        onClose={close}
      />
    );
  }
  if (dialog?.kind === 'add-note') dialogs = slots.notes?.renderAddNote(dialog.batch, close);
  if (dialog?.kind === 'view-notes') dialogs = slots.notes?.renderViewNotes(dialog.batch, close);
  const confirmation = (
    <ConfirmDialog
      open={addingToValidated !== null}
      title={BATCH_MSG.validatedTitle}
      message={BATCH_MSG.addToValidated}
      confirmLabel={addingToValidated?.action === 'pull' ? 'Pull Transaction Data' : 'Upload Files'}
      onConfirm={() => addingToValidated && confirmAddingToValidated(addingToValidated)}
      onCancel={() => setAddingToValidated(null)}
    />
  );

  return {
    rowActions,
    dialogs: (
      <>
        {dialogs}
        {confirmation}
      </>
    ),
    isValidateOpen: dialog?.kind === 'accounts',
    /** '2 failed' on a row opens the Extraction Progress dialog, for whoever may see it. */
    showFailed: canViewExtraction ? showExtraction : undefined,
  };
}
