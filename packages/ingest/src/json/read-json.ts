import type { ByteSource } from '../core/byte-source.js';
import { readSizedBytes } from '../core/read-sized-bytes.js';
import { collectGrid } from '../core/grid-file.js';
import type { Grid } from '../core/grid.js';
import { heldFileLimit, resolveLimits, type Limits } from '../core/limits.js';
import { guardReader } from '../core/guard-reader.js';
import type { Result } from '../core/result.js';
import { openJson } from './open-json.js';

/**
 * Reads a JSON array of objects into a grid: the header row is every key in order of first
 * appearance. An object wrapping exactly one such array ({"transactions": [...]}) is accepted.
 * Extraction streams the rows instead (openJson).
 */
export async function readJson(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  return guardReader('json', async () => {
    const limits = resolveLimits(options.limits);
    const bytes = await readSizedBytes(source, heldFileLimit(limits));
    if (!bytes.ok) return bytes;
    const file = openJson(bytes.value, limits);
    return file.ok ? collectGrid(file.value, limits) : file;
  });
}
