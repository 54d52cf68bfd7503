import type { ByteSource } from '../core/byte-source.js';
import { readSizedBytes } from '../core/read-sized-bytes.js';
import { guardReader } from '../core/guard-reader.js';
import { collectGrid, createRowBatcher, refuseRows, type GridFile } from '../core/grid-file.js';
import type { Grid, GridRow } from '../core/grid.js';
import { heldFileLimit, resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { checkPdfStreams } from './check-pdf-streams.js';
import { placeTextItems } from './place-text-items.js';
import { readPdfText } from './read-pdf-text.js';

const EOF_MARKER = Buffer.from('%%EOF');

/** A PDF ends with %%EOF (after its last update); one that does not was cut off. */
function isComplete(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-1024);
  return tail.includes(EOF_MARKER);
}

/**
 * Opens a PDF as a one-sheet grid (ingestion.md step 1): the text layer is read by pdf.js in a
 * worker thread (read-pdf-text.ts) with a heap limit and terminated at maxPdfMillis, so the time
 * limit holds inside a page as well as between pages, after a scan that refuses compression bombs
 * (check-pdf-streams.ts). Columns are found across the whole document, so the text is placed
 * before the first row is handed on. A PDF without text (a scan) fails with a clear message.
 * `mayTransfer`: the bytes are the reader's own and may be moved to pdf.js's thread, not copied.
 */
export async function openPdf(
  bytes: Uint8Array,
  limits: Limits,
  options: { mayTransfer?: boolean } = {},
): Promise<Result<GridFile>> {
  const started = Date.now();
  if (bytes.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  if (!isComplete(bytes)) {
    return fail({
      kind: 'malformed',
      format: 'pdf',
      message: 'The PDF is incomplete: it does not end with %%EOF (was the upload cut off?).',
    });
  }
  const bomb = await checkPdfStreams(bytes, limits);
  if (bomb) return fail(bomb);
  const read = await readPdfText(bytes, limits, started, options);
  if (!read.ok) return read;
  const pages = read.value;
  if (pages.every((p) => p.length === 0)) {
    return fail({
      kind: 'pdf-without-text',
      message:
        'This PDF has no text layer (a scanned image?). Ask the bank for a CSV or a text PDF statement.',
    });
  }
  const lines = placeTextItems(pages);
  if (Date.now() - started > limits.maxPdfMillis) {
    return fail({
      kind: 'limit-exceeded',
      limit: 'pdfTime',
      maximum: limits.maxPdfMillis,
      message: `Reading the PDF took longer than ${limits.maxPdfMillis} ms (stopped while placing the text).`,
    });
  }
  if (lines.length > limits.maxRows) return fail(refuseRows(limits.maxRows, 'The PDF'));
  return ok({
    source: { format: 'pdf' },
    sheetNames: ['PDF'],
    async readSheet(index, onRows) {
      if (index !== 0) return ok(undefined);
      const batcher = createRowBatcher(onRows);
      for (let i = 0; i < lines.length; i++) {
        const { cells, ...line } = lines[i] as (typeof lines)[number];
        const row: GridRow = { rowNumber: i + 1, cells, line };
        if (batcher.add(row) && (await batcher.flush())) return ok(undefined);
      }
      await batcher.flush();
      return ok(undefined);
    },
  });
}

/**
 * Reads the text layer of a PDF into a grid, refusing more pages than the limit. Each row carries
 * its line's page and position for the template's table rules.
 */
export async function readPdf(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  return guardReader('pdf', async () => {
    const limits = resolveLimits(options.limits);
    const bytes = await readSizedBytes(source, heldFileLimit(limits));
    if (!bytes.ok) return bytes;
    const file = await openPdf(bytes.value, limits, { mayTransfer: bytes.value !== source });
    return file.ok ? collectGrid(file.value, limits) : file;
  });
}
