import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { z } from 'zod';
import { REPORT_MSG, ReportCommentSchema, type Report } from '@tideline/contracts/reports/reports.schemas';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { showFieldErrors } from '../../lib/api-messages';
import { toastOutcome } from '../../lib/mutation-toasts';
import { zodResolver } from '../../lib/zod-resolver';
import { ReportCommentField } from './report-comment-field';
import { useEditReportComment } from './reports.mutations';

interface CommentValues {
  comment: string;
}
type CommentParsed = z.output<typeof ReportCommentSchema>;
const FIELDS = ['comment'] as const;

/**
 * Edit Comment (EDIT_REPORT_COMMENTS; spec 5: up to 200 characters, 'Characters Left'); without that
 * permission the same dialog shows the comment read-only (View Comment, VIEW_REPORTS).
 */
export function ReportCommentDialog({
  report,
  isReadOnly,
  onClose,
}: {
  report: Report;
  isReadOnly: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const edit = useEditReportComment(report.clientId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CommentValues, unknown, CommentParsed>({
    resolver: zodResolver(ReportCommentSchema) as unknown as Resolver<CommentValues, unknown, CommentParsed>,
    defaultValues: { comment: report.comment ?? '' },
  });
  const comment = useWatch({ control, name: 'comment' }) ?? '';

  const save = ({ comment: text }: CommentParsed) => {
    const outcome = toastOutcome(
      { success: REPORT_MSG.commentSaved, failure: REPORT_MSG.editFailed },
      onClose,
    );
    edit.mutate(
      { reportId: report.reportId, comment: text },
      {
        onSuccess: ({ msg }) => outcome.onSuccess(msg),
        onError: (error) => {
          showFieldErrors(error, FIELDS, setError, 'report');
          outcome.onError(error);
        },
      },
    );
  };

  const title = isReadOnly ? 'View Comment' : 'Edit Comment';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(save)}>
        <DialogContent sx={{ pt: 0 }}>
          <ReportCommentField
            registration={register('comment')}
            length={comment.length}
            error={errors.comment?.message}
            isReadOnly={isReadOnly}
          />
        </DialogContent>
        {isReadOnly ? (
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        ) : (
          <SaveCancelActions onCancel={onClose} isSaving={edit.isPending} />
        )}
      </Box>
    </Dialog>
  );
}
