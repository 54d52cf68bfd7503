import type { DbOrTx } from '../../db/open-database';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import type { FileOnDisk, Storage } from '../../platform/storage/storage';
import { createFinalKey } from '../../platform/storage/storage-keys';
import * as q from './files.queries';

export interface ServerFile {
  fileName: string;
  clientId: number | null;
  uploadedBy: number | null;
  contentType: string;
  /** The bytes, or a finished file on disk (streamed into storage, never read whole). */
  body: Buffer | FileOnDisk;
}

/**
 * Stores a file the server wrote (an extraction's .xlsx copy, a pulled statement) under a fresh final
 * key, with its row in the caller's transaction, audited `file.stored`. The object is written first:
 * when the transaction rolls back, the caller removes it (`storageKey`).
 */
export async function storeServerFile(
  tx: DbOrTx,
  storage: Storage,
  file: ServerFile,
  ctx: AuditContext,
): Promise<{ fileId: number; storageKey: string }> {
  const storageKey = createFinalKey();
  const { body } = file;
  const sizeBytes = Buffer.isBuffer(body) ? body.length : body.sizeBytes;
  if (Buffer.isBuffer(body)) await storage.putObject(storageKey, body, file.contentType);
  else await storage.putObjectFromFile(storageKey, body.path, file.contentType);
  const row = await q.insertStoredFile(tx, {
    storageKey,
    fileName: file.fileName,
    clientId: file.clientId,
    uploadedBy: file.uploadedBy,
    contentType: file.contentType,
    sizeBytes,
  });
  await writeAudit(tx, ctx, {
    action: 'file.stored',
    entity: 'file',
    entityId: row.fileId,
    after: { fileName: file.fileName, clientId: file.clientId, sizeBytes, storageKey },
  });
  return { fileId: row.fileId, storageKey };
}
