import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { assembleMonteCarloResult, type MonteCarloResult } from './assemble-monte-carlo-result';
import { WORKER_READY, type SliceReply, type SliceRequest } from './monte-carlo-worker-protocol';
import type { SeasonalMeanVariant } from './build-seasonal-mean-bootstrap';
import {
  planSlice,
  prepareMonteCarlo,
  type MonteCarloInput,
  type MonteCarloPlan,
} from './prepare-monte-carlo';
import { fail, ok, type Result } from '../core/result';
import { concatSimulatedPaths, type SimulatedPaths } from './simulate-paths';
import { summarisePaths, type PathSummary } from './summarise-paths';

export interface MonteCarloWorkerOptions {
  /** Worker threads, 1 to 64 (default: the cores Node reports, os.availableParallelism()). */
  readonly threads?: number;
}

export interface SliceTiming {
  readonly firstPath: number;
  readonly pathCount: number;
  /** Time the worker spent in simulatePaths for this slice. */
  readonly simulateMs: number;
}

export interface MonteCarloWorkerRunOptions {
  /** Called as each slice comes back (for logs and benchmarks). */
  readonly onSlice?: (timing: SliceTiming) => void;
}

/** Worker threads kept between runs, so a job runner pays their start-up (~0.5 s under tsx) once. */
export interface MonteCarloWorkerPool {
  readonly threads: number;
  /** Same answer as runMonteCarlo(input), to the last digit. Rejects only if a worker fails. */
  run(input: MonteCarloInput, options?: MonteCarloWorkerRunOptions): Promise<Result<MonteCarloResult>>;
  close(): Promise<void>;
}

export const MAX_WORKER_THREADS = 64;

// The worker module has this module's extension: .ts when the package is loaded from source, .js once
// compiled. The bootstrap registers tsx for a .ts worker (see monte-carlo-worker-bootstrap.mjs).
const moduleUrl = new URL(import.meta.url);
const extension = /\.[cm]?[jt]s$/.exec(moduleUrl.pathname)?.[0] ?? '.js';
const WORKER_ENTRY = new URL(`./monte-carlo-worker${extension}`, moduleUrl).href;
const BOOTSTRAP = new URL('./monte-carlo-worker-bootstrap.mjs', moduleUrl);

type Slice = SimulatedPaths & { readonly simulateMs: number };

interface PoolThread {
  readonly worker: Worker;
  simulate(request: SliceRequest): Promise<Slice>;
}

let nextRequestId = 1;

function validateThreads(threads: unknown): Result<number> {
  if (threads === undefined) return ok(Math.min(MAX_WORKER_THREADS, Math.max(1, availableParallelism())));
  if (!Number.isInteger(threads) || (threads as number) < 1 || (threads as number) > MAX_WORKER_THREADS) {
    return fail(
      'INVALID_ARGUMENT',
      `threads must be a whole number from 1 to ${MAX_WORKER_THREADS}`,
      'threads',
    );
  }
  return ok(threads as number);
}

/** Waits for the worker's ready message, then serves slice requests; idle workers do not hold the process open. */
async function startThread(): Promise<PoolThread> {
  const worker = new Worker(BOOTSTRAP, { workerData: { entry: WORKER_ENTRY } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (message !== WORKER_READY) return;
      stopListening();
      resolve();
    };
    const onError = (error: Error) => {
      stopListening();
      reject(error);
    };
    const onExit = (code: number) => {
      stopListening();
      reject(new Error(`A Monte Carlo worker stopped (exit code ${code}) before it was ready`));
    };
    const stopListening = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  const pending = new Map<number, { resolve: (slice: Slice) => void; reject: (error: Error) => void }>();
  let failure: Error | undefined;
  const rejectAll = (error: Error) => {
    failure ??= error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: SliceReply) => {
    const request = pending.get(reply.id);
    if (!request) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) request.resolve(reply);
    else request.reject(new Error(`A Monte Carlo worker failed: ${reply.message}`));
  });
  worker.on('error', rejectAll);
  worker.on('exit', (code) => rejectAll(new Error(`A Monte Carlo worker stopped (exit code ${code})`)));
  worker.unref();
  return {
    worker,
    simulate(request) {
      if (failure) return Promise.reject(failure);
      return new Promise<Slice>((resolve, reject) => {
        pending.set(request.id, { resolve, reject });
        worker.ref();
        worker.postMessage(request);
      });
    },
  };
}

