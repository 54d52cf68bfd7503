import type { PGlite } from '@electric-sql/pglite';

/**
 * pglite-socket (0.2.x) multiplexes every connection onto the one PGlite session, one protocol message
 * at a time, and keeps a connection's turn only while a transaction is open. node-postgres sends a
 * parameterised query as an extended-protocol batch (Parse, Bind, Describe, Execute, Sync) whose
 * unnamed statement lives until Sync: another connection's message between them rebinds it, so a
 * request may get another request's rows or 'unnamed prepared statement does not exist'
 * (electric-sql/pglite#1046; embedded mode only). Found when two concurrent upload completions got each
 * other's answers. This keeps a connection's turn from the first message of a batch to its Sync (or a
 * simple Query), on top of the library's own rule for transactions.
 */

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
  onData: (data: Uint8Array) => void;
}

/** The library's query queue: what this file relies on, checked at start-up. */
interface QueryQueue {
  db: PGlite;
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

// Frontend messages that leave an extended-protocol batch open until the Sync that ends it.
const BATCH_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));

function isQueryQueue(value: unknown): value is QueryQueue {
  const q = value as Partial<QueryQueue> | null;
  return (
    !!q &&
    Array.isArray(q.queue) &&
    typeof q.processQueue === 'function' &&
    typeof q.clearQueueForHandler === 'function' &&
    'lastHandlerId' in q &&
    'processing' in q
  );
}

/** Makes the socket server's queue serve one connection's batch whole; throws if its shape changed. */
export function serializeProtocolBatches(server: object): void {
  const queue = (server as { queryQueue?: unknown }).queryQueue;
  if (!isQueryQueue(queue))
    throw new Error('pglite-socket changed its query queue: review src/db/pglite-batch-queue.ts.');
  let batchOwner: number | null = null;

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = batchOwner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === owner);
        // The owner's next message has not arrived yet: its enqueue starts the queue again.
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, { onRawData: item!.onData }),
          );
        } catch (error) {
          batchOwner = null;
          item!.reject(error);
          continue;
        }
        this.lastHandlerId = item!.handlerId;
        batchOwner = BATCH_MESSAGES.has(item!.message[0]!) ? item!.handlerId : null;
        item!.resolve(item!.message.length);
      }
    } finally {
      this.processing = false;
    }
  };

  // A connection that goes away mid-batch gives its turn back, or the others would wait for ever.
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (batchOwner === handlerId) {
      batchOwner = null;
      setImmediate(() => void queue.processQueue());
    }
  };
}
