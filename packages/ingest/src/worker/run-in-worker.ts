import type { ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import { fail, type Result } from '../core/result.js';
import type { Extraction } from '../extract-file.js';
import { createExtractionConversation, type WorkerExtraction } from './extract-in-worker.js';
import type { IngestTaskName, IngestTasks } from './ingest-tasks.js';
import { createIngestThreads, IDLE_TIMEOUT_MS, MAX_TASKS_PER_THREAD } from './ingest-threads.js';
import { READER_STOPPED, runTask, type WorkerBudget } from './run-task.js';

export { READER_STOPPED, type WorkerBudget } from './run-task.js';

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
  /** Threads started so far and those idle now, kept warm for the next file: for health and tests. */
  threads(): { started: number; idle: number };
}

/** How many threads may be kept warm and for how long; the defaults suit the server. */
export interface IngestWorkersOptions {
  concurrency: number;
  onCrash?: (detail: string) => void;
  /** An idle thread is terminated after this long without a file (30 s). */
  idleTimeoutMs?: number;
  /** A thread is replaced after this many files (200). */
  maxTasksPerThread?: number;
}

const WORKER_URL = new URL('./ingest-worker.mjs', import.meta.url);

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

/**
 * The ingest worker pool: at most `concurrency` files are read at once (each in a thread with the
 * budget's heap limit, so memory stays bounded by concurrency x budget); later calls wait their turn.
 * A thread that answered cleanly reads the next file with the same heap limit (ingest-threads.ts).
 */
export function createIngestWorkers(options: IngestWorkersOptions): IngestWorkers {
  const { concurrency, onCrash, idleTimeoutMs, maxTasksPerThread } = readPoolOptions(options);
  const threads = createIngestThreads({
    url: WORKER_URL,
    limit: concurrency,
    idleTimeoutMs,
    maxTasksPerThread,
    onCrash,
  });
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
        ? (inTurn(() => runTask(threads, name, input, budget, onCrash)) as Promise<
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
        return runTask(threads, 'extractFile', input, budget, onCrash, conversation) as Promise<
          Result<Extraction>
        >;
      });
    },
    stats: () => ({ running, waiting: waiting.length }),
    threads: () => threads.counts(),
  };
}

const isPositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The pool's options as given, or safe ones: at least one worker, a crash handler that cannot throw. */
function readPoolOptions(options: IngestWorkersOptions) {
  let concurrency = 1;
  let idleTimeoutMs = IDLE_TIMEOUT_MS;
  let maxTasksPerThread = MAX_TASKS_PER_THREAD;
  let handler: ((detail: string) => void) | undefined;
  try {
    if (Number.isInteger(options.concurrency) && options.concurrency > 0) concurrency = options.concurrency;
    if (typeof options.onCrash === 'function') handler = options.onCrash;
    // A timer takes at most 2^31 - 1 ms.
    if (isPositive(options.idleTimeoutMs)) idleTimeoutMs = Math.min(options.idleTimeoutMs, 2 ** 31 - 1);
    if (isPositive(options.maxTasksPerThread)) maxTasksPerThread = options.maxTasksPerThread;
  } catch {
    // Options that cannot be read: one worker, the default thread lifetimes, crashes not reported.
  }
  const onCrash = (detail: string) => {
    try {
      handler?.(detail);
    } catch {
      // The log's failure must not reach the reading.
    }
  };
  return { concurrency, onCrash, idleTimeoutMs, maxTasksPerThread };
}
