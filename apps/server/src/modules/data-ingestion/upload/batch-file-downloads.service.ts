import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { assertClientAccess } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { notFound } from '../../../platform/http/app-error';
import { createDownloadUrl } from '../../files/files.service';
import * as fq from './batch-files.queries';
import type { ExtractionDeps } from '../extraction-deps';

/** A batch file the user may see: 404 alike for one that does not exist and another client's. */
export async function findVisibleBatchFile(
  db: DbOrTx,
  user: CurrentUser,
  fileAuditId: number,
): Promise<fq.BatchFileRow> {
  const row = await fq.selectBatchFile(db, fileAuditId);
  if (!row) throw notFound(EXTRACTION_MSG.fileNotFound);
  assertClientAccess(user, row.clientId, EXTRACTION_MSG.fileNotFound);
  return row;
}

/**
 * GET /download/{fileAuditId} and /download-excel/{fileAuditId}: a signed link from the files flow
 * (an application/octet-stream attachment, fetched without the authorization header).
 */
export async function createBatchFileDownload(
  deps: Pick<ExtractionDeps, 'db' | 'storage' | 'uploadLimitBytes'>,
  user: CurrentUser,
  fileAuditId: number,
  kind: 'source' | 'excel',
): Promise<{ url: string }> {
  const row = await findVisibleBatchFile(deps.db, user, fileAuditId);
  const fileId = kind === 'source' ? row.fileId : row.excelFileId;
  if (fileId === null) throw notFound(EXTRACTION_MSG.noExcel);
  return createDownloadUrl(deps, user, fileId);
}
