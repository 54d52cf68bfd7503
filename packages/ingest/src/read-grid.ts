import type { ByteSource } from './core/byte-source.js';
import type { Grid } from './core/grid.js';
import type { Limits } from './core/limits.js';
import { fail, type Result } from './core/result.js';
import type { FileFormat } from './formats/detect-format.js';
import { readJson } from './json/read-json.js';
import { readPdf } from './pdf/read-pdf.js';
import { readCsv } from './text/read-csv.js';
import { readXls } from './xls/read-xls.js';
import { readXlsx } from './xlsx/read-xlsx.js';

export type GridFormat = Extract<FileFormat, 'csv' | 'xlsx' | 'xls' | 'pdf' | 'json'>;

export function isGridFormat(format: FileFormat): format is GridFormat {
  return format === 'csv' || format === 'xlsx' || format === 'xls' || format === 'pdf' || format === 'json';
}

/** Reads a non-bank-format file into the canonical grid (ingestion.md step 1). */
export async function readGrid(
  source: ByteSource,
  format: GridFormat,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  try {
    switch (format) {
      case 'csv':
        return await readCsv(source, options);
      case 'xlsx':
        return await readXlsx(source, options);
      case 'xls':
        return await readXls(source, options);
      case 'pdf':
        return await readPdf(source, options);
      case 'json':
        return await readJson(source, options);
    }
  } catch (cause) {
    // Readers return typed errors; this guard keeps a library bug from crashing the job.
    return fail({
      kind: 'malformed',
      format,
      message: `The ${format} file could not be read: ${String(cause)}`,
    });
  }
}
