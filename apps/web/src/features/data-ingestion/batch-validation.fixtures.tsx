import { screen, within } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { BatchAccountsDialog, validateTitleOf } from './batch-accounts-dialog';
import { batchAccountOf, batchOf, renderAlone, type Routes } from './data-ingestion.fixtures';
import { ingestionKeys } from './data-ingestion.queries';
import type { StagingSlots } from './ingestion-slots';

// The Validate Batch dialog's tests: one account per status, the dialog rendered alone.

export const BATCH = batchOf({ batchId: 21, status: 'IN PROGRESS' });

export const NEEDS_FILES = batchAccountOf({
  batchAccountId: 1,
  accountName: 'Payroll',
  account: '0009',
  status: 'Needs Files',
});
export const NEEDS_VALIDATION = batchAccountOf({ batchAccountId: 2, fileIdList: [61] });
export const VALIDATED = batchAccountOf({
  batchAccountId: 3,
  accountName: 'Reserve',
  account: '0005',
  status: 'Validated',
  fileIdList: [62, 63],
});
export const IGNORED = batchAccountOf({
  batchAccountId: 4,
  accountName: 'Sweep',
  account: '0007',
  status: 'Ignored',
  restoreStatus: 'Needs Files',
});
export const ACCOUNTS = [NEEDS_FILES, NEEDS_VALIDATION, VALIDATED, IGNORED];

/** Every permission of the dialog's actions. */
export const ALL_ACTIONS: Permission[] = [
  'VALIDATE_ACCOUNT_BATCHES',
  'IGNORE_ACCOUNT_BATCHES',
  'DELETE_ACCOUNT_BATCHES',
  'DOWNLOAD_FILES',
  'VIEW_STAGING_TRANSACTIONS',
  'DELETE_BATCHES',
  'VALIDATE_BATCHES',
];

interface OpenOptions {
  batch?: ClientBatch;
  accounts?: BatchAccount[];
  routes?: Routes;
  staging?: StagingSlots;
  onClose?: () => void;
}

/**
 * Opens the dialog once its accounts are listed. The client's other lists are cached beforehand, so a
 * test can see them marked for reading again.
 */
export async function openValidateDialog(permList: Permission[], options: OpenOptions = {}) {
  const batch = options.batch ?? BATCH;
  const rendered = renderAlone(
    <BatchAccountsDialog
      batch={batch}
      staging={options.staging}
      onClose={options.onClose ?? (() => undefined)}
    />,
    ['VIEW_ACCOUNT_BATCHES', ...permList],
    {
      [`GET /api/data-ingestion/accounts/all/${batch.batchId}`]: { body: options.accounts ?? ACCOUNTS },
      ...options.routes,
    },
  );
  const { queryClient } = rendered;
  for (const key of [
    ingestionKeys.batches(batch.clientId),
    ingestionKeys.summary(batch.clientId),
    ingestionKeys.validation(batch.clientId),
    ingestionKeys.openReports(),
  ]) {
    queryClient.setQueryData(key, []);
  }
  const dialog = screen.getByRole('dialog', { name: validateTitleOf(batch) });
  const table = within(dialog).getByRole('table');
  await within(table).findAllByRole('cell');
  await within(table).findByText((options.accounts ?? ACCOUNTS)[0]!.status);
  /** Whether the client's batches, summary, validation history and the open reports were invalidated. */
  const areListsInvalidated = () =>
    [
      ingestionKeys.batches(batch.clientId),
      ingestionKeys.summary(batch.clientId),
      ingestionKeys.validation(batch.clientId),
      ingestionKeys.openReports(),
    ].every((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { ...rendered, dialog, table, areListsInvalidated };
}

export const rowOf = (table: HTMLElement, label: string) => within(table).getByText(label).closest('tr')!;

/** The row's menu, as labels with a trailing ' (disabled)' where disabled; the menu is left open. */
export async function menuOf(
  user: ReturnType<typeof renderAlone>['user'],
  table: HTMLElement,
  label: string,
): Promise<string[]> {
  await user.click(within(rowOf(table, label)).getByRole('button', { name: `Actions for ${label}` }));
  const items = within(await screen.findByRole('menu')).queryAllByRole('menuitem');
  return items.map(
    (i) => `${i.textContent}${i.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : ''}`,
  );
}

export async function chooseAction(
  user: ReturnType<typeof renderAlone>['user'],
  table: HTMLElement,
  label: string,
  action: string,
) {
  await user.click(within(rowOf(table, label)).getByRole('button', { name: `Actions for ${label}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}
