import type { GridFile } from '../core/grid-file.js';
import type { Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { checkZipLimits } from './check-zip-limits.js';
import { readSheetRows } from './read-sheet-rows.js';
import { readWorkbookParts } from './read-workbook-parts.js';

/**
 * Opens an .xlsx for reading sheet by sheet: the zip limits are checked from the central directory
 * before anything is unzipped, the small parts (sheet list, styles, shared strings) are read, and
 * each sheet is then unzipped and parsed as a stream when it is read, never held unpacked.
 */
export async function openXlsx(bytes: Uint8Array, limits: Limits): Promise<Result<GridFile>> {
  if (bytes.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  const entries = checkZipLimits(bytes, limits);
  if (!entries.ok) return entries;
  const parts = await readWorkbookParts(bytes, entries.value, limits);
  if (!parts.ok) return parts;
  const { sheets } = parts.value;
  return ok({
    source: { format: 'xlsx' },
    sheetNames: sheets.map((s) => s.name),
    async readSheet(index, onRows) {
      const sheet = sheets[index];
      if (!sheet) return ok(undefined);
      const error = await readSheetRows(bytes, sheet, parts.value, limits, onRows);
      return error ? fail(error) : ok(undefined);
    },
  });
}
