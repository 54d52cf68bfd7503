import { isByteArray, refuseSize, type ByteSource } from './byte-source.js';
import { fail, ok, type Result } from './result.js';

/**
 * A stream that knows its length (a stored file's size): its bytes are collected straight into one
 * buffer of that size, so a workbook, PDF or JSON is held once, not as chunks and then their copy.
 */
export interface SizedStream extends AsyncIterable<Uint8Array> {
  readonly expectedBytes?: number;
}

export function withExpectedBytes(
  source: AsyncIterable<Uint8Array>,
  expectedBytes: number | undefined,
): SizedStream {
  return expectedBytes === undefined ? source : Object.assign(source, { expectedBytes });
}

/**
 * Collects a source into one buffer, refusing as soon as it passes maxBytes (never after), or at
 * once when its stated length does. With a length it fills one buffer; a stream longer than it said
 * falls back to chunks and one copy.
 */
export async function readSizedBytes(
  source: ByteSource | SizedStream,
  maxBytes: number,
): Promise<Result<Uint8Array>> {
  if (isByteArray(source)) return source.byteLength > maxBytes ? refuseSize(maxBytes) : ok(source);
  const expected = (source as SizedStream).expectedBytes;
  // A stored file that says it is over the limit is refused before a byte is collected.
  if (expected !== undefined && expected > maxBytes) return refuseSize(maxBytes);
  let buffer = expected !== undefined && expected <= maxBytes ? Buffer.allocUnsafe(expected) : undefined;
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      if (total + chunk.byteLength > maxBytes) return refuseSize(maxBytes);
      if (buffer && total + chunk.byteLength <= buffer.byteLength) buffer.set(chunk, total);
      else {
        if (buffer) parts.push(buffer.subarray(0, total));
        buffer = undefined;
        parts.push(chunk);
      }
      total += chunk.byteLength;
    }
  } catch {
    return fail({ kind: 'unsupported', message: 'The file could not be read: its stream failed.' });
  }
  return ok(buffer ? buffer.subarray(0, total) : Buffer.concat(parts, total));
}
