import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { readAllBytes, type ByteSource } from './core/byte-source.js';
import type { Grid, GridRow } from './core/grid.js';
import { resolveLimits, type Limits } from './core/limits.js';
import { peekSource } from './core/peek-source.js';
import { fail, ok, type Result } from './core/result.js';
import { detectFormat, type FileFormat } from './formats/detect-format.js';
import { isStatementFormat, readStatements, type StatementOptions } from './formats/read-statements.js';
import type { Statement } from './formats/statement.js';
import {
  statementsToInvestmentTransactionRows,
  statementsToTransactionRows,
} from './formats/statements-to-rows.js';
import { isGridFormat, readGrid } from './read-grid.js';
import { createInvestmentExtractor } from './template/apply-investment-template.js';
import { createTransactionExtractor } from './template/apply-transaction-template.js';
import type { RowExtractor } from './template/create-row-extractor.js';
import type { SkippedLine } from './template/pdf-table-lines.js';
import { fingerprint, type LayoutFingerprint } from './template/fingerprint.js';
import { matchTemplate } from './template/match-template.js';
import type {
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
   * Receive canonical rows in batches instead of collecting them: with a CSV stream nothing but
   * the current batch is in memory. The outcome still decides: write the batches in a
   * transaction and roll it back when extractFile fails (all or nothing).
   */
  onRows?: (rows: TransactionRow[] | InvestmentRow[]) => void | Promise<void>;
  /** Keep the grid of a CSV for gridToXlsx (the other readers always return it). */
  keepGrid?: boolean;
  /**
   * Receive a CSV's grid rows as they are read, for example into createXlsxWriter, so the .xlsx
   * next to the source (hasExcel) is written in the same pass without holding the grid.
   */
  onGridRows?: (rows: GridRow[]) => void;
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
      statements: Statement[];
      /** Cash transactions (an investment account's INVBANKTRAN included). */
      rows: TransactionRow[];
      /** Trades of OFX investment statements (buys, sells, income, reinvestments, ...). */
      investmentTransactions: InvestmentTransactionRow[];
    }
  | ({ kind: 'transactions'; rows: TransactionRow[] } & TemplateOutcome)
  | ({ kind: 'investments'; rows: InvestmentRow[] } & TemplateOutcome)
  | { kind: 'treasury'; format: 'camt.086'; statements: TreasuryStatement[] };

const PREVIEW_ROWS = 200;

/**
 * One extraction job (ingestion.md steps 1-5): detect the format by content, read bank formats
 * natively, otherwise read the grid, match a template and apply it. Never throws.
 */
export async function extractFile(source: ByteSource, options: ExtractOptions): Promise<Result<Extraction>> {
  try {
    return await extract(source, options);
  } catch (cause) {
    return fail({ kind: 'unsupported', message: `Extraction stopped unexpectedly: ${String(cause)}` });
  }
}

