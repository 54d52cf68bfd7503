import { useCallback, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ACCOUNT_UPLOAD_TEMPLATE_FILE_NAME } from '@tideline/contracts/accounts/account-upload.schemas';
import { ACCOUNT_MSG, type Account } from '@tideline/contracts/accounts/accounts.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { ACCOUNT_COLUMNS, accountFilters, STAGING_COLUMNS } from './account-columns';
import { AccountFormDialog } from './account-form-dialog';
import { downloadUploadTemplate } from './accounts.api';
import { useDeleteAccounts } from './accounts.mutations';
import { accountQueries } from './accounts.queries';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { retryJob } from './upload.api';
import { useExtractionJobs } from './use-extraction-jobs';
import { toastOutcome } from '../../lib/mutation-toasts';
import { saveBlob } from '../../lib/save-file';

type OpenDialog =
  | { kind: 'add' | 'upload' }
  | { kind: 'edit'; account: Account }
  | { kind: 'delete'; accounts: Account[]; isStaging: boolean; done?: () => void }
  | null;

/**
 * Tab 1 of the client profile (spec 2 "Accounts tab"): 'Add New Account', the bulk upload, the
 * 'Account Actions' panel, the staging table and 'All Accounts'.
 */
export function AccountsTab({
  clientId,
  calculateTables,
}: {
  clientId: number;
  /** 'Calculate Daily and Monthly Tables' (handed in by src/app; RUN_CALCULATIONS). */
  calculateTables?: ReactNode;
}) {
  const canAdd = useCan('ADD_ACCOUNTS');
  const canUpload = useCan('UPLOAD_FILES');
  const canDownloadTemplate = useCan('ADD_ACCOUNTS', 'UPLOAD_FILES');
  const accounts = useQuery(accountQueries.all(clientId));
  const staging = useQuery(accountQueries.staging(clientId));
  const extraction = useExtractionJobs(clientId);
  const deleteAccounts = useDeleteAccounts(clientId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const downloadTemplate = async () => {
    try {
      saveBlob(await downloadUploadTemplate(), ACCOUNT_UPLOAD_TEMPLATE_FILE_NAME);
    } catch (error) {
      enqueueSnackbar(failureMessage(error, ACCOUNT_MSG.downloadTemplateFailed), { variant: 'error' });
    }
  };
  const retry = (jobId: string) => {
    retryJob(jobId)
      .then(() => extraction.refollow(jobId))
      .catch((error: unknown) =>
        enqueueSnackbar(failureMessage(error, ACCOUNT_MSG.extractFailed), { variant: 'error' }),
      );
  };

  const stagingActions: RowAction<Account>[] = [
    {
      label: 'Complete',
      permissions: ['EDIT_ACCOUNTS'],
      onClick: (a) => setDialog({ kind: 'edit', account: a }),
    },
    {
      label: 'Remove',
      permissions: ['DELETE_ACCOUNTS'],
      onClick: (a) => setDialog({ kind: 'delete', accounts: [a], isStaging: true }),
    },
  ];
  const stagingBulk: BulkAction<Account>[] = [
    {
      label: 'Remove',
      permissions: ['DELETE_ACCOUNTS'],
      color: 'error',
      onClick: (rows, { clearSelection }) =>
        setDialog({ kind: 'delete', accounts: rows, isStaging: true, done: clearSelection }),
    },
  ];
  const accountActions: RowAction<Account>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_ACCOUNTS'],
      onClick: (a) => setDialog({ kind: 'edit', account: a }),
    },
    {
      label: 'Delete',
      permissions: ['DELETE_ACCOUNTS'],
      onClick: (a) => setDialog({ kind: 'delete', accounts: [a], isStaging: false }),
    },
  ];
  const accountBulk: BulkAction<Account>[] = [
    {
      label: 'Delete',
      permissions: ['DELETE_ACCOUNTS'],
      color: 'error',
      onClick: (rows, { clearSelection }) =>
        setDialog({ kind: 'delete', accounts: rows, isStaging: false, done: clearSelection }),
    },
  ];

  const confirmDelete = (target: Extract<OpenDialog, { kind: 'delete' }>) =>
    deleteAccounts.mutate(
      {
        accountIds: target.accounts.map((a) => a.accountId),
        kind: target.isStaging ? 'staging' : 'complete',
      },
      toastOutcome({ success: ACCOUNT_MSG.deleted, failure: ACCOUNT_MSG.deleteFailed }, () => {
        target.done?.();
        close();
      }),
    );

  const uploadButton = (
    <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setDialog({ kind: 'upload' })}>
      Bulk Upload Accounts
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
            Add New Account
          </Button>
        )}
        {canUpload && uploadButton}
      </Stack>
      {(canDownloadTemplate || canUpload || calculateTables) && (
        <Paper component="section" aria-labelledby="account-actions-title" sx={{ p: 2 }}>
          <Typography id="account-actions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            Account Actions
          </Typography>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {canDownloadTemplate && (
              <Button startIcon={<DownloadIcon />} onClick={() => void downloadTemplate()}>
                Download Template
              </Button>
            )}
            {canUpload && uploadButton}
            {calculateTables}
          </Stack>
        </Paper>
      )}
      <DataTable
        title="These accounts require additional setup"
        columns={STAGING_COLUMNS}
        getRowId={(a) => a.accountId}
        getRowLabel={(a) => a.accountName}
        mode={{ kind: 'client', rows: staging.data, isLoading: staging.isLoading }}
        rowActions={stagingActions}
        bulkActions={stagingBulk}
        exportFileName={false}
      />
      <DataTable
        title="All Accounts"
        columns={ACCOUNT_COLUMNS}
        filters={accountFilters(accounts.data)}
        getRowId={(a) => a.accountId}
        getRowLabel={(a) => a.accountName}
        mode={{ kind: 'client', rows: accounts.data, isLoading: accounts.isLoading }}
        rowActions={accountActions}
        bulkActions={accountBulk}
      />
      {dialog?.kind === 'add' && <AccountFormDialog clientId={clientId} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <AccountFormDialog clientId={clientId} account={dialog.account} onClose={close} />
      )}
      {dialog?.kind === 'upload' && (
        <BulkUploadDialog
          clientId={clientId}
          jobs={extraction.jobs}
          onExtractionStarted={extraction.follow}
          onRetry={retry}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' && dialog.isStaging ? 'Remove Accounts' : 'Delete Accounts'}
        message={dialog?.kind === 'delete' ? deleteMessage(dialog.accounts, dialog.isStaging) : undefined}
        confirmLabel={dialog?.kind === 'delete' && dialog.isStaging ? 'Remove' : 'Delete'}
        isDestructive
        isPending={deleteAccounts.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog)}
        onCancel={close}
      />
    </Stack>
  );
}

function deleteMessage(accounts: Account[], isStaging: boolean) {
  const names = accounts.map((a) => a.accountName).join(', ');
  if (isStaging)
    return `Remove ${names} from the accounts that require additional setup? This cannot be undone.`;
  return `Delete ${names}? The account's transactions and group memberships are removed too. This action cannot be undone.`;
}
