import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';
import type { Grid, GridRow } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';
import { compileTransactionTemplate } from './compile-transaction-template.js';
import { createRowExtractor, type RowExtractor } from './create-row-extractor.js';
import { withPdfTableRules, type SkippedLine } from './pdf-table-lines.js';
import { createTransactionRowReader } from './read-transaction-row.js';
import type { TemplateContext, TransactionRow } from './template-context.js';

export interface ApplyOptions {
  /** Sheets to read (from matchTemplate); all sheets with data by default. */
  sheetIndexes?: readonly number[];
  /** PDF lines the table rules skipped (titles, running headers, summary lines), never silently. */
  onSkippedLines?: (lines: SkippedLine[]) => void;
}

/** A streaming Transaction template: push row batches, take the rows out, then call finish(). */
export function createTransactionExtractor(
  template: TransactionTemplateInput,
  context: TemplateContext,
  sheet?: string,
): Result<RowExtractor<TransactionRow>> {
  const plan = compileTransactionTemplate(template);
  if (!plan.ok) return plan;
  const { amount } = plan.value;
  const extractor = createRowExtractor({
    headerStart: plan.value.headerStart,
    footerRows: plan.value.footerRows,
    account: plan.value.account,
    context,
    ...(sheet === undefined ? {} : { sheet }),
    readRow: createTransactionRowReader(plan.value, context),
  });
  const pdfColumns = {
    headerStart: plan.value.headerStart,
    footerRows: plan.value.footerRows,
    date: plan.value.date,
    description: plan.value.description,
    amounts: amount.kind === 'credit-debit' ? [amount.credit, amount.debit] : [amount.column],
    decimalComma: context.decimalComma === true,
  };
  return ok(withPdfTableRules(extractor, pdfColumns, sheet));
}

/**
 * Applies a Transaction template to a grid (ingestion.md step 4). All or nothing: any unreadable
 * row fails the file with up to 20 row errors and no rows.
 */
export function applyTransactionTemplate(
  grid: Grid,
  template: TransactionTemplateInput,
  context: TemplateContext = {},
  options: ApplyOptions = {},
): Result<TransactionRow[]> {
  return applyPerSheet(grid, options, (sheet) => createTransactionExtractor(template, context, sheet));
}

export function applyPerSheet<T>(
  grid: Grid,
  options: ApplyOptions,
  create: (sheet: string | undefined) => Result<RowExtractor<T>>,
): Result<T[]> {
  const indexes =
    options.sheetIndexes ??
    grid.sheets.flatMap((s, i) =>
      s.rows.some((r: GridRow) => r.cells.some((c) => c.trim() !== '')) ? [i] : [],
    );
  const rows: T[] = [];
  for (const index of indexes) {
    const sheet = grid.sheets[index];
    if (!sheet) continue;
    const extractor = create(grid.sheets.length > 1 ? sheet.name : undefined);
    if (!extractor.ok) return extractor;
    const out = extractor.value.push(sheet.rows);
    const finished = extractor.value.finish();
    if (!finished.ok) return fail(finished.error);
    if (finished.value.skippedLines?.length) options.onSkippedLines?.(finished.value.skippedLines);
    for (const row of out) rows.push(row);
  }
  return ok(rows);
}
