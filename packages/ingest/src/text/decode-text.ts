import { isAscii } from 'node:buffer';
import { decoderLabel, type TextEncodingName } from './detect-encoding.js';

// Windows-1252 bytes 0x80-0x9F; Node's TextDecoder maps them to C1 controls (as ISO-8859-1 does),
// which turns a bank's "€" or curly quotes into invisible characters.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

export interface StreamingDecoder {
  /** Decodes a chunk; with no chunk, flushes. Throws on invalid UTF-8 (fatal decoders). */
  decode(chunk?: Uint8Array, options?: { stream: boolean }): string;
}

/** A streaming decoder for the detected encoding, strict for UTF-8 so mixed encodings are caught. */
export function createStreamingDecoder(encoding: TextEncodingName): StreamingDecoder {
  if (encoding === 'windows-1252') {
    return { decode: (chunk) => (chunk ? decodeWindows1252(chunk) : '') };
  }
  // ignoreBOM: the caller skips a BOM itself, and a later chunk may reach the decoder first.
  const decoder = new TextDecoder(decoderLabel(encoding), {
    fatal: encoding.startsWith('utf-8'),
    ignoreBOM: true,
  });
  if (!encoding.startsWith('utf-8')) return decoder;
  // Most statements are pure ASCII: such a chunk is its own text, copied without UTF-8 decoding,
  // as long as the decoder holds no partial sequence from the chunk before.
  let mayHoldPartial = false;
  return {
    decode(chunk, options) {
      if (chunk && !mayHoldPartial && isAscii(chunk)) {
        return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      }
      mayHoldPartial = chunk !== undefined && options?.stream === true && (chunk.at(-1) ?? 0) >= 0x80;
      return decoder.decode(chunk, options);
    },
  };
}

/** Decodes by an encoding label from a file header (XML declaration, OFX CHARSET, ...). */
export function decodeByLabel(bytes: Uint8Array, label: string): string {
  const normalized = label.toLowerCase();
  if (/^(windows-1252|cp1252|1252|x-cp1252)$/.test(normalized)) return decodeWindows1252(bytes);
  try {
    return new TextDecoder(normalized).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** UTF-8 when it is valid, else Windows-1252: the rule for text formats with no declared encoding. */
export function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    return decodeWindows1252(bytes);
  }
}
