import { FILE_MSG } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, conflict, forbidden } from '../../platform/http/app-error';
import type { UploadForm } from '../../platform/storage/local-signed-forms';
import type { LocalStorage } from '../../platform/storage/local-storage';
import * as q from './files.queries';

export interface LocalUploadDeps {
  db: Db;
  localStorage: LocalStorage;
  uploadLimitBytes: number;
}

/** The posted file as @fastify/multipart hands it over: truncated once it passed the parser's limit. */
export type PostedFile = AsyncIterable<Uint8Array> & { truncated: boolean };

/** Why a checked, correctly signed form finds no row to write: used already, or never one of ours. */
async function explainRefusedForm(db: DbOrTx, key: string): Promise<AppError> {
  const row = await q.selectFileByUploadKey(db, key);
  return row ? conflict(FILE_MSG.uploadFormUsed) : forbidden(FILE_MSG.uploadLinkInvalid);
}

/**
 * Embedded mode's signed upload endpoint (security issue 14 points 2, 3). The bytes land in a temporary
 * file; then, in one transaction, the form is claimed on its file row (single use, in the database so
 * it holds across processes), the upload is audited with the uploader as the actor (the endpoint
 * itself has no signed-in user) and the bytes are published under the form's key. Any failure leaves no
 * object behind and the form unused.
 */
export async function receiveLocalUpload(
  deps: LocalUploadDeps,
  form: UploadForm,
  file: PostedFile,
  ctx: AuditContext,
): Promise<void> {
  if (form.maxBytes > deps.uploadLimitBytes) throw forbidden(FILE_MSG.uploadLinkInvalid);
  const staged = await deps.localStorage.stageUpload(file, form.maxBytes);
  try {
    if (file.truncated) throw new AppError(413, FILE_MSG.tooLarge);
    await deps.db.transaction(async (tx) => {
      const row = await q.claimUploadForm(tx, form.key);
      if (!row) throw await explainRefusedForm(tx, form.key);
      await writeAudit(
        tx,
        { ...ctx, userId: row.uploadedBy },
        {
          action: 'file.uploaded',
          entity: 'file',
          entityId: row.fileId,
          after: { fileName: row.fileName, storageKey: form.key, sizeBytes: staged.sizeBytes },
        },
      );
      // Last, so a refused or failed claim never leaves bytes under the key.
      await staged.commit(form.key, form.contentType);
    });
  } finally {
    await staged.discard();
  }
}
