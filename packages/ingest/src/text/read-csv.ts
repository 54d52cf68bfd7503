import type { ByteSource } from '../core/byte-source.js';
import { isByteArray, refuseSize } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Grid, GridRow } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { detectDelimiter, type Delimiter } from './detect-delimiter.js';
import { detectEncoding, type TextEncodingName } from './detect-encoding.js';
import { createStreamingDecoder } from './decode-text.js';
import { parseDelimited } from './parse-delimited.js';

export interface CsvOptions {
  delimiter?: Delimiter;
  encoding?: TextEncodingName;
  limits?: Partial<Limits>;
}

export interface CsvLayout {
  encoding: TextEncodingName;
  delimiter: Delimiter;
}

/** An open CSV stream: iterate `batches`, then look at `error` (set when reading stopped early). */
export interface CsvStream {
  layout: CsvLayout;
  batches: AsyncIterable<GridRow[]>;
  readonly error: ExtractionError | undefined;
}

const SAMPLE_BYTES = 64 * 1024;
/**
 * Rows per batch: small enough that a batch and the canonical rows made from it are garbage
 * before the next young-generation GC, so they are never copied into the old generation.
 */
const BATCH_ROWS = 1024;

/**
 * Opens a CSV/TXT source for streaming: the first 64 KB decide encoding and delimiter, then rows
 * arrive in batches, so a million-row file is never held whole (issue 7 point 1).
 */
export async function openCsv(source: ByteSource, options: CsvOptions = {}): Promise<Result<CsvStream>> {
  const limits = resolveLimits(options.limits);
  const iterator = toChunkIterator(source);
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let isDone = false;
  while (headBytes < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  if (headBytes > limits.maxFileBytes) return refuseSize(limits.maxFileBytes);
  const sample = Buffer.concat(head, headBytes);
  if (sample.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });

  const detected = detectEncoding(sample, isDone);
  const encoding = options.encoding ?? detected.encoding;
  const decoder = createStreamingDecoder(encoding);
  let firstText: string;
  try {
    firstText = decoder.decode(sample.subarray(detected.bomLength), { stream: !isDone });
  } catch {
    return fail({ kind: 'encoding', message: 'The file is not valid UTF-8 text.' });
  }
  const delimiter = options.delimiter ?? detectDelimiter(firstText);
  const stream: { error: ExtractionError | undefined } = { error: undefined };

  async function* generateBatches(): AsyncGenerator<GridRow[]> {
    let pending = firstText;
    let rowNumber = 0;
    let totalBytes = headBytes;
    let isFinal = isDone;
    for (;;) {
      let start = 0;
      for (;;) {
        const parsed = parseDelimited(pending, delimiter, isFinal, limits.maxCellLength, {
          start,
          maxRecords: BATCH_ROWS,
        });
        if (parsed.oversizedCell) {
          stream.error = {
            kind: 'limit-exceeded',
            limit: 'cellLength',
            maximum: limits.maxCellLength,
            message: `A field after row ${rowNumber} is longer than ${limits.maxCellLength} characters (an unclosed quote?).`,
          };
          return;
        }
        const { records } = parsed;
        start = parsed.consumed;
        if (records.length === 0) break;
        if (rowNumber + records.length > limits.maxRows) {
          stream.error = tooManyRows(limits.maxRows);
          return;
        }
        const batch: GridRow[] = new Array<GridRow>(records.length);
        for (let i = 0; i < records.length; i++) {
          batch[i] = { rowNumber: ++rowNumber, cells: records[i] as string[] };
        }
        yield batch;
        if (records.length < BATCH_ROWS) break;
      }
      pending = pending.slice(start);
      if (isFinal) return;
      const next = await iterator.next().catch((cause: unknown) => ({ failed: cause }) as const);
      if ('failed' in next) {
        stream.error = { kind: 'unsupported', message: `The file could not be read: ${String(next.failed)}` };
        return;
      }
      if (next.done) {
        isFinal = true;
        try {
          pending += decoder.decode();
        } catch {
          stream.error = invalidText(rowNumber);
          return;
        }
        continue;
      }
      totalBytes += next.value.byteLength;
      if (totalBytes > limits.maxFileBytes) {
        stream.error = refuseSize(limits.maxFileBytes).error;
        return;
      }
      try {
        pending += decoder.decode(next.value, { stream: true });
      } catch {
        stream.error = invalidText(rowNumber);
        return;
      }
    }
  }

  return ok({
    layout: { encoding, delimiter },
    batches: generateBatches(),
    get error() {
      return stream.error;
    },
  });
}

/** Reads a whole CSV/TXT source into a grid. */
export async function readCsv(source: ByteSource, options: CsvOptions = {}): Promise<Result<Grid>> {
  const opened = await openCsv(source, options);
  if (!opened.ok) return opened;
  const rows: GridRow[] = [];
  for await (const batch of opened.value.batches) for (const row of batch) rows.push(row);
  if (opened.value.error) return fail(opened.value.error);
  const { encoding, delimiter } = opened.value.layout;
  return ok({ sheets: [{ name: 'Sheet1', rows }], source: { format: 'csv', encoding, delimiter } });
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

function tooManyRows(maximum: number): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'rows',
    maximum,
    message: `The file has more than ${maximum} rows.`,
  };
}

function invalidText(afterRow: number): ExtractionError {
  return {
    kind: 'encoding',
    message: `The text after row ${afterRow} is not valid UTF-8 (mixed encodings?).`,
  };
}
