import { useId, useRef, useState } from 'react';
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
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  ACCOUNT_UPLOAD_EXTENSIONS,
  isAcceptedAccountUpload,
} from '@tideline/contracts/accounts/account-upload.schemas';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import { failureMessage } from '../../lib/api-messages';
import { UploadAbortedError } from '../../lib/post-signed-form';
import { startAccountExtraction, uploadFile } from './upload.api';
import type { ExtractionJob, ExtractionState } from './use-extraction-jobs';

type Outcome = { name: string; fileId: number } | { name: string; error: string };
type Phase =
  | { kind: 'choose' }
  | { kind: 'uploading'; index: number; fraction: number }
  | { kind: 'summary'; outcomes: Outcome[]; isCancelled: boolean };

interface BulkUploadDialogProps {
  clientId: number;
  /** The extraction jobs the Accounts tab follows (and shows here). */
  jobs: readonly ExtractionState[];
  onExtractionStarted: (jobs: ExtractionJob[]) => void;
  onRetry: (jobId: string) => void;
  onClose: () => void;
}

/**
 * 'Bulk Upload Accounts' (spec 2, 4, 5): csv files only, uploaded one after the other with progress
 * and Cancel; then the extraction is requested and the summary lists what was uploaded and what failed.
 */
export function BulkUploadDialog({
  clientId,
  jobs,
  onExtractionStarted,
  onRetry,
  onClose,
}: BulkUploadDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const abort = useRef<AbortController | null>(null);

  const choose = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    setRefused(list.filter((f) => !isAcceptedAccountUpload(f.name)).map((f) => f.name));
    setFiles((current) => [...current, ...list.filter((f) => isAcceptedAccountUpload(f.name))]);
  };

  const upload = async () => {
    const controller = new AbortController();
    abort.current = controller;
    const outcomes: Outcome[] = [];
    for (const [index, file] of files.entries()) {
      setPhase({ kind: 'uploading', index, fraction: 0 });
      try {
        const fileId = await uploadFile(
          file,
          clientId,
          (fraction) => setPhase({ kind: 'uploading', index, fraction }),
          controller.signal,
        );
        outcomes.push({ name: file.name, fileId });
      } catch (error) {
        if (error instanceof UploadAbortedError || controller.signal.aborted) {
          setPhase({ kind: 'summary', outcomes, isCancelled: true });
          return;
        }
        outcomes.push({ name: file.name, error: failureMessage(error, 'The upload failed.') });
      }
    }
    abort.current = null;
    setPhase({ kind: 'summary', outcomes, isCancelled: false });
    const fileIds = outcomes.flatMap((o) => ('fileId' in o ? [o.fileId] : []));
    if (fileIds.length === 0) return;
    try {
      const started = await startAccountExtraction(clientId, fileIds);
      enqueueSnackbar(started.msg, { variant: 'success' });
      onExtractionStarted(started.jobs);
    } catch (error) {
      enqueueSnackbar(failureMessage(error, ACCOUNT_MSG.extractFailed), { variant: 'error' });
    }
  };

  const isUploading = phase.kind === 'uploading';
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
      <DialogTitle id={titleId}>Bulk Upload Accounts</DialogTitle>
      <DialogContent>
        {phase.kind === 'choose' && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Accepted file types: {ACCOUNT_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}
            </Typography>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              multiple
              hidden
              aria-label="Choose csv files"
              onChange={(e) => {
                choose(e.target.files);
                e.target.value = '';
              }}
            />
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
              Choose Files
            </Button>
            {refused.length > 0 && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {ACCOUNT_MSG.fileTypeNotAccepted} ({refused.join(', ')})
              </Alert>
            )}
            <List dense aria-label="Chosen files">
              {files.map((f, i) => (
                <ListItem
                  key={`${f.name}-${i}`}
                  secondaryAction={
                    <Button size="small" onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                      Remove
                    </Button>
                  }
                >
                  <ListItemText primary={f.name} />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {phase.kind === 'uploading' && (
          <Box>
            <Typography id={`${titleId}-progress`} variant="body2" sx={{ mb: 1 }}>
              Uploading {files[phase.index]?.name} ({phase.index + 1} of {files.length})
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(((phase.index + phase.fraction) / files.length) * 100)}
              aria-labelledby={`${titleId}-progress`}
            />
          </Box>
        )}
        {phase.kind === 'summary' && <UploadSummary phase={phase} jobs={jobs} onRetry={onRetry} />}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'choose' && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" disabled={files.length === 0} onClick={() => void upload()}>
              Upload
            </Button>
          </>
        )}
        {phase.kind === 'uploading' && <Button onClick={() => abort.current?.abort()}>Cancel</Button>}
        {phase.kind === 'summary' && (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function UploadSummary({
  phase,
  jobs,
  onRetry,
}: {
  phase: Extract<Phase, { kind: 'summary' }>;
  jobs: readonly ExtractionState[];
  onRetry: (jobId: string) => void;
}) {
  const uploaded = phase.outcomes.filter((o) => 'fileId' in o);
  const failed = phase.outcomes.flatMap((o) => ('error' in o ? [o] : []));
  if (phase.isCancelled) {
    return (
      <Alert severity="warning" role="status">
        Upload cancelled. {uploaded.length} uploaded file(s) discarded; no accounts were extracted.
      </Alert>
    );
  }
  return (
    <Box role="status">
      <Typography>Files uploaded: {uploaded.length}</Typography>
      <Typography>Files failed: {failed.length}</Typography>
      {failed.length > 0 && (
        <List dense aria-label="Failed files">
          {failed.map((f) => (
            <ListItem key={f.name}>
              <ListItemText primary={f.name} secondary={f.error} />
            </ListItem>
          ))}
        </List>
      )}
      {jobs.length > 0 && (
        <List dense aria-label="Account extraction">
          {jobs.map((job) => (
            <ListItem
              key={job.jobId}
              secondaryAction={
                job.failure !== null && (
                  <Button size="small" onClick={() => onRetry(job.jobId)}>
                    Retry
                  </Button>
                )
              }
            >
              <ListItemText
                primary={job.fileName}
                secondary={extractionText(job)}
                slotProps={{ secondary: { component: 'div' } }}
              />
              {isExtracting(job) && <ExtractionProgress job={job} />}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

const isExtracting = (job: ExtractionState) => job.failure === null && job.createdCount === null;

/** Issue 20 point 8: how far the extraction job is, with the rows it is checking. */
function ExtractionProgress({ job }: { job: ExtractionState }) {
  const progressId = useId();
  return (
    <Box sx={{ width: 200, ml: 2, mr: 8 }}>
      <LinearProgress
        variant="determinate"
        value={job.status?.progress ?? 0}
        aria-label={`Extracting accounts from ${job.fileName}`}
        aria-describedby={progressId}
      />
      <Typography id={progressId} variant="caption" color="text.secondary">
        {job.status?.message ?? 'Waiting to start'}
      </Typography>
    </Box>
  );
}

function extractionText(job: ExtractionState): string {
  if (job.failure !== null) return job.failure;
  if (job.createdCount !== null) return `Accounts extracted: ${job.createdCount}`;
  return 'Extracting accounts...';
}
