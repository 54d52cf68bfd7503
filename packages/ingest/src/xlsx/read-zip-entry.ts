import { createInflateRaw, crc32 } from 'node:zlib';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';
import { refuseUnderstatedEntry, type ZipEntry } from './check-zip-limits.js';

const LOCAL_FILE_HEADER = 0x04034b50;
const CHUNK_BYTES = 64 * 1024;

/** What the consumer of an entry's chunks answers: go on, or stop reading here. */
export type ChunkHandler = (chunk: Uint8Array) => 'stop' | void | Promise<'stop' | void>;

function damaged(entry: ZipEntry, what: string): ExtractionError {
  return { kind: 'malformed', format: 'xlsx', message: `The workbook is damaged: ${entry.name} ${what}.` };
}

/** Where an entry's compressed bytes are, checked against the file. */
function locateData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | ExtractionError {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_FILE_HEADER) {
    return damaged(entry, 'has no local header');
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) return damaged(entry, 'is cut off');
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Streams one zip entry's bytes to `onChunk`, 64 KB at a time, never holding the entry. The entry
 * may not inflate past its declared size (the zip-bomb guard), and must end with exactly that size
 * and its CRC-32, so a damaged or cut entry is refused rather than read in part. Answers an error,
 * or undefined when the entry was read to its end or the consumer stopped.
 */
export async function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  limits: Pick<Limits, 'maxXlsxUncompressedBytes'>,
  onChunk: ChunkHandler,
): Promise<ExtractionError | undefined> {
  const data = locateData(bytes, entry);
  if (!(data instanceof Uint8Array)) return data;
  if (entry.method !== 0 && entry.method !== 8)
    return damaged(entry, `uses compression method ${entry.method}`);
  let size = 0;
  let crc = 0;
  const take = async (chunk: Uint8Array): Promise<ExtractionError | 'stop' | undefined> => {
    size += chunk.byteLength;
    if (size > entry.uncompressedSize) return refuseUnderstatedEntry(entry, limits);
    crc = crc32(chunk, crc);
    return (await onChunk(chunk)) === 'stop' ? 'stop' : undefined;
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.byteLength; at += CHUNK_BYTES) {
      const taken = await take(data.subarray(at, at + CHUNK_BYTES));
      if (taken) return taken === 'stop' ? undefined : taken;
    }
  } else {
    const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
    inflater.end(data);
    const chunks = (inflater as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    try {
      for (;;) {
        // Only the inflater's own failures mean a damaged entry; the consumer's propagate.
        const next = await chunks.next().catch(() => undefined);
        if (!next) return damaged(entry, 'cannot be unpacked');
        if (next.done) break;
        const taken = await take(next.value);
        if (taken) return taken === 'stop' ? undefined : taken;
      }
    } finally {
      inflater.destroy();
    }
  }
  if (size !== entry.uncompressedSize || crc >>> 0 !== entry.crc >>> 0) {
    return damaged(entry, 'does not match its checksum');
  }
  return undefined;
}
