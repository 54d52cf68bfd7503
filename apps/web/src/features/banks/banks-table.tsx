import { useCallback, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ordinalBusinessDay } from '@tideline/contracts/banks/bank-lists';
import type { Bank } from '@tideline/contracts/banks/banks.schemas';
import { activeStatusColumn } from '../../components/data-table/active-status-column';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { BankFormDialog } from './bank-form-dialog';
import { bankQueries } from './banks.queries';

const COLUMNS: readonly DataTableColumn<Bank>[] = [
  { id: 'bankId', header: 'Bank ID', align: 'right' },
  { id: 'bankName', header: 'Bank Name' },
  {
    id: 'assetSize',
    header: 'Asset Size (m)',
    align: 'right',
    // Issue 20 point 10: with thousands separators (1,250.5).
    cell: (b) => b.assetSize.toLocaleString('en-US', { maximumFractionDigits: 2 }),
    exportValue: (b) => b.assetSize,
  },
  { id: 'createdAt', header: 'Creation Date', cell: (b) => formatDate(b.createdAt) },
  activeStatusColumn(),
  {
    id: 'dataAvailabilityDate',
    header: 'Data Availability',
    // Sorted by the business day; 'Not Set' last.
    accessor: (b) => b.dataAvailabilityDate ?? 99,
    cell: (b) => ordinalBusinessDay(b.dataAvailabilityDate),
    exportValue: (b) => ordinalBusinessDay(b.dataAvailabilityDate),
  },
];

const FILTERS: readonly FilterDefinition<Bank>[] = [
  { id: 'bankName', label: 'Bank Name', kind: 'text' },
  { id: 'assetSize', label: 'Asset Size (m)', kind: 'number' },
  {
    id: 'status',
    label: 'Active Status',
    kind: 'select',
    options: [
      { value: 'Active', label: 'Active' },
      { value: 'Inactive', label: 'Inactive' },
    ],
  },
  { id: 'createdAt', label: 'Creation Date', kind: 'dateRange', accessor: (b) => new Date(b.createdAt) },
];

/** Row actions another area adds to the table, with the dialogs they open (composed in src/app). */
export interface BankActionSlot {
  rowActions: readonly RowAction<Bank>[];
  dialogs: ReactNode;
}

/** The Banks table of /bank-management (spec 2 "Banks administration"). */
export function BanksTable({ bankActions }: { bankActions?: BankActionSlot }) {
  const banks = useQuery(bankQueries.all());
  const [editing, setEditing] = useState<Bank | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const rowActions: readonly RowAction<Bank>[] = [
    { label: 'Edit', permissions: ['EDIT_BANKS'], onClick: setEditing },
    ...(bankActions?.rowActions ?? []),
  ];
  return (
    <>
      <DataTable
        title="Banks"
        columns={COLUMNS}
        filters={FILTERS}
        getRowId={(b) => b.bankId}
        getRowLabel={(b) => b.bankName}
        mode={{ kind: 'client', rows: banks.data, isLoading: banks.isLoading }}
        rowActions={rowActions}
      />
      {editing && <BankFormDialog bank={editing} onClose={close} />}
      {bankActions?.dialogs}
    </>
  );
}
