import { isAscii, isUtf8 } from 'node:buffer';
import { countAccentedLetters, decodeCp852 } from './decode-cp852.js';
import { decodeWindows1252 } from './decode-text.js';

/** 8-bit code pages an undeclared file may be written in. */
export type EightBitCharset = 'windows-1252' | 'cp852';
export type ContentEncoding = 'utf-8' | EightBitCharset;

/**
 * Bytes after the first non-ASCII byte that decide the encoding: enough accented words to tell
 * UTF-8 from an 8-bit code page, and the same window wherever in the file that byte is.
 */
export const ENCODING_WINDOW_BYTES = 64 * 1024;

export interface DecodedText {
  text: string;
  /** A byte that is not UTF-8 in a file found to be UTF-8: `text` stops just before it. */
  isInvalid: boolean;
  /** The invalid bytes are a character the end of the file cuts in two. */
  isCutShort?: boolean;
}

/**
 * A streaming decoder for text that declares no encoding. ASCII passes through until the first
 * non-ASCII byte; the window from there decides: UTF-8 when it is valid UTF-8, else the 8-bit code
 * page of `eightBit` that turns the high bytes into more letters. So a Windows-1252 byte 100 MB
 * into a file is read as such, not refused because the file's head happened to be ASCII.
 */
export interface ContentDecoder {
  /** Undefined while every byte so far has been ASCII. */
  readonly encoding: ContentEncoding | undefined;
  /** Bytes are being held for the decision: the text of this part comes later. */
  readonly isDeciding: boolean;
  decode(chunk: Uint8Array): DecodedText;
  /** The end of the file: decides on what is held and flushes it. */
  end(): DecodedText;
}

export interface ContentDecoderOptions {
  eightBit: readonly EightBitCharset[];
  /** Already known (a UTF-8 byte-order mark): no window is needed. */
  encoding?: ContentEncoding;
}

const ok = (text: string): DecodedText => ({ text, isInvalid: false });

export function createContentDecoder(options: ContentDecoderOptions): ContentDecoder {
  let encoding: ContentEncoding | undefined = options.encoding;
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  /** The start of a UTF-8 sequence cut at the end of the previous chunk. */
  let carry: Uint8Array | undefined;

  function decodeDecided(chunk: Uint8Array, isEnd: boolean): DecodedText {
    if (encoding === 'windows-1252') return ok(decodeWindows1252(chunk));
    if (encoding === 'cp852') return ok(decodeCp852(chunk));
    const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
    const complete = isEnd ? bytes.length : completeUtf8Length(bytes);
    carry = complete < bytes.length ? new Uint8Array(bytes.subarray(complete)) : undefined;
    const part = bytes.subarray(0, complete);
    if (isAscii(part)) return ok(latin1(part));
    if (isUtf8(part)) return ok(utf8(part));
    const at = findInvalidUtf8(part);
    const text = utf8(part.subarray(0, at));
    // Only an unfinished character at the very end: the file was cut, not written in two encodings.
    return isEnd && at === completeUtf8Length(part)
      ? { text, isInvalid: true, isCutShort: true }
      : { text, isInvalid: true };
  }

  function decide(isEnd: boolean): DecodedText {
    const window = held.length === 1 ? (held[0] as Uint8Array) : Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    // The decision is the window's, however large the chunk it arrived in: bytes after it are
    // read in the chosen encoding, and a UTF-8 file with a stray 8-bit byte there is refused.
    const sample = window.subarray(0, ENCODING_WINDOW_BYTES);
    // A character cut at the window's end is left out; so is one cut by the end of the file,
    // unless it is the window's only non-ASCII byte (then nothing says it is UTF-8).
    const checked = sample.subarray(0, completeUtf8Length(sample));
    const isUtf8Text = isUtf8(checked) && (checked.length === sample.length || !isAscii(checked));
    encoding = isUtf8Text ? 'utf-8' : chooseEightBit(sample, options.eightBit);
    return decodeDecided(window, isEnd);
  }

  return {
    get encoding() {
      return encoding;
    },
    get isDeciding() {
      return heldBytes > 0;
    },
    decode(chunk) {
      if (encoding !== undefined) return decodeDecided(chunk, false);
      if (heldBytes > 0) {
        held.push(chunk);
        heldBytes += chunk.length;
        return heldBytes >= ENCODING_WINDOW_BYTES ? decide(false) : ok('');
      }
      if (isAscii(chunk)) return ok(latin1(chunk));
      let first = 0;
      while ((chunk[first] as number) < 0x80) first++;
      held.push(chunk.subarray(first));
      heldBytes = chunk.length - first;
      const ascii = latin1(chunk.subarray(0, first));
      if (heldBytes < ENCODING_WINDOW_BYTES) return ok(ascii);
      const rest = decide(false);
      return { ...rest, text: ascii + rest.text };
    },
    end() {
      if (heldBytes > 0) return decide(true);
      if (encoding === 'utf-8' && carry) return decodeDecided(new Uint8Array(0), true);
      return ok('');
    },
  };
}

function chooseEightBit(window: Uint8Array, candidates: readonly EightBitCharset[]): EightBitCharset {
  if (!candidates.includes('cp852')) return 'windows-1252';
  if (!candidates.includes('windows-1252')) return 'cp852';
  const central = countAccentedLetters(decodeCp852(window));
  return central > countAccentedLetters(decodeWindows1252(window)) ? 'cp852' : 'windows-1252';
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** The length up to a UTF-8 sequence cut at the end of the bytes (the whole length when none is). */
export function completeUtf8Length(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(4, n); back++) {
    const byte = bytes[n - back] as number;
    if (byte < 0x80) return n;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? n - back : n;
    }
  }
  return n;
}

/** Where the first byte that does not start a valid UTF-8 sequence is (RFC 3629). */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const extra =
      lead >= 0xc2 && lead <= 0xdf
        ? 1
        : lead >= 0xe0 && lead <= 0xef
          ? 2
          : lead >= 0xf0 && lead <= 0xf4
            ? 3
            : 0;
    if (extra === 0 || i + extra >= bytes.length) return i;
    const second = bytes[i + 1] as number;
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return i;
    if ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return i;
    for (let k = 1; k <= extra; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return i;
    i += extra + 1;
  }
  return bytes.length;
}
