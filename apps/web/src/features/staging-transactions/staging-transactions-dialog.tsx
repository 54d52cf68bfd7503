import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { stagingTitleOf } from '../../lib/staging-rows';
import { stagingTransactionQueries } from './staging-transactions.queries';
import { StagingTransactionsTable, type StagingTransactionsView } from './staging-transactions-table';

export interface StagingTransactionsDialogProps {
  batch: ClientBatch;
  batchAccountIds: number[];
  /** 'duplicates-to-decide' opens on the possible duplicates nobody has kept or dropped. */
  view?: StagingTransactionsView;
  onClose: () => void;
}

/** Edit/Inspect/Validate of a Validate Batch dialog row: the staging transactions of its accounts. */
export function StagingTransactionsDialog({
  batch,
  batchAccountIds,
  view,
  onClose,
}: StagingTransactionsDialogProps) {
  const titleId = useId();
  const needsValidation = useQuery(stagingTransactionQueries.needsValidation(batchAccountIds));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xl" fullWidth>
      <DialogTitle id={titleId}>{stagingTitleOf(batch, needsValidation.data)}</DialogTitle>
      <DialogContent>
        <StagingTransactionsTable batch={batch} batchAccountIds={batchAccountIds} view={view} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export default StagingTransactionsDialog;
