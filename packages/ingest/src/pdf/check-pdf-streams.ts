import { createInflate } from 'node:zlib';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';

// The flate-bomb guard (issue 15 point 1): pdf.js inflates a content stream into one growing
// buffer, so 3.5 MB of operators that unpack to 1.2 GB took the process past 4 GB. Before pdf.js
// sees the file, every zlib-compressed stream is unpacked here into nothing but a byte count, and
// the file is refused when one stream, or all of them together, unpack past the limits. Images are
// left out: text extraction never unpacks them. What this scan cannot see (an encrypted file's
// streams, an image stream used as a page's content) is bounded in pdf-text-worker.mjs, which
// refuses any buffer larger than maxPdfStreamBytes.

const STREAM = Buffer.from('stream');
/** How far back from `stream` its dictionary is looked for. */
const DICTIONARY_WINDOW = 4 * 1024;

interface FoundStream {
  /** The first byte of the stream's data, which runs to the end of its deflate stream. */
  start: number;
  isImage: boolean;
}

function findStreams(bytes: Buffer): FoundStream[] {
  const found: FoundStream[] = [];
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    // `endstream` contains `stream`: only a keyword after the dictionary's `>>` opens a stream.
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const dictionary = bytes.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
    const opened = dictionary.lastIndexOf('obj');
    const own = opened >= 0 ? dictionary.slice(opened) : dictionary;
    if (!own.trimEnd().endsWith('>>')) continue;
    found.push({ start, isImage: /\/Subtype\s*\/Image\b/.test(own) });
  }
  return found;
}

/** Whether bytes start with a zlib header, as pdf.js's FlateDecode requires. */
function isZlib(bytes: Buffer, at: number): boolean {
  const cmf = bytes[at] ?? 0;
  const flg = bytes[at + 1] ?? 0;
  return (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0 && (flg & 0x20) === 0;
}

/**
 * How many bytes the zlib data at `start` unpacks to, counting no further than `cap` (+ a chunk).
 * The data runs to the end of its deflate stream, whatever the PDF says its length is; a damaged
 * stream counts what it gave before the damage.
 */
function countInflated(bytes: Buffer, start: number, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = createInflate({ chunkSize: 256 * 1024 });
    let count = 0;
    const done = () => {
      inflater.destroy();
      resolve(count);
    };
    inflater.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > cap) done();
    });
    inflater.on('end', done);
    inflater.on('error', done);
    inflater.end(bytes.subarray(start));
  });
}

/** Refuses a PDF whose compressed streams unpack past maxPdfStreamBytes or maxPdfUnpackedBytes. */
export async function checkPdfStreams(
  data: Uint8Array,
  limits: Pick<Limits, 'maxPdfStreamBytes' | 'maxPdfUnpackedBytes'>,
): Promise<ExtractionError | undefined> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  for (const stream of findStreams(bytes)) {
    if (stream.isImage || !isZlib(bytes, stream.start)) continue;
    const cap = Math.min(limits.maxPdfStreamBytes, limits.maxPdfUnpackedBytes - total);
    const size = await countInflated(bytes, stream.start, cap);
    if (size > limits.maxPdfStreamBytes) {
      return refuse(limits.maxPdfStreamBytes, 'A compressed part of the PDF unpacks to more than');
    }
    total += size;
    if (total > limits.maxPdfUnpackedBytes) {
      return refuse(limits.maxPdfUnpackedBytes, 'The compressed parts of the PDF unpack to more than');
    }
  }
  return undefined;
}

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function refuse(maximum: number, what: string): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'pdfUnpackedSize',
    maximum,
    message: `${what} ${describeBytes(maximum)} (a compression bomb?).`,
  };
}
