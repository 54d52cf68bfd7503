import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { TEMPLATE_MSG, type TemplateType } from '@tideline/contracts/templates/templates.schemas';
import { failureMessage } from '../../lib/api-messages';
import { TemplateForm } from './template-form';
import { formValuesOf } from './template-form-values';
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
  onClose: () => void;
}

/**
 * Loads the relationship's template of the type (GET /all/{type}/{bankClientRelId}: one template or
 * none) and opens the form on it; a failed load says 'Failed to load template.' and closes.
 */
export function TemplateDialog({ type, bankClientRelId, subtitle, onClose }: TemplateDialogProps) {
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
          defaultValues={formValuesOf(type, bankClientRelId, templates.data[0])}
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
