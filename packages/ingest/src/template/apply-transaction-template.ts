import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';
import type { Grid, GridRow } from '../core/grid.js';
import { guardCall } from '../core/guard-reader.js';
import { fail, ok, type Result } from '../core/result.js';
import { compileTransactionTemplate, type AmountPlan } from './compile-transaction-template.js';
import { createAccountStatementBook, type AccountStatementBook } from './create-account-statement-book.js';
import { createDateReader } from './create-date-reader.js';
import { createRowExtractor, guardExtractor, type RowExtractor } from './create-row-extractor.js';
import { withPdfTableRules, type SkippedLine } from './pdf-table-lines.js';
import { createTransactionRowReader, isDecimalCommaOf } from './read-transaction-row.js';
import type { TemplateContext, TransactionRow } from './template-context.js';
import { createStatementTracker } from './track-account-statements.js';
import { withAccountStatements } from './with-account-statements.js';

export interface ApplyOptions {
  /** Sheets to read (from matchTemplate); all sheets with data by default. */
  sheetIndexes?: readonly number[];
  /** PDF lines the table rules skipped (titles, running headers, summary lines), never silently. */
  onSkippedLines?: (lines: SkippedLine[]) => void;
}

/** What to ask when the balances fit with every amount's sign reversed, by how amounts are read. */
const SWAP_QUESTIONS: Record<AmountPlan['kind'], string> = {
  'credit-debit': 'Are the debit and credit columns swapped?',
  signed: 'Is the amount column signed the other way (debits positive)?',
  marked: 'Are the credit and debit marks the other way round?',
};

/**
 * A streaming Transaction template: push row batches, take the rows out, then call finish(), which
 * also gives the file's account statements. The sheets of one file share a `book`, so their rows'
 * statementIndex points into one list of accounts.
 */
export function createTransactionExtractor(
  template: TransactionTemplateInput,
  context: TemplateContext,
  sheet?: string,
  book: AccountStatementBook = createAccountStatementBook(),
): Result<RowExtractor<TransactionRow>> {
  return guardCall('Applying the template', () => {
    const created = buildTransactionExtractor(template, context, sheet, book);
    return created.ok ? ok(guardExtractor(created.value)) : created;
  });
}

function buildTransactionExtractor(
  template: TransactionTemplateInput,
  context: TemplateContext,
  sheet: string | undefined,
  book: AccountStatementBook,
): Result<RowExtractor<TransactionRow>> {
  const plan = compileTransactionTemplate(template);
  if (!plan.ok) return plan;
  const { amount, balance } = plan.value;
  const isDecimalComma = isDecimalCommaOf(plan.value, context);
  // One date reader per sheet: with Auto, the day/month order is each sheet's own.
  const dates = createDateReader(plan.value.dateFormat);
  const tracker = createStatementTracker({
    book,
    isDecimalComma,
    ...(balance === undefined
      ? {}
      : { balance: { column: balance, isDecimalComma, swapQuestion: SWAP_QUESTIONS[amount.kind] } }),
  });
  const extractor = createRowExtractor({
    headerStart: plan.value.headerStart,
    footerRows: plan.value.footerRows,
    account: plan.value.account,
    context,
    ...(sheet === undefined ? {} : { sheet }),
    readRow: createTransactionRowReader(plan.value, context, dates),
    dates,
    checkRow: tracker.check,
  });
  const { headerStart, footerRows } = plan.value;
  const tracked = withAccountStatements(extractor, { tracker, book, headerStart, footerRows });
  const pdfColumns = {
    headerStart: plan.value.headerStart,
    footerRows: plan.value.footerRows,
    date: plan.value.date,
    description: plan.value.description,
    amounts: amount.kind === 'credit-debit' ? [amount.credit, amount.debit] : [amount.column],
    decimalComma: isDecimalComma,
  };
  return ok(withPdfTableRules(tracked, pdfColumns, sheet));
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
  const book = createAccountStatementBook();
  return guardCall('Applying the template', () =>
    applyPerSheet(grid, options, (sheet) => createTransactionExtractor(template, context, sheet, book)),
  );
}

export function applyPerSheet<T>(
  grid: Grid,
  options: ApplyOptions = {},
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
