import {
  HYBRID_DEFAULT_FILE_TEMPLATE_TYPE,
  type FileTemplateType,
} from '@tideline/contracts/data-ingestion/batch-files.schemas';
import {
  isAcceptedStatementFile,
  toUploadFileName,
} from '@tideline/contracts/data-ingestion/file-upload.schemas';

/** A file in the Upload dialog's list, under its upload name (spaces removed). */
export interface ChosenFile {
  name: string;
  file: File;
  /** The per-file toggle: replace a file of the same name already in the batch. */
  allowOverwrite: boolean;
  /** Hybrid batches: what the file is read as (Investment by default, spec 9). */
  templateType: FileTemplateType;
}

/**
 * Adds picked or dropped files to the list: spaces are removed from their names (spec 4), files of a
 * type not accepted are refused (spec 5), and a file of a name already listed replaces it.
 */
export function addChosenFiles(current: readonly ChosenFile[], picked: readonly File[]) {
  const refused: string[] = [];
  const next = [...current];
  for (const file of picked) {
    const name = toUploadFileName(file.name);
    if (!name || !isAcceptedStatementFile(name)) {
      refused.push(file.name);
      continue;
    }
    const chosen = { name, file, allowOverwrite: false, templateType: HYBRID_DEFAULT_FILE_TEMPLATE_TYPE };
    const at = next.findIndex((f) => f.name === name);
    if (at >= 0) next[at] = chosen;
    else next.push(chosen);
  }
  return { files: next, refused };
}
