import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface SaveCancelActionsProps {
  onCancel: () => void;
  /** While saving: Cancel is disabled and Save shows its spinner. */
  isSaving: boolean;
  /** Save also spins while something else runs first (the same-name check). */
  isBusy?: boolean;
}

/** The Cancel / Save row of a form dialog; Save submits the surrounding form. */
export function SaveCancelActions({ onCancel, isSaving, isBusy = false }: SaveCancelActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={isSaving}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={isSaving || isBusy}>
        Save
      </Button>
    </DialogActions>
  );
}
