import type { ByteSource } from '../core/byte-source.js';
import { readSizedBytes } from '../core/read-sized-bytes.js';
import { collectGrid } from '../core/grid-file.js';
import type { Grid } from '../core/grid.js';
import { heldFileLimit, resolveLimits, type Limits } from '../core/limits.js';
import { guardReader } from '../core/guard-reader.js';
import type { Result } from '../core/result.js';
import { openXlsx } from './open-xlsx.js';

/**
 * Reads every sheet of an .xlsx in order into the grid. Empty rows are kept so row numbers match
 * the workbook; trailing empty cells are dropped. Extraction streams the sheets instead
 * (openXlsx); this whole grid is for previews and small files.
 */
export async function readXlsx(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  return guardReader('xlsx', async () => {
    const limits = resolveLimits(options.limits);
    const bytes = await readSizedBytes(source, heldFileLimit(limits));
    if (!bytes.ok) return bytes;
    const file = await openXlsx(bytes.value, limits);
    return file.ok ? collectGrid(file.value, limits) : file;
  });
}
