import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';

// The columns of the two tables of the Accounts tab (spec 2, 3 "Account").

const closedLabel = (a: Account) => (a.accountClosed === 1 ? 'Yes' : 'No');

function columnsAfterName(): DataTableColumn<Account>[] {
  return [
    { id: 'accountNumber', header: 'Account Number' },
    { id: 'accountAlias', header: 'Alias' },
    { id: 'accountType', header: 'Type' },
    { id: 'accountCategory', header: 'Category' },
    { id: 'bankName', header: 'Bank' },
    {
      id: 'accountBalance',
      header: 'Start Balance',
      align: 'right',
      cell: (a) => (a.accountBalance === null ? 'N/A' : formatCurrency(a.accountBalance)),
    },
    {
      id: 'accountBalanceDate',
      header: 'Balance Date',
      cell: (a) => (a.accountBalanceDate ? formatDate(a.accountBalanceDate) : 'N/A'),
    },
  ];
}

/** 'These accounts require additional setup': names are not links. */
export const STAGING_COLUMNS: readonly DataTableColumn<Account>[] = [
  { id: 'accountName', header: 'Account Name' },
  ...columnsAfterName(),
];

/** 'All Accounts': each name links to the account profile. */
export const ACCOUNT_COLUMNS: readonly DataTableColumn<Account>[] = [
  {
    id: 'accountName',
    header: 'Account Name',
    cell: (a) => (
      <Link component={RouterLink} to={`/client-management/${a.clientId}/${a.accountId}`}>
        {a.accountName}
      </Link>
    ),
  },
  ...columnsAfterName(),
  {
    id: 'lastTransactionDate',
    header: 'Last Transaction Date',
    cell: (a) => (a.lastTransactionDate ? formatDate(a.lastTransactionDate) : 'N/A'),
  },
  { id: 'accountClosed', header: 'Account Closed', accessor: closedLabel },
];

export function accountFilters(accounts: readonly Account[] | undefined): FilterDefinition<Account>[] {
  const distinct = (pick: (a: Account) => string | null) =>
    [...new Set((accounts ?? []).map(pick).filter((v): v is string => Boolean(v)))]
      .sort()
      .map((v) => ({ value: v, label: v }));
  return [
    { id: 'accountName', label: 'Account Name', kind: 'text' },
    { id: 'accountType', label: 'Type', kind: 'multiSelect', options: distinct((a) => a.accountType) },
    {
      id: 'accountCategory',
      label: 'Category',
      kind: 'multiSelect',
      options: distinct((a) => a.accountCategory),
    },
    { id: 'bankName', label: 'Bank', kind: 'multiSelect', options: distinct((a) => a.bankName) },
    { id: 'accountClosed', label: 'Account Closed', kind: 'boolean', accessor: (a) => a.accountClosed === 1 },
    // Spec 4 and platform.md 2.9: the closed date is enabled only when closed is Yes.
    {
      id: 'accountDateClosed',
      label: 'Closed Date',
      kind: 'dateRange',
      enabledWhen: (values) => values.accountClosed === true,
    },
  ];
}
