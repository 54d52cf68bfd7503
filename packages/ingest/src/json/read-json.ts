import { readAllBytes, type ByteSource } from '../core/byte-source.js';
import { createGrid, type Grid } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { decodeUtf8OrWindows1252 } from '../text/decode-text.js';

function toCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a JSON array of objects into a grid: the header row is every key in order of first
 * appearance. An object wrapping exactly one such array ({"transactions": [...]}) is accepted.
 */
export async function readJson(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  const limits = resolveLimits(options.limits);
  const bytes = await readAllBytes(source, limits.maxFileBytes);
  if (!bytes.ok) return bytes;
  let data: unknown;
  try {
    data = JSON.parse(decodeUtf8OrWindows1252(bytes.value));
  } catch (cause) {
    return fail({ kind: 'malformed', format: 'json', message: `The JSON is not valid: ${String(cause)}` });
  }
  if (isRecord(data)) {
    const arrays = Object.values(data).filter(Array.isArray);
    if (arrays.length === 1) data = arrays[0];
  }
  if (!Array.isArray(data) || !data.every(isRecord)) {
    return fail({ kind: 'malformed', format: 'json', message: 'The JSON must be an array of objects.' });
  }
  if (data.length === 0) return fail({ kind: 'empty-file', message: 'The JSON array is empty.' });
  if (data.length + 1 > limits.maxRows) {
    return fail({
      kind: 'limit-exceeded',
      limit: 'rows',
      maximum: limits.maxRows,
      message: `More than ${limits.maxRows} rows.`,
    });
  }
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const item of data) {
    for (const key of Object.keys(item)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  return ok(createGrid([keys, ...data.map((item) => keys.map((k) => toCell(item[k])))], { format: 'json' }));
}
