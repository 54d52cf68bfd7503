import { isBlankRow, type GridRow } from '../core/grid.js';
import { fail, ok } from '../core/result.js';
import type { AccountStatementBook } from './create-account-statement-book.js';
import type { RowExtractor } from './create-row-extractor.js';
import type { TransactionRow } from './template-context.js';
import type { StatementTracker } from './track-account-statements.js';

export interface AccountStatementRows {
  tracker: StatementTracker;
  book: AccountStatementBook;
  headerStart: number;
  footerRows: number;
}

/**
 * Gives a Transaction extractor its account statements (issue 39 point 1): the rows above the
 * header and the sheet's footer rows (its last `footerRows` non-blank rows, which the extractor
 * drops) go to the tracker, as they may state a balance; finish() then adds the sheet's accounts
 * to the book and answers the file's account statements so far.
 */
export function withAccountStatements(
  inner: RowExtractor<TransactionRow>,
  { tracker, book, headerStart, footerRows }: AccountStatementRows,
): RowExtractor<TransactionRow> {
  /** The last footerRows non-blank rows below the header: the footer, once the sheet has ended. */
  let lastRows: GridRow[] = [];
  return {
    push(rows) {
      for (const row of rows) {
        const index = row.rowNumber - 1;
        if (index < headerStart) tracker.takeOuterRow(row);
        else if (footerRows > 0 && index > headerStart && !isBlankRow(row.cells)) {
          lastRows.push(row);
          if (lastRows.length > 2 * footerRows) lastRows = lastRows.slice(-footerRows);
        }
      }
      return inner.push(rows);
    },
    finish() {
      const finished = inner.finish();
      if (!finished.ok) return finished;
      for (const row of lastRows.slice(-footerRows)) tracker.takeOuterRow(row);
      const tracked = tracker.finish();
      if (!tracked.ok) return fail(tracked.error);
      return ok({ ...finished.value, accountStatements: book.list() });
    },
  };
}