async function extract(input: ByteSource, options: ExtractOptions): Promise<Result<Extraction>> {
  const limits = resolveLimits(options.limits);
  const context: TemplateContext = { ...options.context, fileName: options.fileName };
  const { head, source } = await peekSource(input, 64 * 1024);
  const detected = detectFormat(head, options.fileName);
  if (!detected.ok) return detected;
  const format = detected.value;

  if (format === 'csv') return extractCsv(source, options, context, limits);
  const bytes = await readAllBytes(source, limits.maxFileBytes);
  if (!bytes.ok) return bytes;
  if (format === 'camt.086') {
    const treasury = parseCamt086(bytes.value);
    return treasury.ok ? ok({ kind: 'treasury', format, statements: treasury.value }) : treasury;
  }
  if (isStatementFormat(format)) {
    const statements = readStatements(bytes.value, format, options.statementOptions);
    if (!statements.ok) return statements;
    const rows = statementsToTransactionRows(statements.value);
    const known = context.knownAccountNumbers;
    const unknown = known
      ? [...new Set(rows.map((r) => r.accountNumber))].filter((a) => !known.includes(a))
      : [];
    if (unknown.length > 0) {
      return fail({
        kind: 'rows-unreadable',
        message: `The file holds accounts the client does not have: ${unknown.join(', ')}`,
        rowErrors: [],
        totalRowErrors: 0,
      });
    }
    if (options.onRows) await options.onRows(rows);
    return ok({
      kind: 'statements',
      format,
      statements: statements.value,
      rows: options.onRows ? [] : rows,
      investmentTransactions: statementsToInvestmentTransactionRows(statements.value),
    });
  }
  if (!isGridFormat(format))
    return fail({ kind: 'unknown-format', fileName: options.fileName, message: 'Unknown format.' });
  const grid = await readGrid(bytes.value, format, { limits });
  if (!grid.ok) return grid;
  const match = matchTemplate(grid.value, options.templates ?? []);
  if (!match.ok) return match;
  const rows: (TransactionRow | InvestmentRow)[] = [];
  const skippedLines: SkippedLine[] = [];
  for (const index of match.value.sheetIndexes) {
    const sheet = grid.value.sheets[index];
    if (!sheet) continue;
    // A fresh extractor per sheet: header and footer rows repeat on every sheet.
    const perSheet = createExtractor(
      match.value.template,
      context,
      grid.value.sheets.length > 1 ? sheet.name : undefined,
    );
    if (!perSheet.ok) return perSheet;
    const out = perSheet.value.push(sheet.rows);
    const finished = perSheet.value.finish();
    if (!finished.ok) return finished;
    rows.push(...out);
    skippedLines.push(...(finished.value.skippedLines ?? []));
  }
  if (options.onRows) await options.onRows(rows as TransactionRow[]);
  return ok({
    kind: match.value.template.type === 'Investment' ? 'investments' : 'transactions',
    rows: options.onRows ? [] : rows,
    format,
    ...(match.value.template.templateId === undefined ? {} : { templateId: match.value.template.templateId }),
    grid: grid.value,
    fingerprint: fingerprint(grid.value),
    rowCount: rows.length,
    skippedLines,
  } as Extraction);
}

function createExtractor(
  template: ImportTemplate,
  context: TemplateContext,
  sheet?: string,
): Result<RowExtractor<TransactionRow | InvestmentRow>> {
  if (template.type === 'Transaction')
    return createTransactionExtractor(template.jsonTransform[0], context, sheet);
  if (template.type === 'Investment')
    return createInvestmentExtractor(template.jsonTransform[0], context, sheet);
  return fail({
    kind: 'unsupported',
    message: 'Treasury statements are read from camt.086 files; a Treasury template cannot read a grid.',
  });
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
  let pending: GridRow[] = [];
  while (preview.length < PREVIEW_ROWS) {
    const next = await iterator.next();
    if (next.done) break;
    preview.push(...next.value);
    pending = pending.concat(next.value);
  }
  if (csv.error) return fail(csv.error);
  const source_ = { format: 'csv' as const, encoding: csv.layout.encoding, delimiter: csv.layout.delimiter };
  const previewGrid: Grid = { sheets: [{ name: 'Sheet1', rows: preview }], source: source_ };
  const match = matchTemplate(previewGrid, options.templates ?? []);
  if (!match.ok) return match;
  const extractor = createExtractor(match.value.template, context);
  if (!extractor.ok) return extractor;

  const rows: (TransactionRow | InvestmentRow)[] = [];
  const handle = async (batch: GridRow[]) => {
    if (options.keepGrid) for (const row of batch) kept.push(row);
    options.onGridRows?.(batch);
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
  return ok({
    kind: match.value.template.type === 'Investment' ? 'investments' : 'transactions',
    rows,
    format: 'csv',
    ...(match.value.template.templateId === undefined ? {} : { templateId: match.value.template.templateId }),
    ...(options.keepGrid ? { grid: { sheets: [{ name: 'Sheet1', rows: kept }], source: source_ } } : {}),
    fingerprint: fingerprint(previewGrid),
    rowCount: finished.value.rowCount,
    skippedLines: [],
  } as Extraction);
}
