import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { BATCH_VALIDATION_MSG } from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import {
  OverrideReasonSchema,
  RECONCILIATION_MSG,
  type Reconciliation,
} from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { FormError } from '../../../components/form-error';
import { failureMessage } from '../../../lib/api-messages';
import { ReconciliationFindings } from './reconciliation-details';

interface OverrideDialogProps {
  accountLabel: string;
  reconciliation: Reconciliation;
  /** Validates with the reason; a rejection keeps the dialog open with the server's msg. */
  onSubmit: (overrideReason: string) => Promise<unknown>;
  onClose: () => void;
}

/** The reason as the server takes it (trimmed), or the contract's message. */
function checkReason(text: string): { reason: string; error: null } | { reason: null; error: string } {
  const parsed = OverrideReasonSchema.safeParse(text);
  if (parsed.success) return { reason: parsed.data, error: null };
  return {
    reason: null,
    error: parsed.error.issues[0]?.message ?? RECONCILIATION_MSG.overrideReasonRequired,
  };
}

const HELP = 'Kept with the validation and shown in the validation history.';

/**
 * Validate on an account that does not reconcile (issue 39 point 1): what the reconciliation found,
 * then a reason, required, sent as overrideReason. Ctrl+Enter (or Cmd+Enter) submits from the reason.
 */
export function OverrideDialog({ accountLabel, reconciliation, onSubmit, onClose }: OverrideDialogProps) {
  const titleId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [hasTried, setHasTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const fieldError = hasTried ? checkReason(text).error : null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isPending) return;
    setHasTried(true);
    const { reason } = checkReason(text);
    if (reason === null) {
      reasonRef.current?.focus();
      return;
    }
    setServerError(null);
    setIsPending(true);
    try {
      await onSubmit(reason);
    } catch (error) {
      setServerError(failureMessage(error, BATCH_VALIDATION_MSG.validateAccountFailed));
    } finally {
      setIsPending(false);
    }
  };
  const submitOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
  };

  const lead =
    reconciliation.status === 'Unstated'
      ? `${accountLabel} cannot be reconciled: a file states no balance to check its rows against.`
      : `${accountLabel} does not reconcile.`;
  return (
    <Dialog
      open
      onClose={() => {
        if (!isPending) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{RECONCILIATION_MSG.overrideTitle}</DialogTitle>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogContent sx={{ pt: 0 }}>
          <FormError message={serverError} />
          <DialogContentText sx={{ mb: 2 }}>
            {lead} Validate it as it is only with the reason it can be trusted.
          </DialogContentText>
          <ReconciliationFindings reconciliation={reconciliation} />
          <TextField
            inputRef={reasonRef}
            label="Reason"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={submitOnCtrlEnter}
            required
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            error={fieldError !== null}
            helperText={fieldError ?? HELP}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="warning" loading={isPending}>
            Validate with override
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export default OverrideDialog;
