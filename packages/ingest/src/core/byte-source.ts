import { fail, ok, type Result } from './result.js';

/** Readers take a Buffer or any byte stream (a Node Readable is an AsyncIterable of Buffers). */
export type ByteSource = Uint8Array | AsyncIterable<Uint8Array>;

export function isByteArray(source: ByteSource): source is Uint8Array {
  return source instanceof Uint8Array;
}

/** Collects a source into one buffer, refusing as soon as it passes maxBytes (never after). */
export async function readAllBytes(source: ByteSource, maxBytes: number): Promise<Result<Uint8Array>> {
  if (isByteArray(source)) {
    return source.byteLength > maxBytes ? refuseSize(maxBytes) : ok(source);
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.byteLength;
      if (total > maxBytes) return refuseSize(maxBytes);
      parts.push(chunk);
    }
  } catch (cause) {
    return fail({ kind: 'unsupported', message: `The file could not be read: ${String(cause)}` });
  }
  return ok(Buffer.concat(parts, total));
}

export function refuseSize(maxBytes: number) {
  return fail({
    kind: 'limit-exceeded' as const,
    limit: 'fileSize' as const,
    maximum: maxBytes,
    message: `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`,
  });
}
