import type { Tx } from '../../../db/open-database';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import type { FileOnDisk, Storage } from '../../../platform/storage/storage';
import { storeServerFile } from '../../files/store-server-file';
import { reopenForNewRows } from '../promotion/batch-closure';
import type { BatchFileRow } from '../upload/batch-files.queries';
import type { ExtractionPlan } from '../extraction/extraction-plan';
import { flagFileDuplicates } from './flag-duplicates.queries';
import * as sq from './stage-file.queries';
import type { AccountTally } from './staging-writer';

/** What a file (or a pull) staged: enough for the SQL that follows its rows. */
export interface StagedRows {
  rowCount: number;
  isTransactions: boolean;
  accounts: Map<number, AccountTally>;
  /** The file's statements per batch account (none for a pull or a file of positions). */
  statements: readonly sq.StagedStatement[];
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How many rows of the file are possible duplicates, and what the first of them match. */
export interface DuplicateSummary {
  count: number;
  matches: sq.DuplicateMatch[];
}

/** Named in a message: this many flagged rows say what they match, the rest are counted. */
const NAMED_DUPLICATES = 3;

const rowLabel = (rowNumber: number, sheetName: string | null) =>
  sheetName ? `row ${rowNumber} of sheet ${sheetName}` : `row ${rowNumber}`;

function describeMatch(m: sq.DuplicateMatch): string {
  const what =
    m.transactionId !== null
      ? `transaction ${m.transactionId} in the books`
      : `${rowLabel(m.otherRowNumber ?? 0, m.otherSheetName)} of ${m.otherFileName ?? 'another file'}`;
  const by = m.rule === 'reference' ? 'by its bank reference' : 'by date, amount and description';
  return `${rowLabel(m.rowNumber, m.sheetName)} matches ${what} ${by}`;
}

/**
 * The Extraction Progress dialog's message for a staged file. Issue 16 point 6: a possible duplicate
 * says what it matches (a transaction in the books, or a row of another file), so the user can judge
 * it before the staging screens exist.
 */
export function describeStaged(
  staged: StagedRows,
  duplicates: DuplicateSummary,
  notes: readonly string[],
): string {
  const parts = [
    `${plural(staged.rowCount, 'row', 'rows')} staged for ${plural(staged.accounts.size, 'account', 'accounts')}.`,
  ];
  const { count, matches } = duplicates;
  if (count > 0) {
    const lead =
      count === 1
        ? '1 row is a possible duplicate'
        : `${plural(count, 'row', 'rows')} are possible duplicates`;
    const more = count - matches.length;
    const named = matches.map(describeMatch).join('; ');
    const rest = more > 0 && named ? ` (and ${more.toLocaleString('en-US')} more)` : '';
    parts.push(`${lead}${named ? `: ${named}${rest}` : ''}.`);
    parts.push(
      `Keep or drop ${count === 1 ? 'it' : 'them'} in Edit/Inspect/Validate Transactions before the account is validated.`,
    );
  }
  return [...parts, ...notes].join(' ');
}

/**
 * The SQL after a file's rows, in its transaction: which accounts it delivered (batch_account_files),
 * possible duplicates, the batch accounts' statuses (audited; a Validated one reopens), the statement
 * balances, and the .xlsx copy stored as a file of the client (hasExcel).
 */
export async function completeStaging(
  storage: Storage,
  tx: Tx,
  plan: { file: BatchFileRow; batch: ExtractionPlan['batch'] },
  staged: StagedRows,
  touched: readonly number[],
  excelBody: FileOnDisk | null,
  ctx: AuditContext,
) {
  const { file, batch } = plan;
  const refs = { clientId: batch.clientId, batchId: batch.batchId, batchFileId: file.batchFileId };
  const tallies = [...staged.accounts.entries()];
  const accountIds = [...new Set([...touched, ...staged.accounts.keys()])];
  await sq.lockBatchAccounts(tx, accountIds);
  await sq.insertBatchAccountFiles(
    tx,
    refs,
    tallies.map(([batchAccountId, t]) => ({ batchAccountId, rows: t.rows })),
  );
  await sq.insertStagingStatements(tx, refs, staged.statements);
  const dates = tallies.flatMap(([, t]) => (t.minDate && t.maxDate ? [t.minDate, t.maxDate] : [])).sort();
  const duplicateCount =
    staged.isTransactions && staged.rowCount > 0 && dates.length > 0
      ? await flagFileDuplicates(tx, {
          batchFileId: file.batchFileId,
          minDate: dates[0]!,
          maxDate: dates.at(-1)!,
        })
      : 0;
  const duplicates: DuplicateSummary = {
    count: duplicateCount,
    matches:
      duplicateCount > 0 ? await sq.selectDuplicateMatches(tx, file.batchFileId, NAMED_DUPLICATES) : [],
  };
  const changed = await sq.updateBatchAccountStatuses(tx, accountIds);
  for (const c of changed) {
    await writeAudit(tx, ctx, {
      action: 'batch_account.updated',
      entity: 'batch_account',
      entityId: c.batchAccountId,
      before: { clientId: c.clientId, status: c.before },
      after: { clientId: c.clientId, status: c.after, batchFileId: file.batchFileId },
    });
  }
  // A file reaching a Validated account (or a validated batch) reopens it: 'New Files Added'.
  await reopenForNewRows(tx, [...staged.accounts.keys()], ctx);
  const excel = excelBody
    ? await storeServerFile(
        tx,
        storage,
        {
          fileName: `${file.uploadedFileName.replace(/\.[^.]*$/, '')}.xlsx`,
          clientId: batch.clientId,
          uploadedBy: file.uploadedBy,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: excelBody,
        },
        ctx,
      )
    : null;
  return { duplicateCount, duplicates, excel };
}
