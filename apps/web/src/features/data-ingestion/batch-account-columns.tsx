import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';

/** How a batch account is named in its row, its menus and the confirmations: name - number, or section. */
export function accountLabelOf(a: BatchAccount): string {
  return [a.accountName, a.account].filter(Boolean).join(' - ') || a.type || String(a.batchAccountId);
}

const dateColumn = (id: 'startDate' | 'endDate', header: string): DataTableColumn<BatchAccount> => ({
  id,
  header,
  accessor: (a) => a[id],
  cell: (a) => formatDate(a[id]),
});
const moneyColumn = (
  id: 'startBalance' | 'endBalance' | 'totalCharges',
  header: string,
  headerTooltip?: string,
): DataTableColumn<BatchAccount> => ({
  id,
  header,
  headerTooltip,
  align: 'right',
  cell: (a) => formatCurrency(a[id]),
});

// Spec 2 "Validate Batch dialog": the columns of a normal batch and of a treasury one.
export const ACCOUNT_COLUMNS: readonly DataTableColumn<BatchAccount>[] = [
  {
    id: 'account',
    header: 'Account',
    accessor: (a) => [a.accountName, a.account].filter(Boolean).join(' - '),
  },
  dateColumn('startDate', 'First Transaction Date'),
  dateColumn('endDate', 'Last Transaction Date'),
  moneyColumn('startBalance', 'Start Balance'),
  moneyColumn('endBalance', 'End Balance'),
  { id: 'status', header: 'Status' },
];
export const TREASURY_COLUMNS: readonly DataTableColumn<BatchAccount>[] = [
  { id: 'type', header: 'Section Type' },
  moneyColumn('totalCharges', 'Total Charges', 'Total eligible charges.'),
  { id: 'status', header: 'Status' },
];
