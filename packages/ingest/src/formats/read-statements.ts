import { fail, type Result } from '../core/result.js';
import { decodeEightBitText } from '../text/decode-cp852.js';
import type { FileFormat } from './detect-format.js';
import { parseBai2, type Bai2Options } from './parse-bai2.js';
import { parseCamt, type CamtOptions } from './parse-camt.js';
import { parseMt940 } from './parse-mt940.js';
import { parseOfx } from './parse-ofx.js';
import type { Statement } from './statement.js';

export type StatementFileFormat = Extract<FileFormat, 'bai2' | 'camt' | 'ofx' | 'mt940'>;

export function isStatementFormat(format: FileFormat): format is StatementFileFormat {
  return format === 'bai2' || format === 'camt' || format === 'ofx' || format === 'mt940';
}

export type StatementOptions = Bai2Options & CamtOptions;

/** Reads a bank format natively into canonical statements (ingestion.md step 2). */
export function readStatements(
  bytes: Uint8Array,
  format: StatementFileFormat,
  options: StatementOptions = {},
): Result<Statement[]> {
  try {
    switch (format) {
      case 'bai2':
        return parseBai2(decodeEightBitText(bytes), options);
      case 'camt':
        return parseCamt(bytes, options);
      case 'ofx':
        return parseOfx(bytes);
      case 'mt940':
        return parseMt940(bytes);
    }
  } catch (cause) {
    // The parsers return typed errors; this is the last guard so a job never crashes on a file.
    return fail({
      kind: 'malformed',
      format,
      message: `The ${format} file could not be read: ${String(cause)}`,
    });
  }
}
