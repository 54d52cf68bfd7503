import { eq } from 'drizzle-orm';
import { BATCH_MSG, type BatchTemplateType } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { FileTemplateType } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import {
  EXTRACTION_MSG,
  type BatchUploadRequestSchema,
  type DeleteUploadedFilesResult,
} from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { SignedUploadAnswer } from '@tideline/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/open-database';
import { bankClientRelationships } from '../../../db/schema';
import type { CurrentUser } from '../../../platform/access/route-access';
import type { AuditContext } from '../../../platform/audit/write-audit';
import { AppError, badRequest, notFound } from '../../../platform/http/app-error';
import { discardFiles } from '../../files/discard-files.service';
import { requestUpload } from '../../files/files.service';
import { findVisibleBatch } from '../batches/batches.service';
import type { ExtractionDeps } from '../extraction-deps';

type BatchUploadRequest = z.output<typeof BatchUploadRequestSchema>;

/**
 * The template a file of the batch is read with: the batch's own type, or for a Hybrid batch the
 * per-file Transaction or Investment (Investment by default, spec 9). Anything else is a 400.
 */
export function resolveFileTemplateType(
  batchType: BatchTemplateType,
  requested: FileTemplateType | undefined,
): FileTemplateType {
  if (batchType === 'Hybrid') {
    if (requested === undefined) return 'Investment';
    if (requested === 'Transaction' || requested === 'Investment') return requested;
  } else if (requested === undefined || requested === batchType) return batchType;
  throw badRequest(EXTRACTION_MSG.templateTypeInvalid, {
    templateType: [EXTRACTION_MSG.templateTypeInvalid],
  });
}

/** The limit in MB, or in KB below one MB (a limit of 64 KB is not "0 MB"). */
function describeLimit(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.floor(bytes / 1_048_576)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

async function selectBankOfRelationship(db: DbOrTx, bankClientRelId: number): Promise<number | null> {
  const [row] = await db
    .select({ bankId: bankClientRelationships.bankId })
    .from(bankClientRelationships)
    .where(eq(bankClientRelationships.bankClientRelId, bankClientRelId));
  return row?.bankId ?? null;
}

/**
 * POST /upload-url: the spec's upload permission for one file of a batch, through the files flow
 * (a pending file of the batch's client and a signed form); the client and bank must be the
 * batch's. A file over the upload limit is refused here, named, before a byte is sent.
 */
export async function requestBatchUpload(
  deps: ExtractionDeps,
  user: CurrentUser,
  input: BatchUploadRequest,
  ctx: AuditContext,
): Promise<SignedUploadAnswer> {
  const batch = await findVisibleBatch(deps.db, user, input.batchId);
  const bankId = await selectBankOfRelationship(deps.db, batch.bankClientRelId);
  if (input.clientId !== batch.clientId || input.bankId !== bankId) throw notFound(BATCH_MSG.notFound);
  resolveFileTemplateType(batch.templateType, input.templateType);
  if (input.sizeBytes > deps.uploadLimitBytes) {
    throw new AppError(
      413,
      `${input.fileName}: the file is larger than the ${describeLimit(deps.uploadLimitBytes)} upload limit.`,
    );
  }
  const { fileName, contentType, sizeBytes } = input;
  return requestUpload(
    { db: deps.db, storage: deps.storage, uploadLimitBytes: deps.uploadLimitBytes },
    user,
    { fileName, contentType, sizeBytes, clientId: batch.clientId },
    ctx,
  );
}

/** DELETE /files/: CANCEL UPLOAD removes what this upload stored, before extraction took it. */
export async function cancelBatchUpload(
  deps: ExtractionDeps,
  user: CurrentUser,
  fileList: readonly number[],
  ctx: AuditContext,
): Promise<DeleteUploadedFilesResult> {
  const deleted = await discardFiles(deps, user, fileList, ctx, EXTRACTION_MSG.fileInBatch);
  return { msg: EXTRACTION_MSG.uploadCancelled, deleted };
}
