import { useId, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { STATEMENT_UPLOAD_EXTENSIONS } from '@tideline/contracts/data-ingestion/file-upload.schemas';

const ACCEPT = STATEMENT_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The Upload dialog's drag-and-drop zone, with a button for those who pick files by keyboard. */
export function UploadDropZone({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      role="group"
      aria-label="Drop files here"
      aria-describedby={hintId}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 3,
        textAlign: 'center',
        bgcolor: isDragging ? 'action.hover' : undefined,
      }}
    >
      <Typography variant="body2" gutterBottom>
        Drag and drop statement files here, or
      </Typography>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-label="Choose files"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        Browse Files
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Accepted file types: {STATEMENT_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}. Spaces are removed
        from file names.
      </Typography>
    </Box>
  );
}
