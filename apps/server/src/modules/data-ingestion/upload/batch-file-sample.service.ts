import { PREVIEW_MAX_BYTES, TEMPLATE_MSG } from '@tideline/contracts';
import type { DbOrTx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import { AppError, notFound } from '../../../platform/http/app-error';
import type { Storage } from '../../../platform/storage/storage';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { findStoredFile } from '../../files/files.service';
import { findVisibleBatchFile } from './batch-file-downloads.service';

/** Delimited text can be previewed from its head; other formats are read whole. */
const isDelimitedText = (fileName: string) => /\.(csv|txt)$/i.test(fileName);

async function readHead(
  storage: Storage,
  key: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; isWhole: boolean }> {
  const stream = await storage.getObject(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), isWhole: false };
    }
  }
  return { bytes: Buffer.concat(chunks), isWhole: true };
}

/**
 * The stored source of a batch file as a template preview's sample (Create Header Row / First Cell
 * Template from the Extraction Progress dialog). At most the preview's 5 MB: a longer csv or txt is cut
 * after its last complete line (the preview shows the first rows); any other format must fit (413).
 */
export async function readBatchFileSample(
  deps: { db: DbOrTx; storage: Storage },
  user: CurrentUser,
  fileAuditId: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const batchFile = await findVisibleBatchFile(deps.db, user, fileAuditId);
  const stored = await findStoredFile(deps.db, batchFile.fileId);
  if (!stored) throw notFound(EXTRACTION_MSG.fileNotFound);
  const fileName = batchFile.uploadedFileName;
  const head = await readHead(deps.storage, stored.storageKey, PREVIEW_MAX_BYTES);
  if (head.isWhole) return { fileName, bytes: head.bytes };
  if (!isDelimitedText(fileName)) throw new AppError(413, TEMPLATE_MSG.previewFileTooLarge);
  const lastLineEnd = head.bytes.lastIndexOf(0x0a);
  return { fileName, bytes: lastLineEnd > 0 ? head.bytes.subarray(0, lastLineEnd + 1) : head.bytes };
}
