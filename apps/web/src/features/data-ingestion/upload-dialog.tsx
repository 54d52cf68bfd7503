import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { addChosenFiles, type ChosenFile } from './upload-choice';
import { UploadDropZone } from './upload-drop-zone';
import { UploadFileList } from './upload-file-list';
import { UploadResultDialog } from './upload-result-dialog';
import { percentOf, useBatchUpload } from './use-batch-upload';

/** 'Upload Batch: client / bank / account' (spec 2). */
export function uploadTitleOf(batch: ClientBatch): string {
  return `Upload Batch: ${batch.clientName} / ${batch.bankName} / ${batch.accountName ?? '---'}`;
}

/**
 * The Upload dialog (spec 2, 4, 5, 9): files dropped or picked, per file the overwrite toggle and a
 * hybrid batch's template type (Investment by default); UPLOAD FILES needs a file and no running
 * upload; CANCEL UPLOAD stops a running upload and removes what it stored, or closes the dialog.
 */
export function UploadDialog({ batch, onClose }: { batch: ClientBatch; onClose: () => void }) {
  const titleId = useId();
  const progressId = useId();
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const upload = useBatchUpload(batch, onClose);

  if (upload.result) return <UploadResultDialog result={upload.result} onClose={onClose} />;

  const choose = (picked: File[]) => {
    const next = addChosenFiles(files, picked);
    setFiles(next.files);
    setRefused(next.refused);
  };
  const change = (name: string, update: Partial<ChosenFile>) =>
    setFiles((current) => current.map((f) => (f.name === name ? { ...f, ...update } : f)));
  const percent = percentOf(upload.progress, files);

  return (
    <Dialog
      open
      onClose={() => {
        if (!upload.isUploading) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{uploadTitleOf(batch)}</DialogTitle>
      <DialogContent>
        <UploadDropZone onFiles={choose} disabled={upload.isUploading} />
        {refused.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {EXTRACTION_MSG.fileTypeNotAccepted}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {refused.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
          </Alert>
        )}
        <UploadFileList
          files={files}
          isHybrid={batch.templateType === 'Hybrid'}
          progress={upload.isUploading ? upload.progress : null}
          onChange={change}
          onRemove={(name) => setFiles((current) => current.filter((f) => f.name !== name))}
        />
        {upload.isUploading && (
          <Box sx={{ mt: 1 }}>
            <Typography id={progressId} variant="body2" sx={{ mb: 0.5 }}>
              Uploading: {percent}%
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-labelledby={progressId} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={upload.isUploading ? upload.cancel : onClose}>CANCEL UPLOAD</Button>
        <Button
          variant="contained"
          disabled={files.length === 0 || upload.isUploading}
          onClick={() => void upload.upload(files)}
        >
          UPLOAD FILES
        </Button>
      </DialogActions>
    </Dialog>
  );
}
