import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  BATCH_RECOVERY_MSG as MSG,
  type BatchInOneStep,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';

function describeOutcome(b: BatchInOneStep): string {
  if (b.batchValidated) return 'Validated.';
  if (b.refusal) return b.refusal;
  if (b.accountsLeft.length > 0) return 'Still open: the accounts below need a decision.';
  return 'Still open: some of its accounts wait for their files.';
}

function BatchOutcome({ outcome }: { outcome: BatchInOneStep }) {
  const severity = outcome.batchValidated ? 'success' : outcome.refusal ? 'error' : 'warning';
  return (
    <Box component="section" aria-label={outcome.batch} sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{outcome.batch}</Typography>
      <Alert severity={severity} sx={{ my: 0.5 }}>
        {describeOutcome(outcome)}
      </Alert>
      {outcome.validatedAccounts.length > 0 && (
        <Typography variant="body2">Validated now: {outcome.validatedAccounts.join(', ')}.</Typography>
      )}
      {outcome.accountsLeft.length > 0 && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {outcome.accountsLeft.map((a) => (
            <li key={a.batchAccountId}>
              <Typography variant="body2">{a.reason}</Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * What a one-step validation left (issue 42 point 2): per batch whether it is validated, which
 * accounts it validated, and which it left for a person and why (no reconciliation, undecided
 * duplicates) or why the batch was refused.
 */
export function BatchValidationResultDialog({
  result,
  onClose,
}: {
  result: BatchesValidatedInOneStep;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{MSG.resultTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{result.msg}</Typography>
        {result.batches.map((b) => (
          <BatchOutcome key={b.batchId} outcome={b} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
