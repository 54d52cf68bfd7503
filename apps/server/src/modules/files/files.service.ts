import { FILE_MSG, type StoredFile, type UploadRequest } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { assertClientAccess, canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, forbidden, notFound } from '../../platform/http/app-error';
import { CONTENT_TYPES, isKindAllowedFor, sniffFileKind } from '../../platform/storage/sniff-file-type';
import type { Storage } from '../../platform/storage/storage';
import { createFinalKey, createUploadKey } from '../../platform/storage/storage-keys';
import * as q from './files.queries';

export interface FilesDeps {
  db: Db;
  storage: Storage;
  uploadLimitBytes: number;
}

function toStoredFile(row: q.FileRow): StoredFile {
  const { fileId, fileName, status, contentType, sizeBytes, rejectReason } = row;
  return { fileId, fileName, status, contentType, sizeBytes, rejectReason };
}

/**
 * Client scoping for files: a client's file for users of that client; a file of no client (firm-wide)
 * for users who are not client-scoped only, since it may hold any client's data.
 */
export function canSeeFile(user: CurrentUser, clientId: number | null): boolean {
  return clientId === null ? !user.isClientScoped : canAccessClient(user, clientId);
}

async function findVisibleFile(db: Db, user: CurrentUser, fileId: number): Promise<q.FileRow> {
  const row = await q.selectFile(db, fileId);
  if (!row || !canSeeFile(user, row.clientId)) throw notFound(FILE_MSG.notFound);
  return row;
}

/** Step 1 of the spec's upload flow: a pending file row and a signed form to post the bytes to. */
export async function requestUpload(
  deps: FilesDeps,
  user: CurrentUser,
  input: UploadRequest,
  ctx: AuditContext,
) {
  if (input.sizeBytes > deps.uploadLimitBytes) {
    throw new AppError(
      413,
      `The file is larger than the ${Math.floor(deps.uploadLimitBytes / 1_048_576)} MB limit.`,
    );
  }
  if (input.clientId !== null) assertClientAccess(user, input.clientId);
  else if (user.isClientScoped) throw forbidden(); // a firm-wide file they could never see again
  const { fileName, clientId, sizeBytes, contentType } = input;
  return deps.db.transaction(async (tx) => {
    const uploadKey = createUploadKey();
    const row = await q.insertPendingFile(tx, {
      uploadKey,
      fileName,
      clientId,
      sizeBytes,
      uploadedBy: user.userId,
    });
    await writeAudit(tx, ctx, {
      action: 'file.requested',
      entity: 'file',
      entityId: row.fileId,
      after: { fileName, clientId, sizeBytes, storageKey: uploadKey },
    });
    // The declared size is the form's signed limit: the receiver (S3 or ours) refuses any byte more.
    const signed = await deps.storage.createSignedUpload({
      key: uploadKey,
      contentType,
      maxBytes: sizeBytes,
    });
    return { fileId: row.fileId, ...signed };
  });
}

async function readHead(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.getObject(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= 8192) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, 8192);
}

/**
 * Size and type by content of the object at key; a reason when it may not be kept. Larger than declared
 * is refused here too, for a store that does not enforce the signed size itself.
 */
async function checkObject(deps: FilesDeps, key: string, row: q.FileRow, sizeBytes: number) {
  const { fileName } = row;
  if (sizeBytes > deps.uploadLimitBytes || sizeBytes > (row.sizeBytes ?? deps.uploadLimitBytes))
    return { contentType: null, rejectReason: FILE_MSG.tooLarge };
  if (sizeBytes === 0) return { contentType: null, rejectReason: 'The file is empty.' };
  const kind = sniffFileKind(await readHead(deps.storage, key));
  const rejectReason = isKindAllowedFor(fileName, kind)
    ? null
    : `The content of ${fileName} does not match its file type.`;
  return { contentType: CONTENT_TYPES[kind], rejectReason };
}

/**
 * Step 2: the bytes arrived. They move to a final key no upload form is signed for (so re-posting the
 * form cannot replace them), and are checked there for size and type by content. A rejected file is
 * deleted, never kept. The row stays locked throughout, so a second /complete waits and then answers
 * the outcome of the first.
 */
export async function completeUpload(
  deps: FilesDeps,
  user: CurrentUser,
  fileId: number,
  ctx: AuditContext,
): Promise<StoredFile> {
  await findVisibleFile(deps.db, user, fileId);
  const { checked, newRejectReason } = await deps.db.transaction(async (tx) => {
    const row = (await q.selectFileForUpdate(tx, fileId))!;
    if (row.status !== 'pending') return { checked: row, newRejectReason: null };
    if (!(await deps.storage.headObject(row.storageKey))) throw new AppError(422, FILE_MSG.notUploaded);
    const finalKey = createFinalKey();
    await deps.storage.moveObject(row.storageKey, finalKey);
    const sizeBytes = (await deps.storage.headObject(finalKey))?.sizeBytes ?? 0;
    const { contentType, rejectReason } = await checkObject(deps, finalKey, row, sizeBytes);
    if (rejectReason) await deps.storage.deleteObject(finalKey);
    const status = rejectReason ? 'rejected' : 'stored';
    const updated = await q.updateCheckedFile(tx, fileId, {
      status,
      storageKey: finalKey,
      contentType,
      sizeBytes,
      rejectReason,
    });
    await writeAudit(tx, ctx, {
      action: `file.${status}`,
      entity: 'file',
      entityId: fileId,
      before: { status: row.status, storageKey: row.storageKey },
      after: { status, storageKey: finalKey, fileName: row.fileName, sizeBytes, contentType, rejectReason },
    });
    return { checked: updated, newRejectReason: rejectReason };
  });
  if (newRejectReason) throw new AppError(422, newRejectReason);
  return toStoredFile(checked);
}

export async function createDownloadUrl(deps: FilesDeps, user: CurrentUser, fileId: number) {
  const row = await findVisibleFile(deps.db, user, fileId);
  if (row.status !== 'stored') throw notFound(FILE_MSG.notFound);
  return { url: await deps.storage.createSignedDownload({ key: row.storageKey, fileName: row.fileName }) };
}

/** A stored file for a job (no user: the job checked its batch), or null when it is gone or unchecked. */
export async function findStoredFile(db: DbOrTx, fileId: number): Promise<q.FileRow | null> {
  const row = await q.selectFile(db, fileId);
  return row?.status === 'stored' ? row : null;
}