async function startThreads(count: number): Promise<PoolThread[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startThread()));
  const threads = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
    throw failed.reason;
  }
  return threads;
}

/** Splits the paths into contiguous slices, the first (paths mod threads) one path longer. */
function splitPaths(paths: number, threads: number): { firstPath: number; pathCount: number }[] {
  const base = Math.floor(paths / threads);
  const longer = paths % threads;
  const slices = [];
  let firstPath = 0;
  for (let index = 0; index < threads; index += 1) {
    const pathCount = base + (index < longer ? 1 : 0);
    slices.push({ firstPath, pathCount });
    firstPath += pathCount;
  }
  return slices;
}

/**
 * Each path draws from its own random stream (seed, path number), so slices simulated apart and joined
 * in path order are the very paths runMonteCarlo simulates; the quantiles are then taken on this thread.
 */
async function summariseInThreads(
  threads: readonly PoolThread[],
  plan: MonteCarloPlan,
  options: MonteCarloWorkerRunOptions,
  variant?: SeasonalMeanVariant,
): Promise<PathSummary> {
  const slices = splitPaths(plan.paths, threads.length);
  const parts = await Promise.all(
    slices.map(async ({ firstPath, pathCount }, index) => {
      const slice = await (threads[index] as PoolThread).simulate({
        id: nextRequestId++,
        input: planSlice(plan, firstPath, pathCount, variant),
      });
      options.onSlice?.({ firstPath, pathCount, simulateMs: slice.simulateMs });
      return slice;
    }),
  );
  return summarisePaths(concatSimulatedPaths(parts));
}

/** The history, then each leave-one-year-out history, as runMonteCarlo does them. */
async function simulateInThreads(
  threads: readonly PoolThread[],
  plan: MonteCarloPlan,
  options: MonteCarloWorkerRunOptions,
): Promise<MonteCarloResult> {
  const summary = await summariseInThreads(threads, plan, options);
  const others: PathSummary[] = [];
  for (const variant of plan.leaveOneYearOut)
    others.push(await summariseInThreads(threads, plan, options, variant));
  return assembleMonteCarloResult(plan, summary, others);
}

/** Starts `threads` persistent workers for Monte Carlo runs. Close the pool when done. */
export async function createMonteCarloWorkerPool(
  options: MonteCarloWorkerOptions = {},
): Promise<Result<MonteCarloWorkerPool>> {
  const count = validateThreads(options.threads);
  if (!count.ok) return count;
  const threads = await startThreads(count.value);
  let isClosed = false;
  return ok({
    threads: count.value,
    async run(input, runOptions = {}) {
      if (isClosed) throw new Error('The Monte Carlo worker pool is closed');
      const plan = prepareMonteCarlo(input);
      if (!plan.ok) return plan;
      return ok(await simulateInThreads(threads, plan.value, runOptions));
    },
    async close() {
      isClosed = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  });
}

/**
 * runMonteCarlo with the paths split over worker threads: the same result to the last digit, while the
 * calling thread stays free. Bad input is returned as an error before any worker starts; the workers
 * are stopped before the promise settles.
 */
export async function runMonteCarloInWorkers(
  input: MonteCarloInput,
  options: MonteCarloWorkerOptions = {},
): Promise<Result<MonteCarloResult>> {
  const count = validateThreads(options.threads);
  if (!count.ok) return count;
  const plan = prepareMonteCarlo(input);
  if (!plan.ok) return plan;
  const threads = await startThreads(count.value);
  try {
    return ok(await simulateInThreads(threads, plan.value, {}));
  } finally {
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}
