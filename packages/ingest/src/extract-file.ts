import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { isByteArray, type ByteSource } from './core/byte-source.js';
import { readSizedBytes, withExpectedBytes, type SizedStream } from './core/read-sized-bytes.js';
import type { ExtractionError } from './core/extraction-error.js';
import type { Grid, GridRow } from './core/grid.js';
import { heldFileLimit, resolveLimits, type Limits } from './core/limits.js';
import { peekSource } from './core/peek-source.js';
import { fail, ok, type Result } from './core/result.js';
import { detectFormat, type FileFormat } from './formats/detect-format.js';
import { isStatementFormat, type StatementOptions } from './formats/read-statements.js';
import type { Statement } from './formats/statement.js';
import { extractStatements } from './extract-statements.js';
import { createExtractor, extractGrid, PREVIEW_ROWS, type CanonicalRow } from './extract-grid.js';
import { isGridFormat, openGridFile } from './read-grid.js';
import type { SkippedLine } from './template/pdf-table-lines.js';
import { fingerprint, type LayoutFingerprint } from './template/fingerprint.js';
import { createAccountStatementBook } from './template/create-account-statement-book.js';
import { matchTemplate } from './template/match-template.js';
import type {
  AccountStatement,
  InvestmentRow,
  InvestmentTransactionRow,
  TemplateContext,
  TransactionRow,
} from './template/template-context.js';
import { openCsv } from './text/read-csv.js';
import { parseCamt086, type TreasuryStatement } from './treasury/parse-camt086.js';

export interface ExtractOptions {
  fileName: string;
  /** Templates of the batch's relationship and type, tried in order (ingestion.md step 3). */
  templates?: readonly ImportTemplate[];
  context?: Omit<TemplateContext, 'fileName'>;
  limits?: Partial<Limits>;
  statementOptions?: StatementOptions;
  /**
   * Receive canonical rows in batches instead of collecting them: with a CSV stream or a bank
   * format (BAI2, MT940, camt, OFX) nothing but the current batch is in memory. The outcome still
   * decides: write the batches in a transaction and roll it back when extractFile fails (all or
   * nothing).
   */
  onRows?: (rows: TransactionRow[] | InvestmentRow[]) => void | Promise<void>;
  /** Return the whole grid (`result.value.grid`) for gridToXlsx: small files only. */
  keepGrid?: boolean;
  /**
   * Receive the grid's rows as they are read, sheet by sheet (CSV, XLSX, XLS, PDF, JSON), for
   * example into createXlsxWriter, so the .xlsx next to the source (hasExcel) is written in the
   * same pass without holding the grid. A bank format's transactions come here too when `onRows`
   * is given (sheet 'Transactions', statementsToGrid's columns); statementsToGrid then gives none.
   */
  onGridRows?: (rows: GridRow[], sheet: string) => void | Promise<void>;
  /** Called with the exception of a reader bug, for the log; the result carries a plain message. */
  onReaderBug?: (cause: unknown) => void;
}

interface TemplateOutcome {
  format: FileFormat;
  templateId?: number;
  grid?: Grid;
  fingerprint: LayoutFingerprint;
  rowCount: number;
  /** PDF lines left out of the table (titles, running headers, summary lines), with the reason. */
  skippedLines: SkippedLine[];
}

/** What one uploaded file gave: native statements, template rows, or treasury statements. */
export type Extraction =
  | {
      kind: 'statements';
      format: FileFormat;
      /** Each statement's account, balances and warnings; its transactions unless `onRows` took them. */
      statements: Statement[];
      /** Cash transactions (an investment account's INVBANKTRAN included); empty with `onRows`. */
      rows: TransactionRow[];
      /** Trades of OFX investment statements (buys, sells, income, reinvestments, ...). */
      investmentTransactions: InvestmentTransactionRow[];
      /** Positions of OFX investment statements (INVPOSLIST) as staging investments; never sent to onRows. */
      investmentRows: InvestmentRow[];
    }
  | ({
      kind: 'transactions';
      rows: TransactionRow[];
      /** One per account number, in first-seen order: the rows' statementIndex points here. */
      accountStatements: AccountStatement[];
    } & TemplateOutcome)
  | ({ kind: 'investments'; rows: InvestmentRow[] } & TemplateOutcome)
  | { kind: 'treasury'; format: 'camt.086'; statements: TreasuryStatement[] };

/** Every failure names the file, so a message stands on its own in a list of files. */
function nameFile(error: ExtractionError, fileName: string): ExtractionError {
  return fileName === '' ? error : { ...error, message: `${fileName}: ${error.message}` };
}

/**
 * One extraction job (ingestion.md steps 1-5): detect the format by content, read bank formats
 * natively, otherwise read the grid, match a template and apply it. Never throws: a reader bug
 * becomes a plain message (and onReaderBug), never the exception's text.
 */
export async function extractFile(source: ByteSource, options: ExtractOptions): Promise<Result<Extraction>> {
  let result: Result<Extraction>;
  try {
    result = await extract(source, options);
  } catch (cause) {
    try {
      options.onReaderBug?.(cause);
    } catch {
      // The log's own failure must not turn a plain answer into an exception.
    }
    result = fail({
      kind: 'unsupported',
      message: 'The file could not be read because of an error in the reader. Please send it to support.',
    });
  }
  return result.ok ? result : fail(nameFile(result.error, fileNameOf(options)));
}

