import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { ReconciliationCell } from './reconciliation/reconciliation-cell';

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

/**
 * Spec 2 "Validate Batch dialog": the columns of a normal batch, with (issue 39) its Reconciliation
 * after End Balance; its chip opens the account's statements.
 */
export function accountColumnsOf(
  onShowStatements: (account: BatchAccount) => void,
): readonly DataTableColumn<BatchAccount>[] {
  return [
    {
      id: 'account',
      header: 'Account',
      accessor: (a) => [a.accountName, a.account].filter(Boolean).join(' - '),
    },
    dateColumn('startDate', 'First Transaction Date'),
    dateColumn('endDate', 'Last Transaction Date'),
    moneyColumn('startBalance', 'Start Balance'),
    moneyColumn('endBalance', 'End Balance'),
    {
      id: 'reconciliation',
      header: 'Reconciliation',
      headerTooltip: 'Opening balance + staged rows = closing balance, for every statement.',
      maxWidth: 360,
      accessor: (a) => a.reconciliation?.status ?? null,
      exportValue: (a) =>
        a.reconciliation ? `${a.reconciliation.status}: ${a.reconciliation.explanation}` : null,
      cell: (a) => (
        <ReconciliationCell account={a} label={accountLabelOf(a)} onShowStatements={onShowStatements} />
      ),
    },
    { id: 'status', header: 'Status' },
  ];
}
export const TREASURY_COLUMNS: readonly DataTableColumn<BatchAccount>[] = [
  { id: 'type', header: 'Section Type' },
  moneyColumn('totalCharges', 'Total Charges', 'Total eligible charges.'),
  { id: 'status', header: 'Status' },
];
