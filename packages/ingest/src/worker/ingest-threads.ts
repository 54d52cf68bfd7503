import { Worker } from 'node:worker_threads';

/** How long a warm thread waits for its next file before it is terminated. */
export const IDLE_TIMEOUT_MS = 30_000;
/** Files a thread reads before it is replaced, so no slow leak of the readers can pile up. */
export const MAX_TASKS_PER_THREAD = 200;

/** Why a busy thread stopped: an error (its code says whether it ran out of memory), or its exit. */
export type ThreadStop = (error?: Error & { code?: string }) => void;

/** A worker thread with the heap limit it was started with (fixed for its life). */
export interface IngestThread {
  readonly worker: Worker;
  /** The pool that started it: only that pool reuses it. */
  readonly owner: object;
  readonly maxHeapMb: number;
  tasks: number;
  isStopped: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Set while the thread reads a file: told when it dies under that file. */
  onStop?: ThreadStop;
}

export interface IngestThreads {
  /** A warm thread with this heap limit, or a fresh one (an idle thread of another limit makes way). */
  take(maxHeapMb: number): IngestThread;
  /** A thread after a clean result: kept warm for the next file, unless it is worn or its heap is full. */
  giveBack(thread: IngestThread, heapUsedBytes: number): void;
  /** A thread after a timeout, a crash, its memory limit or an aborted task: terminated, never reused. */
  discard(thread: IngestThread): void;
  counts(): { idle: number; started: number };
}

const MB = 1024 * 1024;

/**
 * Idle threads of every pool in the process, least recently used first. The server has one pool;
 * a process with several (the tests open an app after another) keeps no more idle threads than one
 * pool would, so pools that are done with do not hold ~40 MB per warm thread for long.
 */
const idleThreads: IngestThread[] = [];

/**
 * The threads behind the ingest pool (issue 40 point 5): starting one (tsx and every parser) costs
 * far more than reading a small statement, so a thread that answered cleanly waits for the next file.
 * Busy and idle threads together never outnumber `limit`, so memory stays within limit x heap.
 */
export function createIngestThreads(options: {
  url: URL;
  limit: number;
  idleTimeoutMs: number;
  maxTasksPerThread: number;
  onCrash: (detail: string) => void;
}): IngestThreads {
  const { url, limit, idleTimeoutMs, maxTasksPerThread, onCrash } = options;
  const owner = {};
  const ownIdle = () => idleThreads.filter((thread) => thread.owner === owner);
  let busy = 0;
  let started = 0;

  function forget(thread: IngestThread) {
    thread.isStopped = true;
    clearTimeout(thread.idleTimer);
    const at = idleThreads.indexOf(thread);
    if (at >= 0) idleThreads.splice(at, 1);
  }

  function stop(thread: IngestThread) {
    forget(thread);
    thread.onStop = undefined;
    void thread.worker.terminate();
  }

  function start(maxHeapMb: number): IngestThread {
    const worker = new Worker(url, {
      // The entry registers tsx itself; the parent's loader flags would load it twice.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: maxHeapMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(maxHeapMb / 8))),
      },
    });
    started += 1;
    const thread: IngestThread = { worker, owner, maxHeapMb, tasks: 0, isStopped: false };
    const onEnd = (error?: Error & { code?: string }) => {
      const { onStop } = thread;
      forget(thread);
      if (onStop) onStop(error);
      else if (error) onCrash(String(error.stack ?? error));
    };
    // Listened to for the thread's whole life: an idle thread's error must not reach the process.
    worker.on('error', onEnd);
    worker.on('exit', () => onEnd());
    return thread;
  }

  return {
    take(maxHeapMb) {
      let thread = idleThreads.findLast((idle) => idle.owner === owner && idle.maxHeapMb === maxHeapMb);
      if (thread) {
        idleThreads.splice(idleThreads.indexOf(thread), 1);
        clearTimeout(thread.idleTimer);
      } else {
        // Busy and idle threads together stay within the limit: the least recently used idle one goes.
        for (let idle = ownIdle(); idle.length > 0 && busy + idle.length >= limit; idle = ownIdle()) {
          stop(idle[0] as IngestThread);
        }
        thread = start(maxHeapMb);
      }
      busy += 1;
      thread.worker.ref();
      return thread;
    },
    giveBack(thread, heapUsedBytes) {
      busy -= 1;
      thread.tasks += 1;
      thread.onStop = undefined;
      if (thread.isStopped) return;
      const isWorn = thread.tasks >= maxTasksPerThread || !(heapUsedBytes <= (thread.maxHeapMb * MB) / 2);
      if (isWorn || busy + ownIdle().length >= limit) return stop(thread);
      // An idle thread never keeps the process alive; it is terminated if no file comes.
      thread.worker.unref();
      thread.idleTimer = setTimeout(() => stop(thread), idleTimeoutMs);
      thread.idleTimer.unref();
      idleThreads.push(thread);
      while (idleThreads.length > limit) stop(idleThreads[0] as IngestThread);
    },
    discard(thread) {
      busy -= 1;
      stop(thread);
    },
    counts: () => ({ idle: ownIdle().length, started }),
  };
}
