import type { ByteSource } from './core/byte-source.js';
import { collectGrid, type GridFile } from './core/grid-file.js';
import type { Grid } from './core/grid.js';
import { heldFileLimit, resolveLimits, type Limits } from './core/limits.js';
import { guardReader } from './core/guard-reader.js';
import { fail, type Result } from './core/result.js';
import { readSizedBytes } from './core/read-sized-bytes.js';
import type { FileFormat } from './formats/detect-format.js';
import { openJson } from './json/open-json.js';
import { readCsv } from './text/read-csv.js';

export type GridFormat = Extract<FileFormat, 'csv' | 'xlsx' | 'xls' | 'pdf' | 'json'>;

export function isGridFormat(format: FileFormat): format is GridFormat {
  return format === 'csv' || format === 'xlsx' || format === 'xls' || format === 'pdf' || format === 'json';
}

/**
 * Opens a workbook, PDF or JSON file for reading sheet by sheet in batches (core/grid-file.ts).
 * These formats need the whole file (a zip's directory is at its end, JSON is read in two passes),
 * so the bytes are held; the grid never is. `isOwned`: nobody else uses the bytes (they were
 * collected from a stream), so a PDF's may be moved to pdf.js's thread rather than copied.
 */
export async function openGridFile(
  bytes: Uint8Array,
  format: Exclude<GridFormat, 'csv'>,
  limits: Limits,
  options: { isOwned?: boolean } = {},
): Promise<Result<GridFile>> {
  return guardReader(format, () => openFormat(bytes, format, limits, options));
}

async function openFormat(
  bytes: Uint8Array,
  format: Exclude<GridFormat, 'csv'>,
  limits: Limits,
  options: { isOwned?: boolean },
): Promise<Result<GridFile>> {
  switch (format) {
    // pdf.js and the workbook readers load on first use: a job reading CSV never pays their memory.
    case 'xlsx':
      return (await import('./xlsx/open-xlsx.js')).openXlsx(bytes, limits);
    case 'xls':
      return (await import('./xls/open-xls.js')).openXls(bytes, limits);
    case 'pdf':
      return (await import('./pdf/read-pdf.js')).openPdf(bytes, limits, {
        mayTransfer: options.isOwned === true,
      });
    case 'json':
      return openJson(bytes, limits);
    default:
      return fail({
        kind: 'unsupported',
        message: 'The file was not read: its format is not a grid format.',
      });
  }
}

/** Reads a non-bank-format file into the canonical grid (ingestion.md step 1). Never throws. */
export async function readGrid(
  source: ByteSource,
  format: GridFormat,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  return guardReader(format, async () => {
    if (format === 'csv') return readCsv(source, options);
    const limits = resolveLimits(options.limits);
    const bytes = await readSizedBytes(source, heldFileLimit(limits));
    if (!bytes.ok) return bytes;
    const file = await openGridFile(bytes.value, format, limits, { isOwned: bytes.value !== source });
    return file.ok ? collectGrid(file.value, limits) : file;
  });
}
