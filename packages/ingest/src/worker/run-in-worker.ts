import { Worker } from 'node:worker_threads';
import type { ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import { fail, type Result } from '../core/result.js';
import type { Extraction } from '../extract-file.js';
import { createDeadline, type Deadline } from './create-deadline.js';
import { createExtractionConversation, type WorkerExtraction } from './extract-in-worker.js';
import type { IngestTaskName, IngestTasks } from './ingest-tasks.js';
import type { WorkerToParent } from './parent-channel.js';

/** What one file may cost: the worker's JavaScript heap and the wall-clock time until it is stopped. */
export interface WorkerBudget {
  maxHeapMb: number;
  timeoutMs: number;
}

export interface IngestWorkers {
  /** Reads a user's file in a worker thread within the budget; never throws, never blocks the caller. */
  run<N extends Exclude<IngestTaskName, 'extractFile'>>(
    name: N,
    input: IngestTasks[N]['input'],
    budget: WorkerBudget,
  ): Promise<Result<IngestTasks[N]['output']>>;
  /**
   * One extraction job in a worker thread within the budget (README "Extraction in a worker"): the
   * file is pulled from `source` chunk by chunk, rows come back in batches through `onRows`
   * (and `onGridRows`), each awaited before more than a few are sent. Time spent in those handlers
   * does not count against the budget. Rejects only when the handlers themselves throw.
   */
  extractFile(
    source: ByteSource,
    options: WorkerExtraction,
    budget: WorkerBudget,
  ): Promise<Result<Extraction>>;
  /** Workers reading now and calls waiting for one: for health and tests. */
  stats(): { running: number; waiting: number };
}

type WorkerMessage =
  { type: 'result'; result: Result<unknown> } | { type: 'crash'; detail: string } | WorkerToParent;

/** A task's messages besides its result, answered through `worker`; `abort` rejects the call. */
export interface Conversation {
  onMessage(
    message: WorkerToParent,
    worker: Worker,
    deadline: Deadline,
    abort: (cause: unknown) => void,
  ): void;
  /** Resolves once every batch received so far was handled: the result waits for it. */
  drain(): Promise<void>;
  close(): void;
}

const WORKER_URL = new URL('./ingest-worker.mjs', import.meta.url);

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

/** A budget the pool can start a worker with: a heap and a time, both positive numbers. */
function isBudget(budget: WorkerBudget): boolean {
  try {
    const { maxHeapMb, timeoutMs } = budget;
    return Number.isFinite(maxHeapMb) && maxHeapMb > 0 && Number.isFinite(timeoutMs) && timeoutMs > 0;
  } catch {
    return false;
  }
}

const INVALID_BUDGET: ExtractionError = {
  kind: 'unsupported',
  message: 'The file was not read: the reading budget (memory and time) is not valid.',
};

/** One worker for one file: started with heap limits, terminated at the deadline, whatever it is doing. */
function runOnce(
  name: IngestTaskName,
  input: unknown,
  budget: WorkerBudget,
  onCrash: (detail: string) => void,
  conversation?: Conversation,
): Promise<Result<unknown>> {
  return new Promise((resolve, reject) => {
    let isSettled = false;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, {
        workerData: { name, input },
        // The entry registers tsx itself; the parent's loader flags would load it twice.
        execArgv: [],
        resourceLimits: {
          maxOldGenerationSizeMb: budget.maxHeapMb,
          maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(budget.maxHeapMb / 8))),
        },
      });
    } catch (cause) {
      onCrash(String(cause));
      conversation?.close();
      resolve(fail({ kind: 'unsupported', message: READER_STOPPED }));
      return;
    }
    const finish = (settleWith: () => void) => {
      if (isSettled) return;
      isSettled = true;
      deadline.clear();
      conversation?.close();
      void worker.terminate();
      settleWith();
    };
    const settle = (result: Result<unknown>) => finish(() => resolve(result));
    const abort = (cause: unknown) => finish(() => reject(cause));
    const deadline = createDeadline(budget.timeoutMs, () => settle(fail(tooSlow(budget))));
    worker.on('message', (message: WorkerMessage) => {
      if (isSettled) return;
      if (message.type === 'result') {
        const { result } = message;
        if (!conversation) return settle(result);
        void conversation.drain().then(() => settle(result));
        return;
      }
      if (message.type === 'crash') {
        onCrash(message.detail);
        return settle(fail({ kind: 'unsupported', message: READER_STOPPED }));
      }
      if (message.type === 'bug') return onCrash(message.detail);
      conversation?.onMessage(message, worker, deadline, abort);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return settle(fail(tooMuchMemory(budget)));
      onCrash(String(error.stack ?? error));
      settle(fail({ kind: 'unsupported', message: READER_STOPPED }));
    });
    worker.on('exit', () => settle(fail({ kind: 'unsupported', message: READER_STOPPED })));
  });
}

/**
 * The ingest worker pool: at most `concurrency` files are read at once (each in its own thread with its
 * own heap limit, so memory stays bounded by concurrency x budget); later calls wait their turn.
 */
export function createIngestWorkers(options: {
  concurrency: number;
  onCrash?: (detail: string) => void;
}): IngestWorkers {
  const { concurrency, onCrash } = readPoolOptions(options);
  const waiting: (() => void)[] = [];
  let running = 0;

  async function takeTurn() {
    if (running < concurrency) {
      running += 1;
      return;
    }
    // The finishing call hands its slot over, so running stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function giveTurn() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    await takeTurn();
    try {
      return await work();
    } finally {
      giveTurn();
    }
  }

  return {
    run: (name, input, budget) =>
      isBudget(budget)
        ? (inTurn(() => runOnce(name, input, budget, onCrash)) as Promise<
            Result<IngestTasks[typeof name]['output']>
          >)
        : Promise.resolve(fail(INVALID_BUDGET)),
    extractFile(source, extraction, budget) {
      if (!isBudget(budget)) return Promise.resolve(fail(INVALID_BUDGET));
      return inTurn(() => {
        let started: ReturnType<typeof createExtractionConversation>;
        try {
          started = createExtractionConversation(source, extraction);
        } catch {
          // A source that is neither bytes nor a stream, options that are not an object.
          return Promise.resolve(fail({ kind: 'unsupported', message: READER_STOPPED }));
        }
        const { input, conversation } = started;
        return runOnce('extractFile', input, budget, onCrash, conversation) as Promise<Result<Extraction>>;
      });
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/** The pool's options as given, or safe ones: at least one worker, a crash handler that cannot throw. */
function readPoolOptions(options: { concurrency: number; onCrash?: (detail: string) => void }) {
  let concurrency = 1;
  let handler: ((detail: string) => void) | undefined;
  try {
    if (Number.isInteger(options.concurrency) && options.concurrency > 0) concurrency = options.concurrency;
    if (typeof options.onCrash === 'function') handler = options.onCrash;
  } catch {
    // Options that cannot be read: one worker, crashes not reported.
  }
  const onCrash = (detail: string) => {
    try {
      handler?.(detail);
    } catch {
      // The log's failure must not reach the reading.
    }
  };
  return { concurrency, onCrash };
}
