import type { ExtractionError } from './extraction-error.js';
import type { Grid, GridRow, GridSheet, GridSource } from './grid.js';
import type { Limits } from './limits.js';
import { fail, ok, type Result } from './result.js';

/** What a reader does with a batch of rows; 'stop' ends the pass early (a preview has enough). */
export type RowBatchHandler = (rows: GridRow[]) => void | 'stop' | Promise<void | 'stop'>;

/**
 * A workbook, PDF or JSON file opened for reading sheet by sheet in batches of rows: a reader holds
 * the file's bytes and the batch it is filling, never the grid (issue 15 point 1).
 */
export interface GridFile {
  source: GridSource;
  sheetNames: readonly string[];
  /** Reads one sheet from its first row; every call is a fresh pass over it. */
  readSheet(index: number, onRows: RowBatchHandler): Promise<Result<void>>;
}

// A batch is handed on when any of these is reached, so a batch of huge cells stays small too.
const BATCH_ROWS = 1024;
const BATCH_CELLS = 64 * 1024;
const BATCH_CHARS = 4 * 1024 * 1024;

export interface RowBatcher {
  /** Adds a row; answers true when the batch is full and should be flushed. */
  add(row: GridRow): boolean;
  /** Adds the empty rows first..last (a gap in a sheet's row numbers), made only when flushed. */
  addEmpty(first: number, last: number): boolean;
  /** Hands the batch on (a long gap as several batches); answers true when the handler asked to stop. */
  flush(): Promise<boolean>;
}

type Pending = GridRow | { first: number; last: number };

export function createRowBatcher(onRows: RowBatchHandler): RowBatcher {
  let pending: Pending[] = [];
  let rows = 0;
  let cells = 0;
  let chars = 0;
  const isFull = () => rows >= BATCH_ROWS || cells >= BATCH_CELLS || chars >= BATCH_CHARS;
  return {
    add(row) {
      pending.push(row);
      rows++;
      cells += row.cells.length;
      for (const cell of row.cells) chars += cell.length;
      return isFull();
    },
    addEmpty(first, last) {
      if (last < first) return isFull();
      pending.push({ first, last });
      rows += last - first + 1;
      return isFull();
    },
    async flush() {
      const items = pending;
      pending = [];
      rows = 0;
      cells = 0;
      chars = 0;
      let batch: GridRow[] = [];
      for (const item of items) {
        if ('cells' in item) {
          batch.push(item);
          continue;
        }
        for (let n = item.first; n <= item.last; n++) {
          batch.push({ rowNumber: n, cells: [] });
          if (batch.length < BATCH_ROWS) continue;
          const full = batch;
          batch = [];
          if ((await onRows(full)) === 'stop') return true;
        }
      }
      return batch.length > 0 && (await onRows(batch)) === 'stop';
    },
  };
}

export function refuseRows(maximum: number, where: string): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'rows',
    maximum,
    message: `${where} has more than ${maximum.toLocaleString('en-US')} rows.`,
  };
}

/**
 * Reads the given sheets in order through one handler, counting rows across them against
 * maxRows: the file's total, not each sheet's.
 */
export async function readSheets(
  file: GridFile,
  indexes: readonly number[],
  limits: Pick<Limits, 'maxRows'>,
  onRows: (rows: GridRow[], sheetIndex: number) => void | Promise<void>,
): Promise<Result<void>> {
  let total = 0;
  for (const index of indexes) {
    let tooMany = false;
    const read = await file.readSheet(index, async (rows) => {
      total += rows.length;
      if (total > limits.maxRows) {
        tooMany = true;
        return 'stop';
      }
      await onRows(rows, index);
      return undefined;
    });
    if (!read.ok) return read;
    if (tooMany) return fail(refuseRows(limits.maxRows, 'The file'));
  }
  return ok(undefined);
}

/** The whole grid of a file: for small files and previews; extraction streams instead. */
export async function collectGrid(file: GridFile, limits: Pick<Limits, 'maxRows'>): Promise<Result<Grid>> {
  const sheets: GridSheet[] = file.sheetNames.map((name) => ({ name, rows: [] }));
  const read = await readSheets(
    file,
    sheets.map((_, i) => i),
    limits,
    (rows, index) => {
      const target = sheets[index]?.rows;
      if (target) for (const row of rows) target.push(row);
    },
  );
  return read.ok ? ok({ sheets, source: file.source }) : read;
}
