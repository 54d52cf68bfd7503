import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';

interface FileDropZoneProps {
  /** The zone's accessible name, e.g. 'Drop files here'. */
  label: string;
  /** The line above the button, e.g. 'Drag and drop statement files here, or'. */
  prompt: string;
  /** The button for those who pick files by keyboard, and the file input's name. */
  buttonLabel: string;
  inputLabel: string;
  /** Extensions with their dot, for the file picker's filter. */
  accept: readonly string[];
  /** What may be dropped, under the button; it also describes the zone. */
  hint: ReactNode;
  onFiles: (files: File[]) => void;
  disabled: boolean;
}

/** A dashed drag-and-drop zone with a button that opens the file picker (the upload dialogs). */
export function FileDropZone(props: FileDropZoneProps) {
  const { onFiles, disabled } = props;
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
      aria-label={props.label}
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
        {props.prompt}
      </Typography>
      <input
        ref={inputRef}
        type="file"
        accept={props.accept.join(',')}
        multiple
        hidden
        aria-label={props.inputLabel}
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
        {props.buttonLabel}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {props.hint}
      </Typography>
    </Box>
  );
}
