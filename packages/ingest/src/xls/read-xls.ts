import type { ByteSource } from '../core/byte-source.js';
import { readSizedBytes } from '../core/read-sized-bytes.js';
import { collectGrid } from '../core/grid-file.js';
import type { Grid } from '../core/grid.js';
import { heldFileLimit, resolveLimits, type Limits } from '../core/limits.js';
import { guardReader } from '../core/guard-reader.js';
import type { Result } from '../core/result.js';
import { openXls } from './open-xls.js';

/**
 * Reads every sheet of a legacy .xls (BIFF8) into the grid: shared strings, number formats (dates
 * as dates) and cell values. Extraction streams the sheets instead (openXls).
 */
export async function readXls(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  return guardReader('xls', async () => {
    const limits = resolveLimits(options.limits);
    const bytes = await readSizedBytes(source, heldFileLimit(limits));
    if (!bytes.ok) return bytes;
    const file = openXls(bytes.value, limits);
    return file.ok ? collectGrid(file.value, limits) : file;
  });
}
