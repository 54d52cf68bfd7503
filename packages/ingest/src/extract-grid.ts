import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { refuseRows, type GridFile } from './core/grid-file.js';
import type { Grid, GridRow, GridSheet } from './core/grid.js';
import type { Limits } from './core/limits.js';
import { fail, ok, type Result } from './core/result.js';
import { createInvestmentExtractor } from './template/apply-investment-template.js';
import { createTransactionExtractor } from './template/apply-transaction-template.js';
import {
  createAccountStatementBook,
  type AccountStatementBook,
} from './template/create-account-statement-book.js';
import type { RowExtractor } from './template/create-row-extractor.js';
import { fingerprint, type LayoutFingerprint } from './template/fingerprint.js';
import { doesTemplateMatchSheet, matchTemplate } from './template/match-template.js';
import type { SkippedLine } from './template/pdf-table-lines.js';
import type {
  AccountStatement,
  InvestmentRow,
  TemplateContext,
  TransactionRow,
} from './template/template-context.js';

/** Rows of each sheet a template is matched on, as many as a CSV's (extract-file.ts). */
export const PREVIEW_ROWS = 200;
/** A template whose header sits deeper is looked for that deep, but no deeper than this. */
const MAX_PREVIEW_ROWS = 10_000;

export type CanonicalRow = TransactionRow | InvestmentRow;

export interface GridExtractOptions {
  templates: readonly ImportTemplate[];
  context: TemplateContext;
  limits: Limits;
  onRows?: (rows: CanonicalRow[]) => void | Promise<void>;
  onGridRows?: (rows: GridRow[], sheet: string) => void | Promise<void>;
  keepGrid?: boolean;
}

export interface GridOutcome {
  template: ImportTemplate;
  rows: CanonicalRow[];
  rowCount: number;
  fingerprint: LayoutFingerprint;
  skippedLines: SkippedLine[];
  /** A Transaction template's accounts as statements (empty for investments). */
  accountStatements: AccountStatement[];
  grid?: Grid;
}

/** `book`: the file's account statements, shared by its sheets' Transaction extractors. */
export function createExtractor(
  template: ImportTemplate,
  context: TemplateContext,
  sheet?: string,
  book?: AccountStatementBook,
): Result<RowExtractor<CanonicalRow>> {
  if (template.type === 'Transaction')
    return createTransactionExtractor(template.jsonTransform[0], context, sheet, book);
  if (template.type === 'Investment')
    return createInvestmentExtractor(template.jsonTransform[0], context, sheet);
  return fail({
    kind: 'unsupported',
    message: 'Treasury statements are read from camt.086 files; a Treasury template cannot read a grid.',
  });
}

function countPreviewRows(templates: readonly ImportTemplate[]): number {
  let rows = PREVIEW_ROWS;
  for (const t of templates) {
    const start = t.type === 'Treasury' ? 0 : Number(t.jsonTransform[0].headerStart ?? 0);
    if (Number.isInteger(start)) rows = Math.max(rows, start + 1);
  }
  return Math.min(rows, MAX_PREVIEW_ROWS);
}

async function readPreview(file: GridFile, index: number, count: number): Promise<Result<GridSheet>> {
  const rows: GridRow[] = [];
  const read = await file.readSheet(index, (batch) => {
    for (const row of batch) {
      if (rows.length >= count) break;
      rows.push(row);
    }
    return rows.length >= count ? 'stop' : undefined;
  });
  return read.ok ? ok({ name: file.sheetNames[index] ?? '', rows }) : read;
}

interface PreviewMatch {
  template: ImportTemplate;
  sheetIndexes: number[];
  fingerprint: LayoutFingerprint;
}

/**
 * Matches the templates on each sheet's first rows, one sheet at a time: as matchTemplate on the
 * whole grid (the first template that matches any sheet wins, on every sheet it matches), while
 * only one sheet's first rows and the first sheet with data (for the fingerprint and the
 * no-match message) are held.
 */
