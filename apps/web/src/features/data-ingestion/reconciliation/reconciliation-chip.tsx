import Chip from '@mui/material/Chip';
import type { ReconciliationStatus } from '@tideline/contracts/data-ingestion/reconciliation.schemas';

// Issue 39 point 1: green when the statements add up, red when they do not, amber when a file states
// no balance to check against (the theme's shades keep white text at AA contrast).
const STATUS_COLORS = {
  Reconciled: 'success',
  'Not Reconciled': 'error',
  Unstated: 'warning',
  'No Statements': 'default',
} as const satisfies Record<ReconciliationStatus, string>;

interface ReconciliationChipProps {
  status: ReconciliationStatus;
  /** Opens the statements; its accessible name then says so ('Reconciled: statements of …'). */
  onClick?: () => void;
  ariaLabel?: string;
}

/** A batch account's reconciliation status. */
export function ReconciliationChip({ status, onClick, ariaLabel }: ReconciliationChipProps) {
  return (
    <Chip
      size="small"
      label={status}
      color={STATUS_COLORS[status]}
      onClick={onClick}
      aria-label={ariaLabel}
      aria-haspopup={onClick ? 'dialog' : undefined}
    />
  );
}

/** Validate needs an override and a reason (the server's rule, validation-gate.ts). */
export const needsOverride = (status: ReconciliationStatus | undefined) =>
  status === 'Not Reconciled' || status === 'Unstated';
