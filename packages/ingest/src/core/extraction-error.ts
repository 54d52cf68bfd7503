/** A row that could not be read: enough to show the user the exact cell and why. */
export interface RowError {
  /** 1-based row number as in the saved .xlsx (and the source file for CSV). */
  rowNumber: number;
  /** 0-based column, null when the problem is the row as a whole. */
  column: number | null;
  /** Template field the column was read for, such as 'date' or 'amount'. */
  field?: string;
  raw: string;
  reason: string;
  sheet?: string;
}

export type LimitName =
  | 'fileSize'
  | 'rows'
  | 'xlsxUncompressedSize'
  | 'xlsxEntries'
  | 'pdfPages'
  | 'pdfTime'
  /** A compressed PDF stream, or all of them, unpacked (check-pdf-streams.ts). */
  | 'pdfUnpackedSize'
  | 'cellLength'
  | 'nestingDepth'
  /** Attributes of one XML element (stream-xml.ts). */
  | 'attributes'
  /** The worker's heap (run-in-worker.ts). */
  | 'memory'
  /** The worker's wall-clock time (run-in-worker.ts). */
  | 'time';

/** The typed failures of extraction; `message` is what the Extraction Progress dialog shows. */
export type ExtractionError =
  | { kind: 'empty-file'; message: string }
  | { kind: 'unknown-format'; message: string; fileName: string }
  | {
      kind: 'no-template-matched';
      message: string;
      /** 0-based index of the row that looks like the header, -1 when none does. */
      headerRowIndex: number;
      /** Header row cells joined by commas: what Create Header Row Template starts from. */
      headerRow: string;
      /** First non-empty cell: what Create First Cell Template starts from. */
      firstCell: string;
    }
  | { kind: 'rows-unreadable'; message: string; rowErrors: RowError[]; totalRowErrors: number }
  | { kind: 'limit-exceeded'; message: string; limit: LimitName; maximum: number }
  | { kind: 'malformed'; message: string; format: string; line?: number }
  | { kind: 'pdf-without-text'; message: string }
  | { kind: 'encoding'; message: string }
  | { kind: 'invalid-template'; message: string; issues: { path: string; message: string }[] }
  | { kind: 'unsupported'; message: string };

/** Row errors listed in a failure: the spec wants the first bad rows, not thousands. */
export const MAX_LISTED_ROW_ERRORS = 20;

export function describeRowErrors(rowErrors: RowError[], total: number): string {
  const first = rowErrors
    .slice(0, 3)
    .map((e) => `row ${e.rowNumber}${e.column === null ? '' : ` column ${e.column}`}: ${e.reason}`)
    .join('; ');
  const more = total > 3 ? ` (and ${total - 3} more)` : '';
  return `${total} row${total === 1 ? '' : 's'} could not be read: ${first}${more}`;
}
