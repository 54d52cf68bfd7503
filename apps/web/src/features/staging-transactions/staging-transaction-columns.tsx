import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeywordOption } from '@tideline/contracts/transactions/transactions.schemas';
import type { StagingTransaction } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type {
  DataTableColumn,
  FilterDefinition,
  QuickFilter,
} from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { visuallyHidden } from '../../components/visually-hidden';

/** Why a booked row's actions are disabled (issue 39 point 4), and its marker's explanation. */
export const BOOKED_REASON = "In the books: change it in the account's Transactions.";

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

export const isFlagged = (t: StagingTransaction) => t.duplicateReason !== null;

/** How a possible duplicate's decision reads (issue 39 point 2); null is undecided. */
export const DECISION_LABELS = { undecided: 'Undecided', keep: 'Kept', drop: 'Dropped' } as const;
const DECISION_COLORS = { undecided: 'warning', keep: 'success', drop: 'default' } as const;
const decisionOf = (t: StagingTransaction) => t.duplicateDecision ?? 'undecided';

/**
 * A possible duplicate (ingestion.md step 6): its decision, and which row it matches by which rule,
 * in full, since that is what a person decides on.
 */
export function DuplicateCell({ transaction }: { transaction: StagingTransaction }) {
  if (!isFlagged(transaction)) return null;
  const decision = decisionOf(transaction);
  return (
    <Box sx={{ minWidth: 200 }}>
      <Chip size="small" label={DECISION_LABELS[decision]} color={DECISION_COLORS[decision]} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        <Box component="span" sx={visuallyHidden}>
          Possible duplicate:{' '}
        </Box>
        {transaction.duplicateReason}
      </Typography>
    </Box>
  );
}

/** Validated? with, for a row already promoted, the 'In the books' marker and why it cannot change. */
function ValidatedCell({ transaction }: { transaction: StagingTransaction }) {
  if (!transaction.isBooked) return <>{transaction.validationStatus}</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      {transaction.validationStatus}
      <Tooltip title={BOOKED_REASON} describeChild>
        <Chip size="small" variant="outlined" label="In the books" tabIndex={0} />
      </Tooltip>
    </Box>
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
  {
    id: 'validationStatus',
    header: 'Validated?',
    cell: (t) => <ValidatedCell transaction={t} />,
    exportValue: (t) => (t.isBooked ? `${t.validationStatus} (in the books)` : t.validationStatus),
  },
  {
    id: 'duplicate',
    header: 'Possible Duplicate',
    accessor: (t) => t.duplicateReason,
    cell: (t) => <DuplicateCell transaction={t} />,
    exportValue: (t) => (isFlagged(t) ? `${DECISION_LABELS[decisionOf(t)]}: ${t.duplicateReason}` : ''),
  },
];

/** Issue 39: the possible duplicates nobody has kept or dropped yet, which block the account's Validate. */
export const DUPLICATES_TO_DECIDE: QuickFilter = {
  label: 'Duplicates to decide',
  filters: { duplicateDecision: 'undecided' },
};

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
    {
      id: 'duplicateDecision',
      label: 'Duplicate Decision',
      kind: 'select',
      options: Object.entries(DECISION_LABELS).map(([value, label]) => ({ value, label })),
    },
  ];
}