/** The name failures start with; options that are not what the type says give none. */
function fileNameOf(options: ExtractOptions): string {
  try {
    return typeof options.fileName === 'string' ? options.fileName : '';
  } catch {
    return '';
  }
}

async function extract(input: ByteSource, options: ExtractOptions): Promise<Result<Extraction>> {
  const limits = resolveLimits(options.limits);
  const context: TemplateContext = { ...options.context, fileName: options.fileName };
  const peeked = await peekSource(input, 64 * 1024);
  const { head } = peeked;
  // A stream's stated length survives the peek, so a workbook is collected into one buffer.
  const source = isByteArray(peeked.source)
    ? peeked.source
    : withExpectedBytes(peeked.source, isByteArray(input) ? undefined : (input as SizedStream).expectedBytes);
  const detected = detectFormat(head, options.fileName);
  if (!detected.ok) return detected;
  const format = detected.value;

  if (format === 'csv') return extractCsv(source, options, context, limits);
  if (format === 'camt.086') {
    const treasury = await parseCamt086(source, { limits });
    return treasury.ok ? ok({ kind: 'treasury', format, statements: treasury.value }) : treasury;
  }
  // camt and OFX are read as a stream, never collected whole.
  if (isStatementFormat(format)) return extractStatements(source, format, options, limits);
  if (!isGridFormat(format))
    return fail({ kind: 'unknown-format', fileName: options.fileName, message: 'Unknown format.' });
  const bytes = await readSizedBytes(source, heldFileLimit(limits));
  if (!bytes.ok) return bytes;
  const file = await openGridFile(bytes.value, format, limits, { isOwned: !isByteArray(input) });
  if (!file.ok) return file;
  const outcome = await extractGrid(file.value, {
    templates: options.templates ?? [],
    context,
    limits,
    ...(options.onRows ? { onRows: options.onRows as (rows: CanonicalRow[]) => Promise<void> } : {}),
    ...(options.onGridRows ? { onGridRows: options.onGridRows } : {}),
    ...(options.keepGrid ? { keepGrid: true } : {}),
  });
  if (!outcome.ok) return outcome;
  const { template, grid, rows, rowCount, skippedLines, accountStatements } = outcome.value;
  const isInvestment = template.type === 'Investment';
  return ok({
    kind: isInvestment ? 'investments' : 'transactions',
    format,
    ...(template.templateId === undefined ? {} : { templateId: template.templateId }),
    ...(grid ? { grid } : {}),
    rows,
    ...(isInvestment ? {} : { accountStatements }),
    fingerprint: outcome.value.fingerprint,
    rowCount,
    skippedLines,
  } as Extraction);
}

/** CSV streams: the first rows pick the template and fingerprint, the rest flow through in batches. */
async function extractCsv(
  source: ByteSource,
  options: ExtractOptions,
  context: TemplateContext,
  limits: Limits,
): Promise<Result<Extraction>> {
  const opened = await openCsv(source, { limits });
  if (!opened.ok) return opened;
  const csv = opened.value;
  const iterator = csv.batches[Symbol.asyncIterator]();
  const preview: GridRow[] = [];
  const kept: GridRow[] = [];
  const pending: GridRow[] = [];
  while (preview.length < PREVIEW_ROWS) {
    const next = await iterator.next();
    if (next.done) break;
    for (const row of next.value) {
      preview.push(row);
      pending.push(row);
    }
  }
  if (csv.error) return fail(csv.error);
  const source_ = { format: 'csv' as const, encoding: csv.layout.encoding, delimiter: csv.layout.delimiter };
  const previewGrid: Grid = { sheets: [{ name: 'Sheet1', rows: preview }], source: source_ };
  const match = matchTemplate(previewGrid, options.templates ?? []);
  if (!match.ok) return match;
  const book = createAccountStatementBook();
  const extractor = createExtractor(match.value.template, context, undefined, book);
  if (!extractor.ok) return extractor;

  const rows: (TransactionRow | InvestmentRow)[] = [];
  const handle = async (batch: GridRow[]) => {
    if (options.keepGrid) for (const row of batch) kept.push(row);
    await options.onGridRows?.(batch, 'Sheet1');
    const out = extractor.value.push(batch);
    if (out.length === 0) return;
    if (options.onRows) await options.onRows(out as TransactionRow[]);
    else for (const row of out) rows.push(row);
  };
  await handle(pending);
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) await handle(next.value);
  if (csv.error) return fail(csv.error);
  const finished = extractor.value.finish();
  if (!finished.ok) return finished;
  const isInvestment = match.value.template.type === 'Investment';
  return ok({
    kind: isInvestment ? 'investments' : 'transactions',
    rows,
    ...(isInvestment ? {} : { accountStatements: book.list() }),
    format: 'csv',
    ...(match.value.template.templateId === undefined ? {} : { templateId: match.value.template.templateId }),
    ...(options.keepGrid ? { grid: { sheets: [{ name: 'Sheet1', rows: kept }], source: source_ } } : {}),
    fingerprint: fingerprint(previewGrid),
    rowCount: finished.value.rowCount,
    skippedLines: [],
  } as Extraction);
}
