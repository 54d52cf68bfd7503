import type { MessagePort } from 'node:worker_threads';
import { isByteArray, type ByteSource } from '../core/byte-source.js';
import type { GridRow } from '../core/grid.js';
import type { CanonicalRow } from '../extract-grid.js';
import type { Deadline } from './create-deadline.js';
import type { ExtractFileInput, WorkerExtractOptions } from './ingest-tasks.js';
import type { ParentToWorker, WorkerToParent } from './parent-channel.js';
import type { Conversation } from './run-task.js';

/** extractFile's options for a worker: the same, with handlers the parent awaits batch by batch. */
export interface WorkerExtraction extends WorkerExtractOptions {
  /**
   * The file's size, when known (a stored upload's): the worker then holds a workbook, PDF or JSON
   * once instead of as chunks and their copy. Set by itself when the source is a buffer.
   */
  fileSize?: number;
  onRows?: (rows: CanonicalRow[]) => void | Promise<void>;
  onGridRows?: (rows: GridRow[], sheet: string) => void | Promise<void>;
}

/** Slices of a buffer handed to the worker: each is copied once and moved, never shared. */
const CHUNK_BYTES = 1024 * 1024;

function toChunks(source: ByteSource): AsyncIterator<Uint8Array> {
  if (!isByteArray(source)) return source[Symbol.asyncIterator]();
  const bytes = source;
  return (async function* () {
    for (let at = 0; at < bytes.byteLength; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
  })();
}

/**
 * The parent's side of an extraction in a worker (the worker's is parent-channel.ts): it answers
 * the worker's pulls with the file's next chunk and hands each batch of rows to the caller's
 * handler, one at a time, acknowledging it when the handler is done. The deadline is held while a
 * handler runs.
 */
export function createExtractionConversation(
  source: ByteSource,
  extraction: WorkerExtraction,
): { input: ExtractFileInput; conversation: Conversation } {
  const { onRows, onGridRows, fileSize, ...options } = extraction;
  const chunks = toChunks(source);
  let isClosed = false;
  let handled = Promise.resolve();

  async function answerPull(port: MessagePort) {
    let reply: ParentToWorker;
    try {
      const next = await chunks.next();
      if (next.done) reply = { type: 'end' };
      else {
        const bytes = new Uint8Array(next.value);
        if (!isClosed) port.postMessage({ type: 'chunk', bytes } satisfies ParentToWorker, [bytes.buffer]);
        return;
      }
    } catch {
      reply = { type: 'source-failed' };
    }
    if (!isClosed) port.postMessage(reply);
  }

  function handleBatch(
    message: WorkerToParent,
    port: MessagePort,
    deadline: Deadline,
    abort: (e: unknown) => void,
  ) {
    handled = handled.then(async () => {
      if (isClosed) return;
      deadline.pause();
      try {
        if (message.type === 'rows') await onRows?.(message.rows as CanonicalRow[]);
        else if (message.type === 'grid-rows') await onGridRows?.(message.rows as GridRow[], message.sheet);
      } catch (cause) {
        abort(cause);
        return;
      } finally {
        deadline.resume();
      }
      if (!isClosed) port.postMessage({ type: 'ack' } satisfies ParentToWorker);
    });
  }

  return {
    input: {
      options,
      fileSize: isByteArray(source) ? source.byteLength : fileSize,
      hasRowsHandler: onRows !== undefined,
      hasGridRowsHandler: onGridRows !== undefined,
    },
    conversation: {
      onMessage(message, port, deadline, abort) {
        if (message.type === 'pull') void answerPull(port);
        else handleBatch(message, port, deadline, abort);
      },
      drain: () => handled,
      close() {
        isClosed = true;
        // A stream the reader no longer wants is released (a Readable is destroyed).
        void chunks.return?.().catch(() => undefined);
      },
    },
  };
}
