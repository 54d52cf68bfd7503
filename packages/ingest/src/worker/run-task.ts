import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { ExtractionError } from '../core/extraction-error.js';
import { fail, type Result } from '../core/result.js';
import { createDeadline, type Deadline } from './create-deadline.js';
import type { IngestTaskName } from './ingest-tasks.js';
import type { IngestThread, IngestThreads } from './ingest-threads.js';
import type { ParentToThread, ThreadToParent, WorkerToParent } from './parent-channel.js';

/** What one file may cost: the worker's JavaScript heap and the wall-clock time until it is stopped. */
export interface WorkerBudget {
  maxHeapMb: number;
  timeoutMs: number;
}

/** A task's messages besides its result, answered through the task's `port`; `abort` rejects the call. */
export interface Conversation {
  onMessage(
    message: WorkerToParent,
    port: MessagePort,
    deadline: Deadline,
    abort: (cause: unknown) => void,
  ): void;
  /** Resolves once every batch received so far was handled: the result waits for it. */
  drain(): Promise<void>;
  close(): void;
}

export const READER_STOPPED =
  'The file reader stopped unexpectedly. Please try again, or send the file to support.';

function tooMuchMemory(budget: WorkerBudget): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'memory',
    maximum: budget.maxHeapMb,
    message: `Reading the file needs more than the ${budget.maxHeapMb} MB of memory allowed.`,
  };
}

const describeDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

function tooSlow(budget: WorkerBudget): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'time',
    maximum: budget.timeoutMs,
    message: `Reading the file took longer than the ${describeDuration(budget.timeoutMs)} allowed.`,
  };
}

/**
 * One file in a thread of the pool, over a port of its own: a message of an earlier file can never
 * reach this one. The thread is terminated at the deadline, whatever it is doing, and on any failure;
 * only a clean result hands it back for the next file.
 */
export function runTask(
  threads: IngestThreads,
  name: IngestTaskName,
  input: unknown,
  budget: WorkerBudget,
  onCrash: (detail: string) => void,
  conversation?: Conversation,
): Promise<Result<unknown>> {
  return new Promise((resolve, reject) => {
    let isSettled = false;
    let hasResult = false;
    let thread: IngestThread;
    try {
      thread = threads.take(budget.maxHeapMb);
    } catch (cause) {
      onCrash(String(cause));
      conversation?.close();
      resolve(fail({ kind: 'unsupported', message: READER_STOPPED }));
      return;
    }
    const { port1: port, port2: threadPort } = new MessageChannel();
    /** Settles the call; `heapUsedBytes` is given for a clean result only, else the thread goes. */
    const finish = (settleWith: () => void, heapUsedBytes?: number) => {
      if (isSettled) return;
      isSettled = true;
      deadline.clear();
      conversation?.close();
      port.close();
      if (heapUsedBytes === undefined) threads.discard(thread);
      else threads.giveBack(thread, heapUsedBytes);
      settleWith();
    };
    const settle = (result: Result<unknown>) => finish(() => resolve(result));
    const abort = (cause: unknown) => finish(() => reject(cause));
    const stopped = () => settle(fail({ kind: 'unsupported', message: READER_STOPPED }));
    const deadline = createDeadline(budget.timeoutMs, () => settle(fail(tooSlow(budget))));
    thread.onStop = (error) => {
      const isOutOfMemory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (error && !isOutOfMemory) onCrash(String(error.stack ?? error));
      // After its result the task is whole: the thread is only not reused.
      if (hasResult) return;
      if (isOutOfMemory) settle(fail(tooMuchMemory(budget)));
      else stopped();
    };
    port.on('message', (message: ThreadToParent) => {
      // The result is the task's last word: anything after it is not the task's.
      if (isSettled || hasResult) return;
      if (message.type === 'result') {
        hasResult = true;
        const clean = () => finish(() => resolve(message.result), message.heapUsedBytes);
        if (!conversation) return clean();
        void conversation.drain().then(clean);
        return;
      }
      if (message.type === 'crash') {
        onCrash(message.detail);
        return stopped();
      }
      if (message.type === 'bug') return onCrash(message.detail);
      conversation?.onMessage(message, port, deadline, abort);
    });
    try {
      const task: ParentToThread = { name, input, port: threadPort };
      thread.worker.postMessage(task, [threadPort]);
    } catch (cause) {
      // An input that cannot cross to the thread.
      threadPort.close();
      onCrash(String(cause));
      stopped();
    }
  });
}
