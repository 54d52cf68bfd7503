import type { ByteSource } from './core/byte-source.js';
import type { Grid } from './core/grid.js';
import type { Limits } from './core/limits.js';
import { fail, type Result } from './core/result.js';
import type { FileFormat } from './formats/detect-format.js';
import { readJson } from './json/read-json.js';
import { readCsv } from './text/read-csv.js';

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
      // pdf.js and exceljs load on first use: a job reading CSV never pays their memory.
      case 'xlsx':
        return await (await import('./xlsx/read-xlsx.js')).readXlsx(source, options);
      case 'xls':
        return await (await import('./xls/read-xls.js')).readXls(source, options);
      case 'pdf':
        return await (await import('./pdf/read-pdf.js')).readPdf(source, options);
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
