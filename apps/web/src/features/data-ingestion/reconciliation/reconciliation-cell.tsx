import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { ReconciliationChip } from './reconciliation-chip';

/** '4 duplicates to decide': what blocks Validate until a person keeps or drops them. */
export function undecidedText(count: number): string {
  return `${count} ${count === 1 ? 'duplicate' : 'duplicates'} to decide`;
}

interface ReconciliationCellProps {
  account: BatchAccount;
  /** The account as its row names it, for the chip's accessible name. */
  label: string;
  onShowStatements: (account: BatchAccount) => void;
}

/**
 * The Validate Batch dialog's Reconciliation column (issue 39): the status, what it rests on in a
 * sentence, the possible duplicates left to decide and whether it was validated with an override.
 * The chip opens the statements; an account with no running balance (investments) shows '—'.
 */
export function ReconciliationCell({ account, label, onShowStatements }: ReconciliationCellProps) {
  const { reconciliation, duplicates } = account;
  if (!reconciliation) return <>—</>;
  return (
    <Box sx={{ minWidth: 220 }}>
      <ReconciliationChip
        status={reconciliation.status}
        onClick={() => onShowStatements(account)}
        ariaLabel={`${reconciliation.status}: statements of ${label}`}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        {reconciliation.explanation}
      </Typography>
      {duplicates.undecided > 0 && (
        <Typography variant="caption" component="p" sx={{ color: 'warning.main', fontWeight: 600 }}>
          {undecidedText(duplicates.undecided)}
        </Typography>
      )}
      {reconciliation.override && (
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
          Validated with an override
        </Typography>
      )}
    </Box>
  );
}
