import { guardReader } from '../core/guard-reader.js';
import type { ByteSource } from '../core/byte-source.js';
import { isByteArray, refuseSize } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Grid, GridRow } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { detectDelimiter, type Delimiter } from './detect-delimiter.js';
import type { DecodedText } from './create-content-decoder.js';
import type { TextEncodingName } from './detect-encoding.js';
import { openCsvDecoder } from './open-csv-decoder.js';
import { splitCsvBatches, type CsvText } from './split-csv-batches.js';

export interface CsvOptions {
  delimiter?: Delimiter;
  encoding?: TextEncodingName;
  limits?: Partial<Limits>;
}

export interface CsvLayout {
  /** As far as the file has been read: a Windows-1252 byte late in the file changes it. */
  readonly encoding: TextEncodingName;
  delimiter: Delimiter;
}

/** An open CSV stream: iterate `batches`, then look at `error` (set when reading stopped early). */
export interface CsvStream {
  layout: CsvLayout;
  batches: AsyncIterable<GridRow[]>;
  readonly error: ExtractionError | undefined;
}

const SAMPLE_BYTES = 64 * 1024;
/** Bytes decoded at a time: their text stays below V8's large-object size (128 KB). */
const DECODE_BYTES = 64 * 1024;

/**
 * Opens a CSV/TXT source for streaming: the first 64 KB decide the delimiter and, with a BOM or
 * UTF-16, the encoding (8-bit text is decided at its first non-ASCII byte, open-csv-decoder.ts);
 * then rows arrive in batches, so a million-row file is never held whole (issue 7 point 1).
 */
export function openCsv(source: ByteSource, options: CsvOptions = {}): Promise<Result<CsvStream>> {
  return guardReader('csv', () => openCsvStream(source, options));
}

async function openCsvStream(source: ByteSource, options: CsvOptions): Promise<Result<CsvStream>> {
  const limits = resolveLimits(options.limits);
  const iterator = toChunkIterator(source);
  const read = async (): Promise<IteratorResult<Uint8Array> | ExtractionError> => {
    try {
      return await iterator.next();
    } catch (cause) {
      return { kind: 'unsupported', message: `The file could not be read: ${describeCause(cause)}` };
    }
  };
  const head: Uint8Array[] = [];
  let totalBytes = 0;
  let isDone = false;
  while (totalBytes < SAMPLE_BYTES) {
    const next = await read();
    if ('kind' in next) return fail(next);
    if (next.done) {
      isDone = true;
      break;
    }
    head.push(next.value);
    totalBytes += next.value.byteLength;
  }
  if (totalBytes > limits.maxFileBytes) return refuseSize(limits.maxFileBytes);
  const sample = Buffer.concat(head, totalBytes);
  if (sample.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  if (isDone && isPartialByteOrderMark(sample)) {
    return fail({ kind: 'encoding', message: 'The file ends inside its byte-order mark: it is cut short.' });
  }
  const { decoder, bomLength } = openCsvDecoder(sample, isDone, options.encoding);
  const text: CsvText = { pending: '', isInvalid: false, isFinal: false };
  const take = (decoded: DecodedText) => {
    text.pending += decoded.text;
    text.isInvalid = decoded.isInvalid;
    text.isCutShort = decoded.isCutShort === true;
  };
  take(decoder.decode(sample.subarray(bomLength)));
  // The delimiter is read from text: an 8-bit head waits for its encoding window first.
  while (decoder.isDeciding && !isDone) {
    const next = await read();
    if ('kind' in next) return fail(next);
    if (next.done) {
      isDone = true;
      break;
    }
    totalBytes += next.value.byteLength;
    if (totalBytes > limits.maxFileBytes) return refuseSize(limits.maxFileBytes);
    take(decoder.decode(next.value));
  }
  if (isDone && !text.isInvalid) {
    take(decoder.end());
    text.isFinal = !text.isInvalid;
  }
  if (text.isFinal && text.pending === '')
    return fail({ kind: 'empty-file', message: 'The file has no content.' });
  const delimiter = options.delimiter ?? detectDelimiter(text.pending);
  const stream: { error: ExtractionError | undefined } = { error: undefined };

  /** The rest of the last chunk read, not yet decoded. */
  let spare: Uint8Array | undefined;

  /** The next slice's text into `text`; false when the file cannot be read further. */
  async function readMore(): Promise<boolean> {
    if (!spare) {
      const next = await read();
      if ('kind' in next) {
        stream.error = next;
        return false;
      }
      if (next.done) {
        take(decoder.end());
        text.isFinal = !text.isInvalid;
        return true;
      }
      totalBytes += next.value.byteLength;
      if (totalBytes > limits.maxFileBytes) {
        stream.error = refuseSize(limits.maxFileBytes).error;
        return false;
      }
      spare = next.value;
    }
    // Text is decoded a slice at a time: a string this small dies young, where a 1 MB one would
    // go to V8's large-object space and stay until a full collection (RSS, not heap, grows).
    const slice = spare.subarray(0, DECODE_BYTES);
    spare = spare.length > DECODE_BYTES ? spare.subarray(DECODE_BYTES) : undefined;
    take(decoder.decode(slice));
    return true;
  }

  return ok({
    layout: {
      get encoding() {
        return decoder.encoding;
      },
      delimiter,
    },
    batches: splitCsvBatches(text, readMore, {
      delimiter,
      limits,
      onError: (error) => void (stream.error = error),
    }),
    get error() {
      return stream.error;
    },
  });
}

/** Reads a whole CSV/TXT source into a grid. */
export function readCsv(source: ByteSource, options: CsvOptions = {}): Promise<Result<Grid>> {
  return guardReader('csv', async () => {
    const opened = await openCsv(source, options);
    if (!opened.ok) return opened;
    const rows: GridRow[] = [];
    for await (const batch of opened.value.batches) for (const row of batch) rows.push(row);
    if (opened.value.error) return fail(opened.value.error);
    const { encoding, delimiter } = opened.value.layout;
    return ok({ sheets: [{ name: 'Sheet1', rows }], source: { format: 'csv', encoding, delimiter } });
  });
}

function toChunkIterator(source: ByteSource): AsyncIterator<Uint8Array> {
  if (isByteArray(source)) {
    // Feed a buffer in 1 MB slices so the same streaming path serves both inputs.
    const bytes = source;
    return (async function* () {
      for (let i = 0; i < bytes.byteLength; i += 1024 * 1024) yield bytes.subarray(i, i + 1024 * 1024);
    })();
  }
  return source[Symbol.asyncIterator]();
}

/** A stream's own error, without the "Error:" prefix JavaScript would show. */
function describeCause(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.replace(/^\w*Error:\s*/, '') || 'the stream failed';
}

/** The whole file is the start of a UTF-8 or UTF-16 byte-order mark: nothing but a cut remains. */
function isPartialByteOrderMark(bytes: Uint8Array): boolean {
  return [
    [0xef, 0xbb, 0xbf],
    [0xff, 0xfe],
    [0xfe, 0xff],
  ].some((bom) => bytes.length < bom.length && bytes.every((byte, i) => byte === bom[i]));
}
