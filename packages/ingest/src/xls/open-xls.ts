import type { ExtractionError } from '../core/extraction-error.js';
import type { GridFile } from '../core/grid-file.js';
import type { Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { BiffCut } from './read-biff-records.js';
import { CfbDamage, openCfbStream } from './read-cfb.js';
import { readXlsGlobals } from './read-xls-globals.js';
import { readXlsSheet, XlsDamage, XlsRefusal } from './read-xls-sheet.js';

const damaged = (what: string): ExtractionError => ({
  kind: 'malformed',
  format: 'xls',
  message: `The .xls is damaged: ${what}.`,
});

/** The reader's own refusals as typed errors; anything else is a reader bug and propagates. */
function toError(cause: unknown): ExtractionError {
  if (cause instanceof XlsRefusal) return cause.error;
  if (cause instanceof XlsDamage || cause instanceof BiffCut || cause instanceof CfbDamage) {
    return damaged(cause.message);
  }
  // The string readers stop at a record's end with a RangeError: the record was cut short.
  if (cause instanceof RangeError) return damaged('a record ends in the middle of its text');
  throw cause;
}

/**
 * Opens a legacy .xls (BIFF8) for reading sheet by sheet, without the `xlsx` package: the
 * container is read in place (read-cfb.ts), the globals once, and each sheet's records as it is
 * read. BIFF5 and encrypted workbooks are refused.
 */
export function openXls(bytes: Uint8Array, limits: Limits): Result<GridFile> {
  if (bytes.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  try {
    const opened = openCfbStream(bytes, ['Workbook', 'Book']);
    if (!opened.ok) return fail(damaged(opened.error));
    const stream = opened.value;
    if (!stream)
      return fail({ kind: 'malformed', format: 'xls', message: 'The .xls has no workbook stream.' });
    if (stream.name.toLowerCase() === 'book') {
      return fail({
        kind: 'unsupported',
        message: 'Excel 5/95 (BIFF5) workbooks are not supported; save as .xlsx.',
      });
    }
    const globals = readXlsGlobals(stream);
    if (!globals.ok) return globals;
    const { sheets } = globals.value;
    return ok({
      source: { format: 'xls' },
      sheetNames: sheets.map((s) => s.name),
      async readSheet(index, onRows) {
        const sheet = sheets[index];
        if (!sheet) return ok(undefined);
        try {
          const error = await readXlsSheet(stream, globals.value, sheet, limits.maxRows, onRows);
          return error ? fail(error) : ok(undefined);
        } catch (cause) {
          return fail(toError(cause));
        }
      },
    });
  } catch (cause) {
    return fail(toError(cause));
  }
}
