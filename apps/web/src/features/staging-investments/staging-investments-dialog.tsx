import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { stagingTitleOf } from '../../lib/staging-rows';
import { stagingInvestmentQueries } from './staging-investments.queries';
import { StagingInvestmentsTable } from './staging-investments-table';

export interface StagingInvestmentsDialogProps {
  batch: ClientBatch;
  /** The Validate Batch dialog's row: the investments of one batch account. */
  batchAccountIds: number[];
  onClose: () => void;
}

/** Edit/Inspect/Validate Investments of a Validate Batch dialog row (spec 2, same style as transactions). */
export function StagingInvestmentsDialog({ batch, batchAccountIds, onClose }: StagingInvestmentsDialogProps) {
  const titleId = useId();
  const batchAccountId = batchAccountIds[0]!;
  const needsValidation = useQuery(stagingInvestmentQueries.needsValidation(batchAccountId));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xl" fullWidth>
      <DialogTitle id={titleId}>{stagingTitleOf(batch, needsValidation.data)}</DialogTitle>
      <DialogContent>
        <StagingInvestmentsTable batch={batch} batchAccountId={batchAccountId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export default StagingInvestmentsDialog;
