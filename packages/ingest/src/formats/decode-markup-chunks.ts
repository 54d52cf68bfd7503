import { isByteArray, refuseSize, type ByteSource } from '../core/byte-source.js';
import { fail, ok, type Result } from '../core/result.js';
import { createStreamingDecoder, type StreamingDecoder } from '../text/decode-text.js';
import { detectEncoding } from '../text/detect-encoding.js';

/** 'ofx' also reads the OFX 1 header's CHARSET; both read an XML declaration's encoding. */
export type MarkupKind = 'xml' | 'ofx';

/**
 * Bytes decoded at a time, however large the chunks that come: 64 KB of text is a young string
 * that dies young, where 1 MB ones go to V8's large-object space and wait for a full collection,
 * and a reader's passes over it stay in the CPU's cache.
 */
const SLICE_BYTES = 64 * 1024;
/** What decides the encoding: a BOM, a declaration, or whether the head is valid UTF-8. */
const HEAD_BYTES = 64 * 1024;

interface ChosenEncoding {
  decoder: StreamingDecoder;
  name: string;
  bomLength: number;
  /** UTF-8 or an 8-bit Western code page: every ASCII byte is its own character. */
  isAsciiCompatible: boolean;
}

/**
 * Takes each decoded chunk; with an ASCII-compatible encoding also the bytes it came from (a
 * multi-byte character cut at their end decodes with the next chunk), so a reader can learn from
 * the bytes what is cheaper to find there. Returns false to stop.
 */
export type MarkupTextSink = (text: string, bytes?: Uint8Array) => boolean;

/**
 * Decodes a statement file chunk by chunk in the encoding its head names (BOM, XML declaration,
 * OFX CHARSET; undeclared: UTF-8 when the first 64 KB are valid UTF-8, else Windows-1252, the
 * superset of the ISO-8859-1 German and US banks send). `onText` returns false to stop early.
 * `where` describes the reader's position for an encoding error ('at line 12'). `afterText`, when
 * given, is called after each piece of text; a promise it returns holds the reading until it
 * resolves (a reader handing its rows on).
 */
export async function decodeMarkupChunks(
  source: ByteSource,
  kind: MarkupKind,
  maxFileBytes: number,
  onText: MarkupTextSink,
  where: () => string,
  afterText?: () => Promise<void> | undefined,
): Promise<Result<void>> {
  const iterator = iterateSlices(source);
  try {
    return await decodeFrom(iterator, kind, maxFileBytes, onText, where, afterText);
  } finally {
    // Stopped early (a refused file): let a file stream close its handle now, not at GC.
    await Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

async function decodeFrom(
  iterator: AsyncIterator<Uint8Array>,
  kind: MarkupKind,
  maxFileBytes: number,
  onText: MarkupTextSink,
  where: () => string,
  afterText: (() => Promise<void> | undefined) | undefined,
): Promise<Result<void>> {
  const head: Uint8Array[] = [];
  let total = 0;
  let isDone = false;
  try {
    while (total < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        isDone = true;
        break;
      }
      head.push(next.value);
      total += next.value.byteLength;
    }
  } catch {
    return unreadable();
  }
  if (total > maxFileBytes) return refuseSize(maxFileBytes);
  const sample = head.length === 1 ? (head[0] as Uint8Array) : Buffer.concat(head, total);
  if (sample.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  const chosen = chooseEncoding(sample, isDone, kind);
  if (typeof chosen === 'string') {
    return fail({
      kind: 'encoding',
      message: `The file declares the encoding '${chosen}', which we cannot read.`,
    });
  }
  const invalid = () =>
    fail({ kind: 'encoding' as const, message: `The file is not valid ${chosen.name} text ${where()}.` });
  const bytesOf = (bytes: Uint8Array) => (chosen.isAsciiCompatible ? bytes : undefined);
  /** Decodes and hands on `bytes` a slice at a time; the last slice of the file ends the decoder. */
  const feed = async (bytes: Uint8Array, isLast: boolean): Promise<'read' | 'stopped' | 'invalid'> => {
    for (let at = 0; at === 0 || at < bytes.byteLength; at += SLICE_BYTES) {
      const slice = bytes.subarray(at, at + SLICE_BYTES);
      let text: string;
      try {
        text = chosen.decoder.decode(slice, { stream: !(isLast && at + SLICE_BYTES >= bytes.byteLength) });
      } catch {
        return 'invalid';
      }
      if (!onText(text, bytesOf(slice))) return 'stopped';
      const pause = afterText?.();
      if (pause) await pause;
    }
    return 'read';
  };
  const fed = await feed(sample.subarray(chosen.bomLength), isDone);
  if (fed !== 'read') return fed === 'invalid' ? invalid() : ok(undefined);
  while (!isDone) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await iterator.next();
    } catch {
      return unreadable();
    }
    if (next.done) break;
    total += next.value.byteLength;
    if (total > maxFileBytes) return refuseSize(maxFileBytes);
    const read = await feed(next.value, false);
    if (read !== 'read') return read === 'invalid' ? invalid() : ok(undefined);
  }
  let rest: string;
  try {
    rest = isDone ? '' : chosen.decoder.decode();
  } catch {
    return invalid();
  }
  if (rest !== '') onText(rest);
  return ok(undefined);
}

