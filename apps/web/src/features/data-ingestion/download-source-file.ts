import { enqueueSnackbar } from '../../lib/toast-host';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { failureMessage } from '../../lib/api-messages';
import { downloadBatchFile } from './extraction.api';

/** A batch file as its source is downloaded: its fileAuditId and the name it is saved under. */
export interface SourceFile {
  fileAuditId: number;
  fileName: string;
}

/** Download Source of one file, with the spec's toasts (spec 8). */
export async function downloadSourceFile(file: SourceFile): Promise<void> {
  enqueueSnackbar(EXTRACTION_MSG.downloadInitiated, { variant: 'info' });
  try {
    await downloadBatchFile(file, 'source');
    enqueueSnackbar(EXTRACTION_MSG.downloaded, { variant: 'success' });
  } catch (error) {
    enqueueSnackbar(failureMessage(error, EXTRACTION_MSG.downloadFailed), { variant: 'error' });
  }
}