async function matchOnPreviews(
  file: GridFile,
  templates: readonly ImportTemplate[],
): Promise<Result<PreviewMatch>> {
  const count = countPreviewRows(templates);
  const matches = templates.map(() => [] as number[]);
  let firstWithData: GridSheet | undefined;
  for (let index = 0; index < file.sheetNames.length; index++) {
    const preview = await readPreview(file, index, count);
    if (!preview.ok) return preview;
    templates.forEach((template, t) => {
      if (doesTemplateMatchSheet(template, preview.value)) matches[t]?.push(index);
    });
    if (!firstWithData && preview.value.rows.some((r) => r.cells.some((c) => c.trim() !== ''))) {
      firstWithData = preview.value;
    }
  }
  const sheets = file.sheetNames.map((name) => ({ name, rows: [] as GridRow[] }));
  const grid: Grid = {
    sheets: firstWithData ? [firstWithData, ...sheets.slice(1)] : sheets,
    source: file.source,
  };
  const matched = templates.findIndex((_, t) => (matches[t]?.length ?? 0) > 0);
  const template = templates[matched];
  if (!template) {
    const refusal = matchTemplate(grid, templates);
    return refusal.ok ? fail({ kind: 'empty-file', message: 'The file has no data.' }) : refusal;
  }
  return ok({ template, sheetIndexes: matches[matched] ?? [], fingerprint: fingerprint(grid) });
}

/**
 * The template path for workbooks, PDF and JSON (ingestion.md steps 3-5), streamed: the templates
 * are matched on each sheet's first rows, then every matched sheet is read again in batches
 * through a fresh extractor (headers and footers repeat on every sheet), so only a batch of grid
 * rows and of canonical rows is in memory unless the caller keeps them.
 */
export async function extractGrid(file: GridFile, options: GridExtractOptions): Promise<Result<GridOutcome>> {
  const { templates, context, limits } = options;
  const match = await matchOnPreviews(file, templates);
  if (!match.ok) return match;
  const { template, sheetIndexes } = match.value;
  const isMultiSheet = file.sheetNames.length > 1;
  const wantsGrid = options.keepGrid === true || options.onGridRows !== undefined;
  const kept: GridSheet[] = [];
  const rows: CanonicalRow[] = [];
  const skippedLines: SkippedLine[] = [];
  const book = createAccountStatementBook();
  let rowCount = 0;
  let gridRows = 0;
  for (let index = 0; index < file.sheetNames.length; index++) {
    const isMatched = sheetIndexes.includes(index);
    if (!isMatched && !wantsGrid) continue;
    const name = file.sheetNames[index] ?? '';
    const extractor = isMatched
      ? createExtractor(template, context, isMultiSheet ? name : undefined, book)
      : undefined;
    if (extractor && !extractor.ok) return extractor;
    const sheet: GridSheet = { name, rows: [] };
    if (options.keepGrid) kept.push(sheet);
    let isOverLimit = false;
    const read = await file.readSheet(index, async (batch) => {
      gridRows += batch.length;
      if (gridRows > limits.maxRows) {
        isOverLimit = true;
        return 'stop';
      }
      if (options.keepGrid) for (const row of batch) sheet.rows.push(row);
      await options.onGridRows?.(batch, name);
      if (!extractor) return undefined;
      const out = extractor.value.push(batch);
      if (out.length === 0) return undefined;
      if (options.onRows) await options.onRows(out);
      else for (const row of out) rows.push(row);
      return undefined;
    });
    if (!read.ok) return read;
    if (isOverLimit) return fail(refuseRows(limits.maxRows, 'The file'));
    if (!extractor) continue;
    const finished = extractor.value.finish();
    if (!finished.ok) return finished;
    rowCount += finished.value.rowCount;
    for (const line of finished.value.skippedLines ?? []) skippedLines.push(line);
  }
  return ok({
    template,
    rows,
    rowCount,
    fingerprint: match.value.fingerprint,
    skippedLines,
    accountStatements: book.list(),
    ...(options.keepGrid ? { grid: { sheets: kept, source: file.source } } : {}),
  });
}
