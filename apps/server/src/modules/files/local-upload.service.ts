import { FILE_MSG } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import type { EventLimiter } from '../../platform/audit/event-limiter';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, conflict, forbidden } from '../../platform/http/app-error';
import { RefusedUploadForm, type UploadForm } from '../../platform/storage/local-signed-forms';
import type { LocalStorage } from '../../platform/storage/local-storage';
import * as q from './files.queries';

export interface LocalUploadDeps {
  db: Db;
  localStorage: LocalStorage;
  uploadLimitBytes: number;
  /** The public endpoint's security events, limited per address so a flood cannot fill the audit log. */
  forgeryEvents: EventLimiter;
}

export const FORGED_FORM_ACTION = 'security.upload-form-forged';
// Posted values are the sender's; the audit row keeps enough of each to tell what was altered.
const AUDITED_VALUE_LENGTH = 256;

/** The posted file as @fastify/multipart hands it over: truncated once it passed the parser's limit. */
export type PostedFile = AsyncIterable<Uint8Array> & { truncated: boolean };

/** Why a checked, correctly signed form finds no row to write: used already, or never one of ours. */
async function explainRefusedForm(db: DbOrTx, key: string): Promise<AppError> {
  const row = await q.selectFileByUploadKey(db, key);
  return row ? conflict(FILE_MSG.uploadFormUsed) : forbidden(FILE_MSG.uploadLinkInvalid);
}

/** The audit row of a form made or altered by hand, on the file its key names when there is one. */
async function auditForgedForm(deps: LocalUploadDeps, refused: RefusedUploadForm, ctx: AuditContext) {
  const suppressed = deps.forgeryEvents.admit(ctx.ipAddress ?? 'unknown');
  if (suppressed === null) return;
  const { key, contentType, maxBytes, expires } = refused.posted;
  const file = key ? await q.selectFileByUploadKey(deps.db, key) : null;
  const clip = (value: string | undefined) => value?.slice(0, AUDITED_VALUE_LENGTH);
  await writeAudit(deps.db, ctx, {
    action: FORGED_FORM_ACTION,
    entity: 'file',
    entityId: file?.fileId ?? null,
    after: {
      reason: refused.reason,
      storageKey: clip(key),
      contentType: clip(contentType),
      maxBytes: clip(maxBytes),
      expires: clip(expires),
      ...(suppressed > 0 ? { refusalsNotRecorded: suppressed } : {}),
    },
  });
}

/**
 * The signed fields of a posted form, or its refusal (400, 403). A malformed or wrongly signed form was
 * made or altered by hand: a security event, audited before the refusal; an expired one is not.
 */
export async function readPostedForm(
  deps: LocalUploadDeps,
  fields: ReadonlyArray<readonly [string, unknown]>,
  ctx: AuditContext,
): Promise<UploadForm> {
  try {
    return deps.localStorage.readUploadForm(fields);
  } catch (err) {
    if (err instanceof RefusedUploadForm && err.reason !== 'expired') await auditForgedForm(deps, err, ctx);
    throw err;
  }
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
