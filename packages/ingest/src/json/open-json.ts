import { isUtf8 } from 'node:buffer';
import type { ExtractionError } from '../core/extraction-error.js';
import { createRowBatcher, refuseRows, type GridFile } from '../core/grid-file.js';
import type { Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { createJsonScanner, JsonSyntaxError, JsonTooLong, locate, type JsonScanner } from './scan-json.js';

/** Excel's column count: a file with more distinct keys cannot be a statement's columns. */
const MAX_KEYS = 16_384;

const malformed = (message: string): ExtractionError => ({ kind: 'malformed', format: 'json', message });
const NOT_RECORDS = malformed('The JSON must be an array of objects (or an object holding one such array).');

/** An array-index key, which JavaScript orders before the others. */
function isIndexKey(key: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4_294_967_295;
}

/** Reads one record object's members, in order, as [key, cell] pairs (a repeated key keeps its place). */
function readRecord(scanner: JsonScanner, depth: number): Map<string, string> {
  const members = new Map<string, string>();
  scanner.expect(0x7b, "'{'");
  if (scanner.peek() === 0x7d) {
    scanner.position++;
    return members;
  }
  for (;;) {
    if (scanner.peek() !== 0x22) throw new JsonSyntaxError(scanner.position, 'a key in quotes');
    const key = scanner.readString();
    scanner.expect(0x3a, "':' after the key");
    members.set(key, scanner.readCell(depth + 1));
    const next = scanner.peek();
    scanner.position++;
    if (next === 0x7d) return members;
    if (next !== 0x2c) throw new JsonSyntaxError(scanner.position - 1, "',' or '}'");
  }
}

interface Layout {
  /** Where the array of records opens. */
  arrayStart: number;
  count: number;
  keys: string[];
}

/** An array's elements: how many, whether all are objects, and the objects' keys in order. */
interface ArrayScan extends Layout {
  notObject: number | undefined;
}

/** A record's keys in JavaScript's own order (Object.keys): array indexes ascending, then the rest. */
function orderKeys(keys: string[]): string[] {
  const indexes = [...new Set(keys.filter(isIndexKey))].sort((a, b) => Number(a) - Number(b));
  for (const key of new Set(keys)) if (!isIndexKey(key)) indexes.push(key);
  return indexes;
}

function scanArray(scanner: JsonScanner): ArrayScan {
  const arrayStart = scanner.position;
  const seen = new Set<string>();
  const keys: string[] = [];
  let count = 0;
  let notObject: number | undefined;
  scanner.position++;
  if (scanner.peek() === 0x5d) scanner.position++;
  else {
    for (;;) {
      count++;
      if (scanner.peek() === 0x7b) {
        for (const key of orderKeys(readKeys(scanner))) {
          if (seen.has(key)) continue;
          seen.add(key);
          keys.push(key);
          if (keys.length > MAX_KEYS) throw new TooManyKeys();
        }
      } else {
        notObject ??= count;
        scanner.skipValue(1);
      }
      const next = scanner.peek();
      scanner.position++;
      if (next === 0x5d) break;
      if (next !== 0x2c) throw new JsonSyntaxError(scanner.position - 1, "',' or ']'");
    }
  }
  return { arrayStart, count, keys, notObject };
}

class TooManyKeys extends Error {}

/** Pass one: the whole document's syntax, where its array of records is, how many, and their keys. */
function findLayout(scanner: JsonScanner): Layout | ExtractionError {
  const top = scanner.peek();
  let records: ArrayScan | undefined;
  if (top === 0x5b) records = scanArray(scanner);
  else if (top === 0x7b) {
    // An object wrapping exactly one array ({"transactions": [...]}) holds the records.
    const arrays = new Map<string, ArrayScan>();
    scanner.position++;
    if (scanner.peek() === 0x7d) scanner.position++;
    else {
      for (;;) {
        if (scanner.peek() !== 0x22) throw new JsonSyntaxError(scanner.position, 'a key in quotes');
        const key = scanner.readString();
        scanner.expect(0x3a, "':' after the key");
        arrays.delete(key);
        if (scanner.peek() === 0x5b) arrays.set(key, scanArray(scanner));
        else scanner.skipValue(1);
        const next = scanner.peek();
        scanner.position++;
        if (next === 0x7d) break;
        if (next !== 0x2c) throw new JsonSyntaxError(scanner.position - 1, "',' or '}'");
      }
    }
    if (arrays.size === 1) records = [...arrays.values()][0];
  } else {
    throw new JsonSyntaxError(scanner.position, "'[' or '{'");
  }
  if (scanner.peek() !== -1) throw new JsonSyntaxError(scanner.position, 'the end of the file');
  if (!records) return NOT_RECORDS;
  if (records.notObject !== undefined) {
    return malformed(`Record ${records.notObject} of the JSON array is not an object.`);
  }
  return records;
}

/** A record's keys only, its values checked and skipped. */
function readKeys(scanner: JsonScanner): string[] {
  const keys: string[] = [];
  scanner.position++;
  if (scanner.peek() === 0x7d) {
    scanner.position++;
    return keys;
  }
  for (;;) {
    if (scanner.peek() !== 0x22) throw new JsonSyntaxError(scanner.position, 'a key in quotes');
    keys.push(scanner.readString());
    scanner.expect(0x3a, "':' after the key");
    scanner.skipValue(2);
    const next = scanner.peek();
    scanner.position++;
    if (next === 0x7d) return keys;
    if (next !== 0x2c) throw new JsonSyntaxError(scanner.position - 1, "',' or '}'");
  }
}

/**
 * Opens a JSON array of objects as a one-sheet grid: the header row is every key in order of first
 * appearance (JavaScript's order: array-index keys first), then one row per object. Two passes over
 * the bytes: the first checks the whole file and finds the keys, so a cut or broken file is refused
 * before any row is handed on; the second hands on rows in batches.
 */
export function openJson(bytes: Uint8Array, limits: Limits): Result<GridFile> {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const scanner = createJsonScanner(bytes, {
    isUtf8: isUtf8(bytes),
    maxDepth: limits.maxNestingDepth,
    maxCellLength: limits.maxCellLength,
  });
  scanner.position = hasBom ? 3 : 0;
  const toError = (cause: unknown): ExtractionError => {
    if (cause instanceof JsonSyntaxError) {
      const { line, column } = locate(bytes, cause.position);
      return malformed(
        `The JSON is not valid at line ${line}, column ${column}: expected ${cause.expected}.`,
      );
    }
    if (cause instanceof TooManyKeys) {
      return malformed(`The JSON records have more than ${MAX_KEYS.toLocaleString('en-US')} different keys.`);
    }
    if (cause instanceof JsonTooLong) {
      return {
        kind: 'limit-exceeded',
        limit: 'cellLength',
        maximum: limits.maxCellLength,
        message: `A value in the JSON is longer than ${limits.maxCellLength} characters.`,
      };
    }
    throw cause;
  };
  let layout: Layout | ExtractionError;
  try {
    if (scanner.peek() === -1) return fail({ kind: 'empty-file', message: 'The file is empty.' });
    layout = findLayout(scanner);
  } catch (cause) {
    return fail(toError(cause));
  }
  if ('kind' in layout) return fail(layout);
  const { arrayStart, count, keys } = layout;
  if (count === 0) return fail({ kind: 'empty-file', message: 'The JSON array is empty.' });
  if (count + 1 > limits.maxRows) return fail(refuseRows(limits.maxRows, 'The JSON'));

  return ok({
    source: { format: 'json' },
    sheetNames: ['Sheet1'],
    async readSheet(index, onRows) {
      if (index !== 0) return ok(undefined);
      const batcher = createRowBatcher(onRows);
      batcher.add({ rowNumber: 1, cells: keys.slice() });
      scanner.position = arrayStart + 1;
      try {
        for (let n = 0; n < count; n++) {
          if (n > 0) scanner.expect(0x2c, "','");
          const record = readRecord(scanner, 1);
          const full = batcher.add({ rowNumber: n + 2, cells: keys.map((k) => record.get(k) ?? '') });
          if (full && (await batcher.flush())) return ok(undefined);
        }
      } catch (cause) {
        return fail(toError(cause));
      }
      await batcher.flush();
      return ok(undefined);
    },
  });
}
