import type pg from 'pg';
import { statementsToGrid } from '@tideline/ingest/formats/statements-to-rows';
import type { IngestWorkers, WorkerBudget } from '@tideline/ingest/worker/run-in-worker';
import type { Tx } from '../../../db/open-database';
import { isDataException } from '../../../db/pg-errors';
import type { Storage } from '../../../platform/storage/storage';
import { describeAccountNumbers, type ExtractionPlan } from './extraction-plan';
import type { ExcelCopy } from './excel-copy';
import { createCopySink, createInsertSink } from '../staging/staging-sinks';
import { stageTreasuryStatements } from '../staging/stage-treasury';
import { createStagingWriter, type AccountTally } from '../staging/staging-writer';
import type { StagedStatement } from '../staging/stage-file.queries';
import { mergeSummaries, stagePositions } from './stage-positions';
import { isReconcilable, toStagedStatement, toTemplateStatements } from './staged-statements';

export interface ReadDeps {
  storage: Storage;
  workers: IngestWorkers;
  budget: WorkerBudget;
  /** COPY on the PostgreSQL server; multi-row INSERTs on PGlite (asked before the transaction). */
  canCopy(): Promise<boolean>;
}

/** What a file gave, before the SQL that follows its rows (duplicates, statuses, balances). */
export interface ReadResult {
  ok: true;
  rowCount: number;
  isTransactions: boolean;
  accounts: Map<number, AccountTally>;
  /** The file's statements per batch account, as the reader stated them (issue 39 point 1). */
  statements: StagedStatement[];
  /** 0-based header row of a template-read file. */
  headerRowIndex: number | null;
  notes: string[];
}

export interface ReadFailure {
  ok: false;
  message: string;
  header?: { headerRow: string; headerRowNumber: number; firstCell: string };
}

const failed = (message: string): ReadFailure => ({ ok: false, message });

/**
 * Reads the stored file through the ingest worker pool into the staging tables, inside `tx` (the
 * caller commits or rolls back). A file that cannot be staged answers a ReadFailure with the message
 * the Extraction Progress dialog shows; only an infrastructure fault throws (the job is retried).
 */
export async function readIntoStaging(
  deps: ReadDeps,
  client: pg.PoolClient,
  tx: Tx,
  plan: ExtractionPlan,
  excel: ExcelCopy,
  canCopy: boolean,
): Promise<ReadResult | ReadFailure> {
  const { file, batch } = plan;
  const fileName = file.uploadedFileName;
  const refs = { clientId: batch.clientId, batchId: batch.batchId, batchFileId: file.batchFileId };
  const openWriter = () =>
    createStagingWriter({
      refs,
      batchAccountOf: (n) => plan.batchAccountByNumber.get(n),
      context: { keywordOf: plan.keywordOf, investmentTypeIdOf: plan.investmentTypeIdOf },
      openSink: (table) => (canCopy ? createCopySink(client, table) : createInsertSink(client, table)),
    });
  const writer = openWriter();
  // A missing object is for good (deleted, or never written): no retry would find it.
  if (!(await deps.storage.headObject(plan.source.storageKey)))
    return failed(`${fileName}: the stored file is missing. Upload it again.`);
  let result;
  try {
    result = await deps.workers.extractFile(
      await deps.storage.getObject(plan.source.storageKey),
      {
        fileName,
        ...(plan.source.sizeBytes ? { fileSize: plan.source.sizeBytes } : {}),
        templates: plan.templates,
        context: { knownAccountNumbers: plan.clientAccountNumbers },
        limits: {},
        onRows: (rows) => writer.write(rows),
        onGridRows: (rows, sheet) => excel.addRows(rows, sheet),
      },
      deps.budget,
    );
  } catch (err) {
    await writer.abort();
    // A value PostgreSQL cannot take (the checks missed it): the file's fault, not the system's.
    if (isDataException(err))
      return failed(`${fileName}: a value cannot be staged: ${(err as Error).message}`);
    throw err;
  }
  if (!result.ok) {
    await writer.abort();
    const e = result.error;
    if (e.kind === 'no-template-matched')
      return {
        ok: false,
        message: e.message,
        header: { headerRow: e.headerRow, headerRowNumber: e.headerRowIndex, firstCell: e.firstCell },
      };
    return failed(e.message);
  }
  const extraction = result.value;
  const notes: string[] = [];
  const statements: StagedStatement[] = [];
  let treasury: Awaited<ReturnType<typeof stageTreasuryStatements>> | null = null;
  if (extraction.kind === 'treasury') {
    if (plan.sectionAccounts.size === 0)
      return failed(
        `${fileName}: this is an account analysis statement (camt.086); upload it to the relationship's Analysis batch.`,
      );
    treasury = await stageTreasuryStatements(tx, refs, extraction.statements, plan.sectionAccounts);
    if (!treasury.ok) return failed(`${fileName}: this batch has no ${treasury.missingSection} section.`);
  }
  if (extraction.kind === 'statements') {
    for (const [statementIndex, s] of extraction.statements.entries()) {
      const batchAccountId = plan.batchAccountByNumber.get(s.accountId.trim());
      // A statement without entries still delivers its account's month.
      if (batchAccountId !== undefined) {
        writer.noteAccount(batchAccountId);
        const staged = toStagedStatement(batchAccountId, statementIndex, s);
        if (isReconcilable(staged)) statements.push(staged);
      } else writer.noteUnknownAccount(s.accountId.trim());
      for (const w of s.warnings ?? []) notes.push(w);
    }
    excel.addGrid(statementsToGrid(extraction.statements));
  }
  // The transactions' COPY ends before the positions' begins: one COPY at a time on the connection.
  const staged = await writer.finish();
  const positions =
    extraction.kind === 'statements'
      ? await stagePositions(openWriter, extraction.investmentRows, file.templateType)
      : { summary: null, note: null };
  if (positions.note) notes.push(positions.note);
  const summary = mergeSummaries(staged, positions.summary);
  if (extraction.kind === 'transactions')
    statements.push(...toTemplateStatements(extraction.accountStatements, plan, summary.accounts));
  if (summary.unknownAccounts.length > 0) {
    const named = await describeAccountNumbers(tx, batch.clientId, summary.unknownAccounts);
    return failed(
      `${fileName}: the file has rows for accounts that are not in this batch: ${named.join(', ')}.`,
    );
  }
  if (summary.rowProblemCount > 0) {
    const more = summary.rowProblemCount - summary.rowProblems.length;
    return failed(
      `${fileName}: ${summary.rowProblemCount} rows cannot be staged: ${summary.rowProblems.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`,
    );
  }
  if (
    (extraction.kind === 'transactions' || extraction.kind === 'investments') &&
    extraction.skippedLines.length > 0
  )
    notes.push(`${extraction.skippedLines.length} lines of the PDF are not transactions and were left out.`);
  return {
    ok: true,
    rowCount: summary.rowCount + (treasury?.ok ? treasury.rowCount : 0),
    isTransactions: summary.table?.name === 'staging_transactions' || extraction.kind === 'statements',
    accounts: treasury?.ok ? treasury.accounts : summary.accounts,
    statements,
    headerRowIndex:
      extraction.kind === 'transactions' || extraction.kind === 'investments'
        ? extraction.fingerprint.headerRowIndex
        : null,
    notes,
  };
}
