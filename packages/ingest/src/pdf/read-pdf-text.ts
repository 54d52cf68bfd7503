import { Worker } from 'node:worker_threads';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { describeBytes } from './check-pdf-streams.js';
import type { TextItem } from './place-text-items.js';

type WorkerMessage =
  | { type: 'opened'; pages: number }
  | { type: 'page-start'; page: number }
  | { type: 'page'; page: number; items: TextItem[] }
  | { type: 'done' }
  | { type: 'buffer-refused' }
  | { type: 'error'; name: string };

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);

export type PdfTextLimits = Pick<
  Limits,
  'maxPdfPages' | 'maxPdfMillis' | 'maxPdfStreamBytes' | 'maxPdfHeapMb'
>;

function tooSlow(limits: PdfTextLimits, where: string): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'pdfTime',
    maximum: limits.maxPdfMillis,
    message: `Reading the PDF took longer than ${limits.maxPdfMillis} ms (stopped while ${where}).`,
  };
}

/** pdf.js's failures in words: its exception text is not for users. */
function describeFailure(name: string): ExtractionError {
  const message =
    name === 'PasswordException'
      ? 'The PDF is password-protected; ask the bank for a statement without a password.'
      : 'The PDF could not be read: it is damaged or not a PDF.';
  return { kind: 'malformed', format: 'pdf', message };
}

/**
 * The text items of every page, read by pdf.js in a worker thread with its own heap limit; the
 * deadline terminates it wherever it is, and a buffer past maxPdfStreamBytes stops it.
 */
export function readPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits,
  started: number,
  options: { mayTransfer?: boolean } = {},
): Promise<Result<TextItem[][]>> {
  // pdf.js detaches the buffer it is given: a caller's buffer is copied, one of our own is moved
  // (when it is the whole of its ArrayBuffer, never a slice of a shared pool).
  const isWhole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const data = options.mayTransfer === true && isWhole ? bytes : new Uint8Array(bytes);
  return new Promise((resolve) => {
    const pages: TextItem[][] = [];
    let where = 'opening the PDF';
    let pageCount = 0;
    let isSettled = false;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, {
        workerData: { data, maxPages: limits.maxPdfPages, maxBufferBytes: limits.maxPdfStreamBytes },
        // Plain JavaScript: no loader flags (tsx would transform all of pdf.js again per file).
        execArgv: [],
        transferList: [data.buffer as ArrayBuffer],
        resourceLimits: {
          maxOldGenerationSizeMb: limits.maxPdfHeapMb,
          maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(limits.maxPdfHeapMb / 8))),
        },
      });
    } catch {
      resolve(fail({ kind: 'unsupported', message: 'The PDF reader could not start; please try again.' }));
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
      } else if (message.type === 'buffer-refused') {
        settle(
          fail({
            kind: 'limit-exceeded',
            limit: 'pdfUnpackedSize',
            maximum: limits.maxPdfStreamBytes,
            message: `A compressed part of the PDF unpacks to more than ${describeBytes(limits.maxPdfStreamBytes)} (stopped while ${where}).`,
          }),
        );
      } else {
        settle(fail(describeFailure(message.name)));
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') return settle(fail(describeFailure(error.name)));
      settle(
        fail({
          kind: 'limit-exceeded',
          limit: 'memory',
          maximum: limits.maxPdfHeapMb,
          message: `Reading the PDF needs more than the ${limits.maxPdfHeapMb} MB of memory allowed (stopped while ${where}).`,
        }),
      );
    });
    worker.on('exit', () => settle(fail(describeFailure('exit'))));
  });
}
