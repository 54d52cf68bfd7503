import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { UploadResult } from './use-batch-upload';

/** Spec 2 "Upload dialog": after the upload, the counts of successes and errors and the failed names. */
export function UploadResultDialog({ result, onClose }: { result: UploadResult; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Upload Results</DialogTitle>
      <DialogContent>
        <Typography>Files uploaded successfully: {result.uploaded.length}</Typography>
        <Typography>Files with errors: {result.failed.length}</Typography>
        {result.extractionMsg && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {result.extractionMsg}
          </Alert>
        )}
        {result.failed.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Failed files
            </Typography>
            <List dense aria-label="Failed files">
              {result.failed.map((f) => (
                <ListItem key={f.name} disableGutters>
                  <ListItemText primary={f.name} secondary={f.reason} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
