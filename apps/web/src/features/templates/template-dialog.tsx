import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  TEMPLATE_MSG,
  type StoredTemplate,
  type TemplateType,
} from '@tideline/contracts/templates/templates.schemas';
import { failureMessage } from '../../lib/api-messages';
import { TemplateForm } from './template-form';
import {
  formValuesOf,
  startValuesOf,
  type TemplateFormValues,
  type TemplateStart,
} from './template-form-values';
import type { StoredSample } from './template-preview';
import { templateQueries } from './templates.queries';

// Spec 2 "Banks tab of the client": the three template dialogs.
export const TEMPLATE_DIALOG_TITLES: Record<TemplateType, string> = {
  Transaction: 'Manage Transactions Import Template',
  Investment: 'Manage Investments Import Template',
  Treasury: 'Manage Treasury Services Import Template',
};

interface TemplateDialogProps {
  type: TemplateType;
  bankClientRelId: number;
  /** Who the template is for, e.g. the bank's name. */
  subtitle?: string;
  /** Sets the form to match a file (Create First Cell / Header Row Template). */
  start?: TemplateStart;
  /** An uploaded file the live preview starts on. */
  storedSample?: StoredSample;
  onSaved?: () => void;
  onClose: () => void;
}

const valuesOf = (
  type: TemplateType,
  bankClientRelId: number,
  stored: readonly StoredTemplate[],
  start: TemplateStart | undefined,
): TemplateFormValues =>
  start
    ? startValuesOf(type, bankClientRelId, stored, start)
    : formValuesOf(type, bankClientRelId, stored[0]);

/**
 * Loads the relationship's templates of the type (GET /all/{type}/{bankClientRelId}) and opens the form
 * on the first; a failed load says 'Failed to load template.' and closes. With `start` the form is set
 * to match an uploaded file (startValuesOf: the template that matches it, or a new one), and the
 * preview reads that file.
 */
export function TemplateDialog({
  type,
  bankClientRelId,
  subtitle,
  start,
  storedSample,
  onSaved,
  onClose,
}: TemplateDialogProps) {
  const titleId = useId();
  const templates = useQuery(templateQueries.ofRel(type, bankClientRelId));
  useEffect(() => {
    if (!templates.isError) return;
    enqueueSnackbar(failureMessage(templates.error, TEMPLATE_MSG.loadFailed), { variant: 'error' });
    onClose();
  }, [templates.isError, templates.error, onClose]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {TEMPLATE_DIALOG_TITLES[type]}
        {subtitle && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      {templates.data ? (
        <TemplateForm
          defaultValues={valuesOf(type, bankClientRelId, templates.data, start)}
          storedSample={storedSample}
          onSaved={onSaved}
          onDone={onClose}
        />
      ) : (
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading template" />
          </Box>
        </DialogContent>
      )}
    </Dialog>
  );
}