function unreadable() {
  return fail({ kind: 'unsupported' as const, message: 'The file could not be read to its end.' });
}

function iterateSlices(source: ByteSource): AsyncIterator<Uint8Array> {
  if (!isByteArray(source)) return source[Symbol.asyncIterator]();
  const bytes = source;
  return (async function* () {
    for (let at = 0; at < bytes.byteLength; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
  })();
}

const WESTERN = /^(iso-?8859-1|8859-1|latin-?1|l1|windows-1252|cp-?1252|1252|x-cp1252)$/;
const UNICODE_8BIT = /^(utf-?8|us-?ascii|ascii|none)$/;

function declaredLabel(sample: Uint8Array, kind: MarkupKind): string | undefined {
  const head = Buffer.from(sample.buffer, sample.byteOffset, Math.min(sample.byteLength, 2048)).toString(
    'latin1',
  );
  const xml = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  if (xml) return xml.toLowerCase();
  if (kind !== 'ofx') return undefined;
  // OFX 1 header lines: CHARSET:1252 (the code page) or CHARSET:ISO-8859-1; NONE means US-ASCII.
  return /(?:^|\n)\s*CHARSET\s*:\s*([^\s<]+)/i.exec(head)?.[1]?.toLowerCase();
}

function chooseEncoding(sample: Uint8Array, isWholeFile: boolean, kind: MarkupKind): ChosenEncoding | string {
  const detected = detectEncoding(sample, isWholeFile);
  const bomLength = detected.bomLength;
  // A BOM or the NUL pattern of UTF-16 says more than any declaration written in those bytes.
  if (bomLength > 0 || detected.encoding.startsWith('utf-16')) {
    const name = detected.encoding.startsWith('utf-16') ? detected.encoding.toUpperCase() : 'UTF-8';
    const isAsciiCompatible = !detected.encoding.startsWith('utf-16');
    return { decoder: createStreamingDecoder(detected.encoding), name, bomLength, isAsciiCompatible };
  }
  const label = declaredLabel(sample, kind);
  if (label !== undefined && WESTERN.test(label)) {
    return {
      decoder: createStreamingDecoder('windows-1252'),
      name: 'ISO-8859-1',
      bomLength: 0,
      isAsciiCompatible: true,
    };
  }
  // A declared UTF-16 without UTF-16 bytes is a wrong declaration: read the 8-bit bytes as such.
  if (label === undefined || UNICODE_8BIT.test(label) || label.startsWith('utf-16')) {
    const name = detected.encoding === 'windows-1252' ? 'Windows-1252' : 'UTF-8';
    return {
      decoder: createStreamingDecoder(detected.encoding),
      name,
      bomLength: 0,
      isAsciiCompatible: true,
    };
  }
  try {
    return {
      decoder: new TextDecoder(label),
      name: label.toUpperCase(),
      bomLength: 0,
      isAsciiCompatible: false,
    };
  } catch {
    return label;
  }
}
