import { decodeWindows1252 } from '../text/decode-text.js';

// A JSON scanner over the file's bytes, so a file of any size is read without becoming one string
// (V8 strings end near 512 MB) or one object tree. Structural characters are ASCII in UTF-8 and
// Windows-1252 alike; only the text of a string or number is decoded, and only when it is used.

/** Thrown by the scanner at the first thing that is not JSON; the reader answers it as malformed. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly position: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

/** Thrown when a string or nested value is longer than the cell limit allows. */
export class JsonTooLong extends Error {}

export interface JsonScanner {
  readonly bytes: Uint8Array;
  position: number;
  skipSpace(): void;
  /** The next non-space byte, without moving past it (-1 at the end). */
  peek(): number;
  expect(byte: number, what: string): void;
  /** A string token's text (the scanner stands on its opening quote). */
  readString(): string;
  /** Moves past any value, checking its syntax; answers where it started. */
  skipValue(depth: number): number;
  /** A value as a grid cell: strings as they are, numbers and literals as JavaScript prints them. */
  readCell(depth: number): string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** What may follow a backslash: " \ / b f n r t (and u with four hex digits). */
const ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const isHexDigit = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);

export function createJsonScanner(
  bytes: Uint8Array,
  options: { isUtf8: boolean; maxDepth: number; maxCellLength: number },
): JsonScanner {
  const utf8 = new TextDecoder('utf-8');
  const decode = (from: number, to: number) =>
    options.isUtf8 ? utf8.decode(bytes.subarray(from, to)) : decodeWindows1252(bytes.subarray(from, to));
  const fail = (position: number, expected: string): never => {
    throw new JsonSyntaxError(position, expected);
  };

  const scanner: JsonScanner = {
    bytes,
    position: 0,
    skipSpace() {
      let p = scanner.position;
      for (let b = bytes[p]; b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09; b = bytes[++p]);
      scanner.position = p;
    },
    peek() {
      scanner.skipSpace();
      return bytes[scanner.position] ?? -1;
    },
    expect(byte, what) {
      if (scanner.peek() !== byte) fail(scanner.position, what);
      scanner.position++;
    },
    readString() {
      const start = scanner.position;
      const end = findStringEnd(start);
      scanner.position = end + 1;
      if (end - start - 1 > options.maxCellLength) throw new JsonTooLong();
      const raw = decode(start + 1, end);
      // Escapes were checked by findStringEnd, so JSON.parse only turns them into characters.
      return bytes.subarray(start + 1, end).indexOf(BACKSLASH) < 0 ? raw : (JSON.parse(`"${raw}"`) as string);
    },
    skipValue(depth) {
      const start = scanner.peek() < 0 ? fail(scanner.position, 'a value') : scanner.position;
      const b = bytes[start];
      if (b === QUOTE) scanner.position = findStringEnd(start) + 1;
      else if (b === 0x7b || b === 0x5b) skipContainer(depth + 1);
      else if (b === 0x74) matchWord('true');
      else if (b === 0x66) matchWord('false');
      else if (b === 0x6e) matchWord('null');
      else skipNumber();
      return start;
    },
    readCell(depth) {
      const first = scanner.peek();
      if (first === QUOTE) return scanner.readString();
      const start = scanner.skipValue(depth);
      if (scanner.position - start > options.maxCellLength) throw new JsonTooLong();
      const text = decode(start, scanner.position);
      if (first === 0x6e) return '';
      if (first === 0x74 || first === 0x66) return text;
      // Nested objects and arrays as compact JSON, numbers as JavaScript prints them ("1.50" is 1.5).
      return first === 0x7b || first === 0x5b ? JSON.stringify(JSON.parse(text)) : String(Number(text));
    },
  };

  /** The closing quote of the string opening at `start`, checking its characters and escapes. */
  function findStringEnd(start: number): number {
    for (let p = start + 1; ;) {
      const quote = bytes.indexOf(QUOTE, p);
      if (quote < 0) return fail(bytes.length, 'the end of a string');
      let i = p;
      while (i < quote) {
        const b = bytes[i] ?? 0;
        if (b < 0x20) fail(i, 'no control character inside a string');
        if (b !== BACKSLASH) {
          i++;
          continue;
        }
        const escaped = bytes[i + 1] ?? 0;
        if (escaped === 0x75) {
          for (let h = i + 2; h < i + 6; h++) if (!isHexDigit(bytes[h] ?? 0)) fail(i, 'a valid \\u escape');
          i += 6;
        } else if (ESCAPES.has(escaped)) i += 2;
        else fail(i, 'a valid escape in this string');
      }
      // A quote passed over by an escape (\") does not end the string.
      if (i === quote) return quote;
      p = i;
    }
  }

  function matchWord(word: string) {
    for (let i = 0; i < word.length; i++) {
      if (bytes[scanner.position + i] !== word.charCodeAt(i)) fail(scanner.position, 'a value');
    }
    scanner.position += word.length;
  }

  function skipNumber() {
    let p = scanner.position;
    const digits = () => {
      const from = p;
      while ((bytes[p] ?? 0) >= 0x30 && (bytes[p] ?? 0) <= 0x39) p++;
      if (p === from) fail(p, 'a value');
    };
    if (bytes[p] === 0x2d) p++;
    if (bytes[p] === 0x30) p++;
    else digits();
    if (bytes[p] === 0x2e) {
      p++;
      digits();
    }
    if (bytes[p] === 0x65 || bytes[p] === 0x45) {
      p++;
      if (bytes[p] === 0x2b || bytes[p] === 0x2d) p++;
      digits();
    }
    scanner.position = p;
  }

  function skipContainer(depth: number) {
    if (depth > options.maxDepth) fail(scanner.position, `values nested at most ${options.maxDepth} deep`);
    const isObject = bytes[scanner.position] === 0x7b;
    const close = isObject ? 0x7d : 0x5d;
    scanner.position++;
    if (scanner.peek() === close) {
      scanner.position++;
      return;
    }
    for (;;) {
      if (isObject) {
        if (scanner.peek() !== QUOTE) fail(scanner.position, 'a key in quotes');
        scanner.position = findStringEnd(scanner.position) + 1;
        scanner.expect(0x3a, "':' after the key");
      }
      scanner.skipValue(depth);
      const next = scanner.peek();
      scanner.position++;
      if (next === close) return;
      if (next !== 0x2c) fail(scanner.position - 1, isObject ? "',' or '}'" : "',' or ']'");
    }
  }

  return scanner;
}

/** Line and column (1-based) of a byte position, for the message. */
export function locate(bytes: Uint8Array, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0 && at < position; at = bytes.indexOf(0x0a, at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: position - lineStart + 1 };
}
