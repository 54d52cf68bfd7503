import { isByteArray, refuseSize, type ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import { fail, ok, type Result } from '../core/result.js';
import {
  createContentDecoder,
  type ContentDecoder,
  type DecodedText,
  type EightBitCharset,
} from './create-content-decoder.js';

/**
 * Bytes decoded at a time: their text stays below V8's large-object size (128 KB), so it dies
 * young; 1 MB strings would stay in the large-object space until a full collection.
 */
const SLICE_BYTES = 64 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

export interface ReadLinesOptions {
  maxFileBytes: number;
  /** Longer than this is no bank record: a binary file, or one without line breaks. */
  maxLineLength: number;
  /** How messages name the file: 'BAI2', 'MT940'. */
  label: string;
  /** 8-bit code pages the file may be in when it is not UTF-8 (create-content-decoder.ts). */
  eightBit: readonly EightBitCharset[];
  /**
   * Called after each slice's lines (64 KB): a promise holds the reading until it resolves, so a
   * reader can hand its rows on with back-pressure (transaction-outlet.ts).
   */
  afterSlice?: () => Promise<void> | undefined;
}

/**
 * Answers one line (1-based number): undefined to go on, an error to stop reading there.
 * `isUnterminated` marks the file's last line when no line break follows it: a cut file ends so.
 */
export type LineHandler = (
  line: string,
  lineNumber: number,
  isUnterminated: boolean,
) => ExtractionError | undefined;

/**
 * Reads a line-based bank file (BAI2, MT940) as a stream: each chunk is decoded once, as it comes
 * (create-content-decoder.ts), and cut into lines at CRLF, LF or a lone CR. Only the current
 * chunk and the line it ends in are held, never the file. Never throws.
 */
export async function readLines(
  source: ByteSource,
  options: ReadLinesOptions,
  onLine: LineHandler,
): Promise<Result<void>> {
  const iterator = iterateSlices(source);
  try {
    return await readFrom(iterator, options, onLine);
  } finally {
    // Stopped early (a refused file): let a file stream close its handle now, not at GC.
    await Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

async function readFrom(
  iterator: AsyncIterator<Uint8Array>,
  options: ReadLinesOptions,
  onLine: LineHandler,
): Promise<Result<void>> {
  const { label, maxLineLength } = options;
  let pending = '';
  let lineNumber = 0;
  let total = 0;
  let decoder: ContentDecoder | undefined;
  let start: Uint8Array = new Uint8Array(0);

  /** Hands on every complete line of `text`; at the end of the file the rest is the last line. */
  function emitLines(text: string, isFinal: boolean): ExtractionError | undefined {
    const all = pending === '' ? text : pending + text;
    const n = all.length;
    let from = 0;
    let nextLf = -1;
    let nextCr = -1;
    for (;;) {
      if (nextLf < from) nextLf = indexOrEnd(all, '\n', from);
      if (nextCr < from) nextCr = indexOrEnd(all, '\r', from);
      const end = nextLf < nextCr ? nextLf : nextCr;
      if (end === n) break;
      let after = end + 1;
      if (end === nextCr) {
        // A CR at the end of a chunk may be the first half of a CRLF.
        if (after === n && !isFinal) break;
        if (after < n && all.charCodeAt(after) === 10) after++;
      }
      const error = onLine(all.slice(from, end), ++lineNumber, false);
      if (error) return error;
      from = after;
    }
    pending = from === 0 ? all : all.slice(from);
    if (isFinal && pending !== '') {
      const last = pending;
      pending = '';
      return onLine(last, ++lineNumber, true);
    }
    if (pending.length > maxLineLength) {
      return {
        kind: 'limit-exceeded',
        limit: 'cellLength',
        maximum: maxLineLength,
        message: `${label} line ${lineNumber + 1} is longer than ${maxLineLength} characters: the file is not ${label} text, or it has no line breaks.`,
      };
    }
    return undefined;
  }

  function decodeAndEmit(decoded: DecodedText, isFinal: boolean) {
    const error = emitLines(decoded.text, isFinal && !decoded.isInvalid);
    if (error) return error;
    if (!decoded.isInvalid) return undefined;
    const encoding: ExtractionError = {
      kind: 'encoding',
      message: decoded.isCutShort
        ? `${label} line ${lineNumber + 1} ends inside a character: the file is cut short.`
        : `${label} line ${lineNumber + 1} is not valid UTF-8 text, though the text before it is (mixed encodings?).`,
    };
    return encoding;
  }

  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await iterator.next();
    } catch {
      return fail({ kind: 'unsupported', message: 'The file could not be read to its end.' });
    }
    if (next.done) break;
    total += next.value.byteLength;
    if (total > options.maxFileBytes) return refuseSize(options.maxFileBytes);
    let chunk = next.value;
    if (!decoder) {
      // The first three bytes say whether a byte-order mark names UTF-8, however small the chunks.
      start = start.length === 0 ? chunk : Buffer.concat([start, chunk]);
      if (start.length < UTF8_BOM.length) continue;
      ({ decoder, chunk } = openDecoder(start, options.eightBit));
    }
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      const error = decodeAndEmit(decoder.decode(chunk.subarray(at, at + SLICE_BYTES)), false);
      if (error) return fail(error);
      const pause = options.afterSlice?.();
      if (pause) await pause;
    }
  }
  if (total === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  if (!decoder) {
    const opened = openDecoder(start, options.eightBit);
    decoder = opened.decoder;
    const error = decodeAndEmit(decoder.decode(opened.chunk), false);
    if (error) return fail(error);
  }
  const error = decodeAndEmit(decoder.end(), true);
  return error ? fail(error) : ok(undefined);
}

function openDecoder(head: Uint8Array, eightBit: readonly EightBitCharset[]) {
  const hasBom = UTF8_BOM.every((byte, i) => head[i] === byte);
  const decoder = createContentDecoder(hasBom ? { eightBit, encoding: 'utf-8' } : { eightBit });
  return { decoder, chunk: hasBom ? head.subarray(UTF8_BOM.length) : head };
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at === -1 ? text.length : at;
}

function iterateSlices(source: ByteSource): AsyncIterator<Uint8Array> {
  if (!isByteArray(source)) return source[Symbol.asyncIterator]();
  const bytes = source;
  return (async function* () {
    for (let at = 0; at < bytes.byteLength; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
  })();
}
