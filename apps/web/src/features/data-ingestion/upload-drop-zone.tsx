import { STATEMENT_UPLOAD_EXTENSIONS } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { FileDropZone } from '../../components/file-drop-zone';

const EXTENSIONS = STATEMENT_UPLOAD_EXTENSIONS.map((e) => `.${e}`);

/** The Upload dialog's drag-and-drop zone, with a button for those who pick files by keyboard. */
export function UploadDropZone({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  return (
    <FileDropZone
      label="Drop files here"
      prompt="Drag and drop statement files here, or"
      buttonLabel="Browse Files"
      inputLabel="Choose files"
      accept={EXTENSIONS}
      hint={`Accepted file types: ${EXTENSIONS.join(', ')}. Spaces are removed from file names.`}
      onFiles={onFiles}
      disabled={disabled}
    />
  );
}
