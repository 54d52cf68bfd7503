import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  ReconciledStatement,
  StatementBalanceSource,
} from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import type { DataTableColumn } from '../../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../../lib/format';

/** Where a statement's balances come from, as an analyst reads it. */
export const BALANCE_SOURCE_LABELS: Record<StatementBalanceSource, string> = {
  statement: 'Bank statement',
  'balance column': 'Balance column',
  stated: 'Stated in the file',
  none: 'None',
};

/** '07/01/2026 – 07/31/2026', one day alone, or '---' when the statement gives none. */
export function periodOf(s: Pick<ReconciledStatement, 'fromDate' | 'toDate'>): string {
  if (!s.fromDate && !s.toDate) return '---';
  if (!s.fromDate || !s.toDate || s.fromDate === s.toDate) return formatDate(s.fromDate ?? s.toDate);
  return `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}`;
}

/** A difference to the cent: red when it is not zero, '---' when a balance is not stated. */
export function DifferenceCell({ difference }: { difference: number | null }) {
  if (difference === null) return <>---</>;
  const isOff = Math.round(difference * 100) !== 0;
  return (
    <Box component="span" sx={isOff ? { color: 'error.main', fontWeight: 600 } : undefined}>
      {formatCurrency(difference)}
    </Box>
  );
}

const money = (
  id: 'openingBalance' | 'stagedSum' | 'closingBalance',
  header: string,
  headerTooltip?: string,
): DataTableColumn<ReconciledStatement> => ({
  id,
  header,
  headerTooltip,
  align: 'right',
  cell: (s) => formatCurrency(s[id]),
  exportValue: (s) => s[id],
});

// Issue 39 point 1: per statement, opening + staged rows = closing, to the cent.
export const RECONCILED_STATEMENT_COLUMNS: readonly DataTableColumn<ReconciledStatement>[] = [
  {
    id: 'fileName',
    header: 'File',
    cell: (s) => (
      <>
        {s.fileName}
        {s.statementRef && (
          <Typography variant="caption" component="p" color="text.secondary">
            Statement {s.statementRef}
          </Typography>
        )}
      </>
    ),
  },
  {
    id: 'period',
    header: 'Period',
    accessor: (s) => s.fromDate ?? s.toDate,
    cell: periodOf,
    exportValue: periodOf,
  },
  money('openingBalance', 'Opening'),
  { id: 'rowCount', header: 'Rows', align: 'right' },
  money('stagedSum', 'Staged Sum', 'What the staged rows add up to now, dropped duplicates included.'),
  money('closingBalance', 'Closing'),
  {
    id: 'difference',
    header: 'Difference',
    headerTooltip: 'Closing - (opening + staged sum).',
    align: 'right',
    cell: (s) => <DifferenceCell difference={s.difference} />,
  },
  {
    id: 'balanceSource',
    header: 'Balance Source',
    accessor: (s) => BALANCE_SOURCE_LABELS[s.balanceSource],
  },
];
