import type {
  AmountPair,
  StagingAccountBalance,
  StagingBalance,
  StagingFee,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { formatCurrency } from '../../lib/format';
import { amountAt, formatTreasuryAmount, isRate } from './treasury-amounts';

// Spec 2 "Treasury staging dialog": the fixed columns of each table, then one column per header of the
// first row (dynamic amount columns), then Validated?.

const dashIfEmpty = (text: string | null) => (text ? text : '-');
const orNone = (text: string | null) => text ?? '---';

/** The headers of the dynamic columns: the first row's (spec 2). */
export function headersOf(rows: readonly { headers: string[] }[] | undefined): string[] {
  return rows?.[0]?.headers ?? [];
}

function amountColumns<T extends { description: string | null }>(
  headers: readonly string[],
  pairsOf: (row: T) => readonly AmountPair[],
  rateOf: (row: T) => boolean,
): DataTableColumn<T>[] {
  return headers.map((header, index) => ({
    id: `amount-${index}`,
    header,
    align: 'right',
    accessor: (row) => amountAt(pairsOf(row), index),
    cell: (row) => formatTreasuryAmount(amountAt(pairsOf(row), index), rateOf(row)),
  }));
}

const VALIDATED: DataTableColumn<{ validationStatus: string }> = {
  id: 'validationStatus',
  header: 'Validated?',
};

export function accountBalanceColumns(headers: readonly string[]): DataTableColumn<StagingAccountBalance>[] {
  return [
    { id: 'accountNumber', header: 'Account Number' },
    { id: 'afpCode', header: 'AFP Code', cell: (r) => dashIfEmpty(r.afpCode) },
    { id: 'description', header: 'Description' },
    ...amountColumns<StagingAccountBalance>(headers, (r) => r.amounts, isRate),
    VALIDATED,
  ];
}

export function balanceColumns(headers: readonly string[]): DataTableColumn<StagingBalance>[] {
  return [
    { id: 'afpCode', header: 'AFP Code', cell: (r) => dashIfEmpty(r.afpCode) },
    { id: 'description', header: 'Description' },
    {
      id: 'standardizedDescription',
      header: 'Standardized Description',
      cell: (r) => orNone(r.standardizedDescription),
    },
    ...amountColumns<StagingBalance>(headers, (r) => r.amounts, isRate),
    VALIDATED,
  ];
}

const formatVolume = (value: number | null) => (value === null ? '---' : value.toLocaleString('en-US'));

/** A fee has a volume and an amount under each header; with one header they read Volume and Amount. */
function feeFigureColumns(headers: readonly string[]): DataTableColumn<StagingFee>[] {
  const single = headers.length === 1;
  return headers.flatMap((header, index): DataTableColumn<StagingFee>[] => [
    {
      id: `volume-${index}`,
      header: single ? 'Volume' : `${header} Volume`,
      align: 'right',
      accessor: (row) => amountAt(row.volumes, index),
      cell: (row) => formatVolume(amountAt(row.volumes, index)),
    },
    {
      id: `amount-${index}`,
      header: single ? 'Amount' : `${header} Amount`,
      align: 'right',
      accessor: (row) => amountAt(row.amounts, index),
      cell: (row) => formatCurrency(amountAt(row.amounts, index)),
    },
  ]);
}

export function feeColumns(headers: readonly string[]): DataTableColumn<StagingFee>[] {
  return [
    { id: 'bankCategory', header: 'Bank Category', cell: (r) => orNone(r.bankCategory) },
    { id: 'description', header: 'Description' },
    { id: 'bankCode', header: 'Bank Code', cell: (r) => orNone(r.bankCode) },
    { id: 'afpCode', header: 'AFP Code', cell: (r) => dashIfEmpty(r.afpCode) },
    { id: 'category', header: 'Category', cell: (r) => orNone(r.category) },
    { id: 'subCategory', header: 'Sub Category', cell: (r) => orNone(r.subCategory) },
    { id: 'bankLevelException', header: 'Bank Level Exception', cell: (r) => orNone(r.bankLevelException) },
    {
      id: 'clientLevelException',
      header: 'Client Level Exception',
      cell: (r) => orNone(r.clientLevelException),
    },
    {
      id: 'unitPrice',
      header: 'Unit Price',
      align: 'right',
      cell: (r) => formatCurrency(r.unitPrice),
    },
    ...feeFigureColumns(headers),
    VALIDATED,
  ];
}
