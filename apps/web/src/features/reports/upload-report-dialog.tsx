import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  isReportUploadFileName,
  REPORT_COMMENT_MAX,
  REPORT_MSG,
  REPORT_UPLOAD_EXTENSIONS,
  type Report,
} from '@tideline/contracts/reports/reports.schemas';
import { FileDropZone } from '../../components/file-drop-zone';
import { failureMessage } from '../../lib/api-messages';
import { UploadAbortedError } from '../../lib/post-signed-form';
import { ReportCommentField } from './report-comment-field';
import { discardReportUpload, ReportUploadError, uploadAndCompleteReport } from './reports.api';
import { refreshAfterCompletion } from './reports.mutations';

const EXTENSIONS = REPORT_UPLOAD_EXTENSIONS.map((e) => `.${e}`);

/** What the user picked: the accepted files, and the names refused for their type (spec 5). */
export function addReportFiles(current: readonly File[], picked: readonly File[]) {
  return {
    files: [...current, ...picked.filter((f) => isReportUploadFileName(f.name))],
    refused: picked.filter((f) => !isReportUploadFileName(f.name)).map((f) => f.name),
  };
}

/** Spec 8: each failing step of the upload has its own text, unless the server says why. */
function uploadFailureText(error: unknown): string {
  if (!(error instanceof ReportUploadError)) return failureMessage(error, REPORT_MSG.uploadFailed);
  if (error.step === 'presign') return failureMessage(error.failure, REPORT_MSG.presignedFailed);
  if (error.step === 'post') return REPORT_MSG.uploadFailed;
  return failureMessage(error.failure, REPORT_MSG.updateFailed);
}

/** Discards an upload that did not become the report's file; a failure here only is logged. */
async function discard(fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  try {
    return await discardReportUpload(fileId);
  } catch (error) {
    console.error('Discarding the report upload failed', error);
    return null;
  }
}

/**
 * Upload and Complete (UPLOAD_REPORTS; spec 4, 5, 7): exactly one csv, xls, xlsx, txt or pdf file
 * ('Can only upload one report file at a time.', 'File type not accepted.'), posted through a presigned
 * form with its progress; it becomes the user report and completes the report. Cancel stops the upload
 * and discards what was stored.
 */
export function UploadReportDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const titleId = useId();
  const progressId = useId();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { register, control } = useForm({ defaultValues: { comment: report.comment ?? '' } });
  const comment = useWatch({ control, name: 'comment' });

  const isUploading = percent !== null;
  const hasTooMany = files.length > 1;
  const choose = (picked: readonly File[]) => {
    const next = addReportFiles(files, picked);
    setFiles(next.files);
    setRefused(next.refused);
    setFailure(null);
  };

  const upload = async () => {
    const file = files[0];
    if (!file || files.length !== 1) return;
    const controller = new AbortController();
    abort.current = controller;
    const stored: { fileId: number | null } = { fileId: null };
    setFailure(null);
    setPercent(0);
    try {
      const { msg } = await uploadAndCompleteReport(
        {
          clientId: report.clientId,
          reportId: report.reportId,
          file,
          comment: comment.slice(0, REPORT_COMMENT_MAX),
        },
        (fileId) => (stored.fileId = fileId),
        (fraction) => setPercent(Math.round(fraction * 100)),
        controller.signal,
      );
      enqueueSnackbar(msg, { variant: 'success' });
      await refreshAfterCompletion(queryClient, report.clientId);
      onClose();
    } catch (error) {
      const discarded = await discard(stored.fileId);
      if (error instanceof UploadAbortedError || controller.signal.aborted) {
        enqueueSnackbar(discarded ?? REPORT_MSG.uploadDiscarded, { variant: 'info' });
        onClose();
        return;
      }
      const text = uploadFailureText(error);
      setFailure(text);
      enqueueSnackbar(text, { variant: 'error' });
      setPercent(null);
    } finally {
      abort.current = null;
    }
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!isUploading) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Upload and Complete</DialogTitle>
      <DialogContent>
        <FileDropZone
          label="Drop the report file here"
          prompt="Drag and drop the report file here, or"
          buttonLabel="Choose File"
          inputLabel="Choose File"
          accept={EXTENSIONS}
          hint={`Accepted file types: ${EXTENSIONS.join(', ')}. One file.`}
          onFiles={choose}
          disabled={isUploading}
        />
        {refused.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {REPORT_MSG.fileTypeNotAccepted}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {refused.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
          </Alert>
        )}
        {hasTooMany && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {REPORT_MSG.oneFileOnly}
          </Alert>
        )}
        <List dense aria-label="Chosen files">
          {files.map((f, i) => (
            <ListItem
              key={`${f.name}-${i}`}
              secondaryAction={
                <Button
                  size="small"
                  disabled={isUploading}
                  onClick={() => setFiles(files.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText primary={f.name} />
            </ListItem>
          ))}
        </List>
        <ReportCommentField
          registration={register('comment')}
          length={comment.length}
          isReadOnly={isUploading}
        />
        {isUploading && (
          <Box sx={{ mt: 1 }}>
            <Typography id={progressId} variant="body2" sx={{ mb: 0.5 }}>
              Uploading: {percent}%
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-labelledby={progressId} />
          </Box>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={isUploading ? () => abort.current?.abort() : onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={files.length !== 1 || isUploading}
          onClick={() => void upload()}
        >
          Upload and Complete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
