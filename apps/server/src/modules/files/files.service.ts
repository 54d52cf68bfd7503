import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StoredFile, UploadRequest } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { files } from '../../db/schema';
import { assertClientAccess } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, notFound } from '../../platform/http/app-error';
import { CONTENT_TYPES, isKindAllowedFor, sniffFileKind } from '../../platform/storage/sniff-file-type';
import type { Storage } from '../../platform/storage/storage';

export interface FilesDeps {
  db: Db;
  storage: Storage;
  uploadLimitBytes: number;
}

const FILE_NOT_FOUND = 'File not found.';

function toStoredFile(row: typeof files.$inferSelect): StoredFile {
  const { fileId, fileName, status, contentType, sizeBytes, rejectReason } = row;
  return { fileId, fileName, status, contentType, sizeBytes, rejectReason };
}

async function findVisibleFile(db: Db, user: CurrentUser, fileId: number) {
  const [row] = await db.select().from(files).where(eq(files.fileId, fileId));
  if (!row) throw notFound(FILE_NOT_FOUND);
  if (row.clientId !== null) assertClientAccess(user, row.clientId, FILE_NOT_FOUND);
  return row;
}

/** Step 1 of the spec's upload flow: a pending file row and a signed form to post the bytes to. */
export async function requestUpload(deps: FilesDeps, user: CurrentUser, input: UploadRequest) {
  if (input.sizeBytes > deps.uploadLimitBytes) {
    throw new AppError(
      413,
      `The file is larger than the ${Math.floor(deps.uploadLimitBytes / 1_048_576)} MB limit.`,
    );
  }
  if (input.clientId !== null) assertClientAccess(user, input.clientId);
  const now = new Date();
  const key = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  const [row] = await deps.db
    .insert(files)
    .values({
      storageKey: key,
      fileName: input.fileName,
      clientId: input.clientId,
      uploadedBy: user.userId,
      sizeBytes: input.sizeBytes,
    })
    .returning();
  const signed = await deps.storage.createSignedUpload({
    key,
    contentType: input.contentType,
    maxBytes: deps.uploadLimitBytes,
  });
  return { fileId: row!.fileId, ...signed };
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

/** Step 2: the bytes arrived; check size and type by content. A rejected file is deleted, never kept. */
export async function completeUpload(
  deps: FilesDeps,
  user: CurrentUser,
  fileId: number,
  ctx: AuditContext,
): Promise<StoredFile> {
  const row = await findVisibleFile(deps.db, user, fileId);
  if (row.status !== 'pending') return toStoredFile(row);
  const head = await deps.storage.headObject(row.storageKey);
  if (!head) throw new AppError(422, 'The file has not been uploaded yet.');
  let rejectReason: string | null = null;
  let contentType: string | null = null;
  if (head.sizeBytes > deps.uploadLimitBytes) rejectReason = 'The file is larger than the upload limit.';
  else if (head.sizeBytes === 0) rejectReason = 'The file is empty.';
  else {
    const kind = sniffFileKind(await readHead(deps.storage, row.storageKey));
    contentType = CONTENT_TYPES[kind];
    if (!isKindAllowedFor(row.fileName, kind))
      rejectReason = `The content of ${row.fileName} does not match its file type.`;
  }
  if (rejectReason) await deps.storage.deleteObject(row.storageKey);
  const [updated] = await deps.db.transaction(async (tx) => {
    const out = await tx
      .update(files)
      .set({
        status: rejectReason ? 'rejected' : 'stored',
        rejectReason,
        contentType,
        sizeBytes: head.sizeBytes,
      })
      .where(eq(files.fileId, fileId))
      .returning();
    await writeAudit(tx, ctx, {
      action: rejectReason ? 'file.rejected' : 'file.stored',
      entity: 'file',
      entityId: fileId,
      after: { fileName: row.fileName, rejectReason },
    });
    return out;
  });
  if (rejectReason) throw new AppError(422, rejectReason);
  return toStoredFile(updated!);
}

export async function createDownloadUrl(deps: FilesDeps, user: CurrentUser, fileId: number) {
  const row = await findVisibleFile(deps.db, user, fileId);
  if (row.status !== 'stored') throw notFound(FILE_NOT_FOUND);
  return { url: await deps.storage.createSignedDownload({ key: row.storageKey, fileName: row.fileName }) };
}
