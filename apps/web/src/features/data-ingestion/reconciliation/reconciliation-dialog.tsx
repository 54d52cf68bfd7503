import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Reconciliation } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { ReconciliationDetails } from './reconciliation-details';

interface ReconciliationDialogProps {
  /** The account as the Validate Batch dialog names it. */
  accountLabel: string;
  reconciliation: Reconciliation;
  onClose: () => void;
}

/** The Reconciliation chip's dialog: the account's statements against its staged rows (issue 39). */
export function ReconciliationDialog({ accountLabel, reconciliation, onClose }: ReconciliationDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>Reconciliation: {accountLabel}</DialogTitle>
      <DialogContent>
        <ReconciliationDetails reconciliation={reconciliation} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export default ReconciliationDialog;
