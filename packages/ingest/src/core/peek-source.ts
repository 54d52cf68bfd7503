import { isByteArray, type ByteSource } from './byte-source.js';

/**
 * Reads the first bytes of a source without losing them: format detection needs the head of a
 * stream, the reader then needs the whole stream from byte 0.
 */
export async function peekSource(
  source: ByteSource,
  minBytes: number,
): Promise<{ head: Uint8Array; source: ByteSource }> {
  if (isByteArray(source)) return { head: source.subarray(0, minBytes), source };
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let isDone = false;
  while (size < minBytes) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  const head = Buffer.concat(chunks, size);
  async function* replay(): AsyncGenerator<Uint8Array> {
    if (head.byteLength > 0) yield head;
    if (isDone) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, source: replay() };
}
