import type { ExtractionError } from '../core/extraction-error.js';
import { isBlankRow, type GridRow } from '../core/grid.js';
import type { Limits } from '../core/limits.js';
import { parseDelimited } from './parse-delimited.js';

/** The decoded text not yet split into rows, and what the decoder said about the file. */
export interface CsvText {
  pending: string;
  /** The decoded text stops before a byte that is not valid in the file's encoding. */
  isInvalid: boolean;
  /** That byte begins a character the end of the file cuts in two. */
  isCutShort?: boolean;
  /** The file has been read to its end. */
  isFinal: boolean;
}

export interface CsvBatchOptions {
  delimiter: string;
  limits: Limits;
  /** Stops the batches: the stream's `error`. */
  onError: (error: ExtractionError) => void;
}

/**
 * Rows per batch: small enough that a batch and the canonical rows made from it are garbage
 * before the next young-generation GC, so they are never copied into the old generation.
 */
const BATCH_ROWS = 1024;

/**
 * Splits the text into batches of rows numbered from 1, calling `readMore` for the next chunk's
 * text. Every refusal names the row it is about: the row a field too long starts in, the row a
 * quoted field left open at the end of the file starts in, the row whose bytes are not UTF-8.
 */
export async function* splitCsvBatches(
  text: CsvText,
  readMore: () => Promise<boolean>,
  options: CsvBatchOptions,
): AsyncGenerator<GridRow[]> {
  const { delimiter, limits, onError } = options;
  let rowNumber = 0;
  /** Cells of the last row handed on that is not blank. */
  let lastWidth = 0;
  for (;;) {
    let start = 0;
    for (;;) {
      const parsed = parseDelimited(text.pending, delimiter, text.isFinal, limits.maxCellLength, {
        start,
        maxRecords: BATCH_ROWS,
      });
      const { records } = parsed;
      if (parsed.oversizedCell) {
        onError({
          kind: 'limit-exceeded',
          limit: 'cellLength',
          maximum: limits.maxCellLength,
          message: `Row ${rowNumber + records.length + 1} has a field longer than ${limits.maxCellLength} characters (an unclosed quote?).`,
        });
        return;
      }
      start = parsed.consumed;
      if (records.length === 0) break;
      if (rowNumber + records.length > limits.maxRows) {
        onError({
          kind: 'limit-exceeded',
          limit: 'rows',
          maximum: limits.maxRows,
          message: `The file has more than ${limits.maxRows} rows.`,
        });
        return;
      }
      const isCut = !parsed.unclosedQuote && isLastRowCut(text, parsed.consumed, records, lastWidth);
      // A quoted field open at the end of the file, or a short last row: it is cut, not handed on.
      const count = parsed.unclosedQuote || isCut ? records.length - 1 : records.length;
      const batch: GridRow[] = new Array<GridRow>(count);
      for (let i = 0; i < count; i++) batch[i] = { rowNumber: ++rowNumber, cells: records[i] as string[] };
      lastWidth = widthOfLastRow(records, count, lastWidth);
      if (count > 0) yield batch;
      if (isCut) {
        const cells = records[records.length - 1]?.length ?? 0;
        onError({
          kind: 'malformed',
          format: 'csv',
          message: `Row ${rowNumber + 1} has ${cells} of the ${lastWidth} cells of the rows above, and the file ends inside it, without a line break: the file is cut short.`,
        });
        return;
      }
      if (parsed.unclosedQuote) {
        onError({
          kind: 'malformed',
          format: 'csv',
          message: `Row ${rowNumber + 1} opens a quoted field that the file ends inside: the file is cut short, or a closing quote is missing.`,
        });
        return;
      }
      if (records.length < BATCH_ROWS) break;
    }
    text.pending = start === 0 ? text.pending : text.pending.slice(start);
    if (text.isInvalid) {
      onError({
        kind: 'encoding',
        message: text.isCutShort
          ? `Row ${rowNumber + 1} ends inside a character: the file is cut short.`
          : `Row ${rowNumber + 1} is not valid UTF-8 text, though the rows before it are (mixed encodings?).`,
      });
      return;
    }
    if (text.isFinal || !(await readMore())) return;
  }
}

/**
 * The file's last row ends without a line break and has fewer cells than the row above it: a
 * file cut inside a row. (RFC 4180 lets a last line go without a line break, so a cut in the last
 * field of a row cannot be seen; nor a footer without one and with fewer cells, which is refused.)
 */
function isLastRowCut(text: CsvText, consumed: number, records: string[][], lastWidth: number): boolean {
  const { pending } = text;
  if (!text.isFinal || consumed !== pending.length || records.length === 0) return false;
  const end = pending.charCodeAt(pending.length - 1);
  if (end === 10 || end === 13) return false;
  const last = records[records.length - 1] as string[];
  return last.length < widthOfLastRow(records, records.length - 1, lastWidth) && !isBlankRow(last);
}

/** Cells of the last of the first `count` records that is not blank; `before` when none is. */
function widthOfLastRow(records: string[][], count: number, before: number): number {
  for (let i = count - 1; i >= 0; i--) {
    const cells = records[i] as string[];
    if (!isBlankRow(cells)) return cells.length;
  }
  return before;
}
