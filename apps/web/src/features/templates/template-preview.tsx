import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  TemplatePreviewBodySchema,
  type TemplatePreview,
} from '@tideline/contracts/templates/templates.schemas';
import { UPLOAD_EXTENSIONS } from '@tideline/contracts/files/files.schemas';
import { failureMessage } from '../../lib/api-messages';
import { previewTemplateOf, type TemplateFormValues } from './template-form-values';
import { PreviewGrid, PreviewRows } from './preview-grid';
import { readSampleFile, type SampleFile } from './sample-file';
import { templateQueries } from './templates.queries';

const ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** An uploaded batch file the server reads for the preview (by its fileAuditId). */
export interface StoredSample {
  fileAuditId: number;
  fileName: string;
}

interface TemplatePreviewPanelProps {
  values: TemplateFormValues;
  /** Starts the preview on an uploaded file (Create Header Row / First Cell Template). */
  storedSample?: StoredSample;
  /** Starts a Header Row template from the header row the server detected. */
  onUseHeaderRow: (headerRowIndex: number, headerRow: string) => void;
  /** Starts a First Cell template from the file's first non-empty cell. */
  onUseFirstCell: (firstCell: string) => void;
}

/**
 * The live preview (issue 4 point 4): a sample file dropped here is read by the server with the
 * template as it stands in the form; the grid shows 0-based row and column numbers, then the rows the
 * template would produce or why it cannot.
 */
export function TemplatePreviewPanel({
  values,
  storedSample,
  onUseHeaderRow,
  onUseFirstCell,
}: TemplatePreviewPanelProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<SampleFile | StoredSample | null>(storedSample ?? null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  // The preview follows the form, a moment after the user stops typing.
  const template = useDebouncedValue(JSON.stringify(previewTemplateOf(values)), 600);
  const parsedTemplate = TemplatePreviewBodySchema.shape.template.safeParse(JSON.parse(template));
  const isComplete = parsedTemplate.success;
  // An incomplete form asks for the grid (and the detected first cell) alone.
  const sentTemplate = isComplete ? (JSON.parse(template) as typeof parsedTemplate.data) : null;
  const body = file && {
    ...('fileAuditId' in file
      ? { fileAuditId: file.fileAuditId }
      : { file: { fileName: file.fileName, contentBase64: file.contentBase64 } }),
    template: sentTemplate,
  };
  const fileKey = !file ? '' : 'fileAuditId' in file ? `stored:${file.fileAuditId}` : file.key;
  const preview = useQuery({
    ...templateQueries.preview(fileKey, body ?? { fileAuditId: 0, template: null }),
    enabled: Boolean(body),
    placeholderData: keepPreviousData,
  });

  const take = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFileError(null);
    try {
      setFile(await readSampleFile(chosen));
    } catch (error) {
      setFile(null);
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <Box component="section" aria-labelledby={`${inputId}-title`}>
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h3" gutterBottom>
        Preview
      </Typography>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-testid="template-preview-drop"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          bgcolor: isDragging ? 'action.hover' : undefined,
        }}
      >
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Drop a sample statement here to see what this template makes of it. Nothing is saved.
        </Typography>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="Sample file"
          onChange={(e) => {
            void take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => inputRef.current?.click()}>
          {file ? 'Choose Another Sample File' : 'Choose Sample File'}
        </Button>
        {file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.fileName}
          </Typography>
        )}
      </Box>
      {fileError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {fileError}
        </Alert>
      )}
      {preview.isFetching && <LinearProgress aria-label="Loading preview" sx={{ mt: 1 }} />}
      {preview.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failureMessage(preview.error, 'The preview failed.')}
        </Alert>
      )}
      {file && preview.data && (
        <PreviewResult
          result={preview.data}
          isComplete={isComplete}
          onUseHeaderRow={onUseHeaderRow}
          onUseFirstCell={onUseFirstCell}
        />
      )}
    </Box>
  );
}

const MAX_LISTED_ROWS = 10;
/** Where the engine's message appends the unreadable rows to a file-level refusal. */
const ROWS_ALSO = ' Also, ';

/**
 * The message above the row list. The engine's message numbers rows from 1, as in the saved .xlsx;
 * the grid here numbers them from 0, so when rows are listed their part of the message gives way to
 * the list, numbered as in the grid. A file-level refusal (such as Auto's dates that read both
 * ways) is kept.
 */
function PreviewErrorMessage({ error }: { error: NonNullable<TemplatePreview['error']> }) {
  if (error.rowErrors.length === 0) return <div>{error.message}</div>;
  const also = error.message.indexOf(ROWS_ALSO);
  return (
    <>
      {also > 0 && <div>{error.message.slice(0, also)}</div>}
      <div>These rows cannot be read (numbered as in the grid above):</div>
    </>
  );
}

function PreviewResult({
  result,
  isComplete,
  onUseHeaderRow,
  onUseFirstCell,
}: {
  result: TemplatePreview;
  isComplete: boolean;
  onUseHeaderRow: TemplatePreviewPanelProps['onUseHeaderRow'];
  onUseFirstCell: TemplatePreviewPanelProps['onUseFirstCell'];
}) {
  const { error } = result;
  const detected = error?.kind === 'no-template-matched' ? error : null;
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }}>
      {result.sheets[0] && <PreviewGrid sheet={result.sheets[0]} />}
      {!isComplete ? (
        <Alert severity="info">
          Complete the template (the fields marked above) to see the rows it produces.
        </Alert>
      ) : error ? (
        <Alert severity="error">
          <PreviewErrorMessage error={error} />
          {error.rowErrors.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {error.rowErrors.slice(0, MAX_LISTED_ROWS).map((e, i) => (
                <li key={i}>
                  Row {e.rowIndex}
                  {e.column !== null ? `, column ${e.column}` : ''}
                  {e.field ? ` (${e.field})` : ''}: {e.reason}
                  {e.raw && !e.reason.includes(`"${e.raw.trim()}"`) ? ` "${e.raw}"` : ''}
                </li>
              ))}
              {error.rowErrors.length > MAX_LISTED_ROWS && <li>…</li>}
            </Box>
          )}
          {error.issues.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {error.issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  {issue.path}: {issue.message}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      ) : result.matched ? (
        <PreviewRows rows={result.rows} rowCount={result.rowCount} />
      ) : (
        <Alert severity="info">
          This file is a {result.format} bank format, read without a template ({result.rowCount} rows).
        </Alert>
      )}
      {detected && (detected.headerRow || detected.firstCell) && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {detected.headerRow && detected.headerRowIndex !== null && detected.headerRowIndex >= 0 && (
            <Button
              size="small"
              onClick={() => onUseHeaderRow(detected.headerRowIndex!, detected.headerRow!)}
            >
              Use row {detected.headerRowIndex} as Header Row
            </Button>
          )}
          {detected.firstCell && (
            <Button size="small" onClick={() => onUseFirstCell(detected.firstCell!)}>
              Use "{detected.firstCell}" as First Cell
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
