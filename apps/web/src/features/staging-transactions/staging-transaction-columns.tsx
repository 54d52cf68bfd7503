import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import type { KeywordOption } from '@tideline/contracts/transactions/transactions.schemas';
import type { StagingTransaction } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { visuallyHidden } from '../../components/visually-hidden';

/** Spec 2: Debit/Credit is green when positive, red when negative, '---' when not a number. */
export function AmountCell({ amount }: { amount: unknown }) {
  if (typeof amount !== 'number' || Number.isNaN(amount)) return <>---</>;
  const color = amount > 0 ? 'success.main' : amount < 0 ? 'error.main' : undefined;
  return (
    <Box component="span" sx={{ color }}>
      {formatCurrency(amount)}
    </Box>
  );
}

/** A possible duplicate (ingestion.md step 6): an icon whose reason shows on hover and to readers. */
export function DuplicateCell({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Tooltip title={reason}>
      <Box component="span" tabIndex={0} sx={{ display: 'inline-flex', alignItems: 'center' }}>
        <ContentCopyOutlinedIcon fontSize="small" color="warning" aria-hidden="true" />
        <Box component="span" sx={visuallyHidden}>
          {`Possible duplicate: ${reason}`}
        </Box>
      </Box>
    </Tooltip>
  );
}

// Column ids are the server's sort ids (STAGING_TRANSACTION_COLUMNS).
export const STAGING_TRANSACTION_TABLE_COLUMNS: readonly DataTableColumn<StagingTransaction>[] = [
  { id: 'accountNumber', header: 'Account' },
  { id: 'transactionDate', header: 'Date', cell: (t) => formatDate(t.transactionDate) },
  { id: 'transactionDescription', header: 'Description' },
  { id: 'keyword', header: 'Keywords', cell: (t) => t.keyword ?? '---' },
  {
    id: 'amount',
    header: 'Debit/Credit',
    align: 'right',
    cell: (t) => <AmountCell amount={t.amount} />,
    exportValue: (t) => t.amount,
  },
  { id: 'validationStatus', header: 'Validated?' },
  {
    id: 'duplicate',
    header: 'Possible Duplicate',
    align: 'center',
    accessor: (t) => t.duplicateReason,
    cell: (t) => <DuplicateCell reason={t.duplicateReason} />,
  },
];

/** The Set Filters dialog; the ids are the server's filter columns. */
export function stagingTransactionFilters(
  keywords: readonly KeywordOption[],
): FilterDefinition<StagingTransaction>[] {
  return [
    { id: 'accountNumber', label: 'Filter Account', kind: 'text' },
    { id: 'transactionDate', label: 'Date Range', kind: 'dateRange' },
    { id: 'transactionDescription', label: 'Filter Description', kind: 'text' },
    { id: 'amount', label: 'Debit/Credit', kind: 'money' },
    { id: 'keyword', label: 'Filter Keywords', kind: 'multiSelect', options: keywords },
    {
      id: 'validationStatus',
      label: 'Validated?',
      kind: 'select',
      options: [
        { value: 'Yes', label: 'Yes' },
        { value: 'No', label: 'No' },
      ],
    },
    { id: 'duplicate', label: 'Possible Duplicate', kind: 'boolean' },
  ];
}
