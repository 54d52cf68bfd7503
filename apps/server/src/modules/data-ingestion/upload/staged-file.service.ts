import { sql } from 'drizzle-orm';
import { stagedFileNameOf, type StageFolder } from '@tideline/contracts/data-ingestion/extraction.schemas';
import { toUploadFileName } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { DbOrTx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import type { AuditContext } from '../../../platform/audit/write-audit';
import { createDownloadUrl } from '../../files/files.service';
import { storeServerFile } from '../../files/store-server-file';
import { findVisibleBatchFile } from './batch-file-downloads.service';
import type { ExtractionDeps } from '../extraction-deps';
import * as q from './staged-file.queries';

// ingestion-analysis.md 7 "Upload and extraction": the canonical or validated file of a batch file
// (POST /download/{fileAuditId} {fileName, stageFolderName}). The staged rows are the canonical form
// of what extraction read; 'validated' keeps the rows validated (Yes), which are what VALIDATE THIS
// BATCH moved into the books. Written as a CSV on request, so it shows the rows as they are now.

// A text cell a spreadsheet would read as a formula is kept as text (a leading apostrophe).
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function csvCell(value: string | null): string {
  if (value === null) return '';
  const text = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: q.StagedTable): string {
  return [table.header, ...table.rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The file's staged rows of its kind: treasury sections, investments, or transactions. */
async function selectStagedTable(
  db: DbOrTx,
  file: { batchFileId: number; templateType: string },
  onlyValidated: boolean,
): Promise<q.StagedTable> {
  if (file.templateType === 'Treasury') return q.selectStagedTreasuryOf(db, file.batchFileId, onlyValidated);
  // An Investment file read by a bank format gives transactions, so the rows decide.
  const { rows } = await db.execute(
    sql`select exists (select 1 from staging_investments where batch_file_id = ${file.batchFileId}) as "has"`,
  );
  return (rows[0] as { has: boolean }).has
    ? q.selectStagedInvestmentsOf(db, file.batchFileId, onlyValidated)
    : q.selectStagedTransactionsOf(db, file.batchFileId, onlyValidated);
}

/** Writes the CSV as a stored file of the client (audited file.stored) and answers its signed link. */
export async function createStagedFileDownload(
  deps: Pick<ExtractionDeps, 'db' | 'storage' | 'uploadLimitBytes'>,
  user: CurrentUser,
  fileAuditId: number,
  request: { fileName: string; stageFolderName: StageFolder },
  ctx: AuditContext,
): Promise<{ url: string }> {
  const file = await findVisibleBatchFile(deps.db, user, fileAuditId);
  const table = await selectStagedTable(deps.db, file, request.stageFolderName === 'validated');
  const fileName = stagedFileNameOf(
    toUploadFileName(request.fileName) || file.uploadedFileName,
    request.stageFolderName,
  );
  const stored = await deps.db.transaction((tx) =>
    storeServerFile(
      tx,
      deps.storage,
      {
        fileName,
        clientId: file.clientId,
        uploadedBy: user.userId,
        contentType: 'text/csv',
        body: Buffer.from(toCsv(table), 'utf8'),
      },
      ctx,
    ),
  );
  return createDownloadUrl(deps, user, stored.fileId);
}
