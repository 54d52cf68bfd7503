import type { MessagePort } from 'node:worker_threads';
import type { Result } from '../core/result.js';
import type { IngestTaskName } from './ingest-tasks.js';

/**
 * A file for a warm thread (ingest-worker.mjs), sent on the thread's own port: the task's whole
 * conversation, the result last, goes over `port`, a channel of its own that both sides close after
 * it, so a late message of one file can never be read as another's.
 */
export interface ParentToThread {
  name: IngestTaskName;
  input: unknown;
  port: MessagePort;
}

/** What comes back on a task's port: its messages, then its result (or the reader's crash). */
export type ThreadToParent =
  /** The thread's heap after the task: a thread past half its limit is not given another file. */
  | { type: 'result'; result: Result<unknown>; heapUsedBytes: number }
  | { type: 'crash'; detail: string }
  | WorkerToParent;

/** What the worker sends its parent while a task runs, besides the result. */
export type WorkerToParent =
  | { type: 'pull' }
  | { type: 'rows'; rows: unknown[] }
  | { type: 'grid-rows'; rows: unknown[]; sheet: string }
  | { type: 'bug'; detail: string };

/** What the parent answers: a chunk of the file (or its end) for a pull, an ack for a batch. */
export type ParentToWorker =
  { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'source-failed' } | { type: 'ack' };

/**
 * Batches on their way to the parent, unacknowledged, at most: the worker reads on while the
 * parent stores one batch and holds the next, and waits beyond that, so neither side ever holds
 * more than a few batches (back-pressure).
 */
export const MAX_BATCHES_IN_FLIGHT = 2;
/** Canonical rows per message at most: a larger batch handed to sendRows is cut to this. */
export const ROWS_PER_MESSAGE = 1024;

/** The worker's side of a task's conversation with its parent (run-in-worker.ts has the other). */
export interface ParentChannel {
  /** The file, chunk by chunk, pulled from the parent as the reader needs it. */
  source(): AsyncIterable<Uint8Array>;
  /** Sends a batch; resolves once few enough batches wait for the parent. */
  sendRows(rows: readonly unknown[]): Promise<void>;
  sendGridRows(rows: readonly unknown[], sheet: string): Promise<void>;
  reportBug(cause: unknown): void;
}

export function createParentChannel(port: MessagePort): ParentChannel {
  const pulls: ((reply: ParentToWorker) => void)[] = [];
  const acks: (() => void)[] = [];
  let inFlight = 0;
  port.on('message', (message: ParentToWorker) => {
    if (message.type !== 'ack') {
      pulls.shift()?.(message);
      return;
    }
    inFlight--;
    acks.shift()?.();
  });

  async function send(message: WorkerToParent): Promise<void> {
    port.postMessage(message);
    inFlight++;
    while (inFlight >= MAX_BATCHES_IN_FLIGHT) await new Promise<void>((resolve) => acks.push(resolve));
  }

  return {
    async *source() {
      for (;;) {
        const reply = await new Promise<ParentToWorker>((resolve) => {
          pulls.push(resolve);
          port.postMessage({ type: 'pull' } satisfies WorkerToParent);
        });
        if (reply.type === 'chunk') yield reply.bytes;
        else if (reply.type === 'end') return;
        else throw new Error('The file could not be read from its source.');
      }
    },
    async sendRows(rows) {
      for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE) {
        await send({ type: 'rows', rows: rows.slice(at, at + ROWS_PER_MESSAGE) });
      }
    },
    async sendGridRows(rows, sheet) {
      await send({ type: 'grid-rows', rows: rows as unknown[], sheet });
    },
    reportBug(cause) {
      const detail = cause instanceof Error && cause.stack ? cause.stack : String(cause);
      port.postMessage({ type: 'bug', detail } satisfies WorkerToParent);
    },
  };
}
