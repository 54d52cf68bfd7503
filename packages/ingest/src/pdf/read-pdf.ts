import { Worker } from 'node:worker_threads';
import { readAllBytes, type ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Grid } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { placeTextItems, type TextItem } from './place-text-items.js';

type WorkerMessage =
  | { type: 'opened'; pages: number }
  | { type: 'page-start'; page: number }
  | { type: 'page'; page: number; items: TextItem[] }
  | { type: 'done' }
  | { type: 'error'; message: string };

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);

/**
 * Reads the text layer of a PDF into a grid (ingestion.md step 1), refusing more pages than the
 * limit. pdf.js runs in a worker thread that is terminated when maxPdfMillis is up, so the time
 * limit holds inside a page as well as between pages. A PDF without text (a scan) fails with a
 * clear message. Each row carries its line's page and position for the template's table rules.
 */
export async function readPdf(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  const limits = resolveLimits(options.limits);
  const started = Date.now();
  const bytes = await readAllBytes(source, limits.maxFileBytes);
  if (!bytes.ok) return bytes;
  const read = await readTextItems(bytes.value, limits, started);
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
  if (Date.now() - started > limits.maxPdfMillis) return fail(tooSlow(limits, 'placing the text'));
  if (lines.length > limits.maxRows) {
    return fail({
      kind: 'limit-exceeded',
      limit: 'rows',
      maximum: limits.maxRows,
      message: `The PDF has more than ${limits.maxRows} rows.`,
    });
  }
  const rows = lines.map(({ cells, ...line }, i) => ({ rowNumber: i + 1, cells, line }));
  return ok({ sheets: [{ name: 'PDF', rows }], source: { format: 'pdf' } });
}

/** The text items of every page, read by the worker; the deadline terminates it wherever it is. */
function readTextItems(bytes: Uint8Array, limits: Limits, started: number): Promise<Result<TextItem[][]>> {
  // The worker gets its own copy: pdf.js detaches the buffer it is given.
  const data = new Uint8Array(bytes);
  return new Promise((resolve) => {
    const pages: TextItem[][] = [];
    let where = 'opening the PDF';
    let pageCount = 0;
    let isSettled = false;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, {
        workerData: { data, maxPages: limits.maxPdfPages },
        // Plain JavaScript: no loader flags (tsx would transform all of pdf.js again per file).
        execArgv: [],
        transferList: [data.buffer],
      });
    } catch (cause) {
      resolve(fail({ kind: 'unsupported', message: `The PDF reader could not start: ${String(cause)}` }));
      return;
    }
    const settle = (result: Result<TextItem[][]>) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle(fail(tooSlow(limits, where))),
      Math.max(0, limits.maxPdfMillis - (Date.now() - started)),
    );
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'opened') {
        if (message.pages > limits.maxPdfPages) {
          settle(
            fail({
              kind: 'limit-exceeded',
              limit: 'pdfPages',
              maximum: limits.maxPdfPages,
              message: `The PDF has ${message.pages} pages, more than the ${limits.maxPdfPages} allowed.`,
            }),
          );
        }
        where = `opening the PDF (${message.pages} pages)`;
        pageCount = message.pages;
      } else if (message.type === 'page-start') {
        where = `reading page ${message.page} of ${pageCount}`;
      } else if (message.type === 'page') {
        pages.push(message.items);
      } else if (message.type === 'done') {
        settle(ok(pages));
      } else {
        settle(malformed(message.message));
      }
    });
    worker.on('error', (cause) => settle(malformed(String(cause))));
    worker.on('exit', () => settle(malformed('the reader stopped before the last page')));
  });
}

function tooSlow(limits: Limits, where: string): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'pdfTime',
    maximum: limits.maxPdfMillis,
    message: `Reading the PDF took longer than ${limits.maxPdfMillis} ms (stopped while ${where}).`,
  };
}

function malformed(reason: string) {
  return fail({ kind: 'malformed' as const, format: 'pdf', message: `The PDF could not be read: ${reason}` });
}
