import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadSourceFile, type SourceFile } from './download-source-file';

/**
 * Download Source of an account extracted from several files: the analyst picks which statement to
 * open rather than receiving all of them at once.
 */
export function AccountFilesDialog({
  title,
  files,
  onClose,
}: {
  title: string;
  files: readonly SourceFile[];
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Download Source: {title}</DialogTitle>
      <DialogContent>
        <List dense aria-label="Source files">
          {files.map((file) => (
            <ListItem
              key={file.fileAuditId}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Download ${file.fileName}`}
                  onClick={() => void downloadSourceFile(file)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={file.fileName} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
