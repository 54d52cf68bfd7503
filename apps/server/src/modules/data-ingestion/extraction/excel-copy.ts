import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Grid, GridRow } from '@tideline/ingest/core/grid';
import { createXlsxWriter } from '@tideline/ingest/xlsx/create-xlsx-writer';
import type { FileOnDisk } from '../../../platform/storage/storage';

// ingestion.md step 1: the file's grid saved as an .xlsx next to the source (hasExcel), written in the
// extraction's own pass from the rows the worker hands on, never from a held grid. The .xlsx goes to a
// temporary file, not memory: a million-row copy is about 95 MB (issue 16, worker peak RSS).

const TEMP_PREFIX = 'tideline-excel-';

/**
 * Removes the .xlsx copies of extractions that ended without their cleanup (a killed worker): a
 * folder older than the longest an extraction may take belongs to no running job. Answers how many.
 */
export async function sweepExcelCopies(olderThanMs: number, now = Date.now()): Promise<number> {
  const tmp = os.tmpdir();
  let removed = 0;
  for (const name of await readdir(tmp)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const dir = path.join(tmp, name);
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs < olderThanMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Rows of the first sheet kept to name the header row and first cell of an extracted file. */
const KEPT_ROWS = 200;

/** An .xlsx copy being written; call discard() in every path once the copy is stored or abandoned. */
export async function createExcelCopy() {
  const dir = await mkdtemp(path.join(os.tmpdir(), TEMP_PREFIX));
  const filePath = path.join(dir, 'copy.xlsx');
  const output = createWriteStream(filePath, { flags: 'wx' });
  // A failed write is answered by finish() (null), never thrown at the process.
  const written = finished(output).then(
    () => true,
    () => false,
  );
  const writer = createXlsxWriter(output);
  const firstRows: GridRow[] = [];
  let firstSheet: string | undefined;
  let rowCount = 0;

  function addRows(rows: readonly GridRow[], sheet: string) {
    firstSheet ??= sheet;
    if (sheet === firstSheet) for (const row of rows) if (firstRows.length < KEPT_ROWS) firstRows.push(row);
    rowCount += rows.length;
    writer.addRows(rows, sheet);
  }

  return {
    addRows,
    /** A native statement's transactions as a grid (statementsToGrid), written after the reading. */
    addGrid(grid: Grid) {
      for (const sheet of grid.sheets) addRows(sheet.rows, sheet.name);
    },
    /** The header row text (cells joined by commas) and first non-empty cell at a 0-based row. */
    describeHeader(headerRowIndex: number): { headerRow: string | null; firstCell: string | null } {
      const header = firstRows.find((r) => r.rowNumber === headerRowIndex + 1);
      const firstCell = firstRows.flatMap((r) => r.cells).find((c) => c.trim() !== '') ?? null;
      return { headerRow: header ? header.cells.join(',') : null, firstCell };
    },
    /** The finished .xlsx file, or null when there was no grid to copy (or it could not be written). */
    async finish(): Promise<FileOnDisk | null> {
      if (rowCount === 0) return null;
      const result = await writer.finish();
      if (!result.ok || !(await written)) return null;
      return { path: filePath, sizeBytes: (await stat(filePath)).size };
    },
    /** Removes the temporary file and its folder; safe to call in any state, more than once. */
    async discard(): Promise<void> {
      if (!output.closed) {
        output.destroy();
        await written;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type ExcelCopy = Awaited<ReturnType<typeof createExcelCopy>>;
