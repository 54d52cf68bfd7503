import { availableParallelism } from 'node:os';
import {
  createMonteCarloWorkerPool,
  type MonteCarloInput,
  type MonteCarloResult,
  type MonteCarloWorkerPool,
  type Result,
  type SliceTiming,
} from '@tideline/analytics';

// The Monte Carlo runs on worker threads kept between runs (their start-up is paid once): in embedded
// mode the jobs run in the API process, and the simulation must not hold its event loop. One core is
// left to the event loop and the database.

export const MONTE_CARLO_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

let pool: Promise<MonteCarloWorkerPool> | null = null;

async function startPool(): Promise<MonteCarloWorkerPool> {
  const created = await createMonteCarloWorkerPool({ threads: MONTE_CARLO_THREADS });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** runMonteCarlo on the pool's threads: the same result to the last digit. */
export async function runMonteCarloOnWorkers(
  input: MonteCarloInput,
  onSlice?: (timing: SliceTiming) => void,
): Promise<Result<MonteCarloResult>> {
  const current = (pool ??= startPool());
  try {
    return await (await current).run(input, onSlice ? { onSlice } : {});
  } catch (err) {
    // A worker that crashed leaves the pool unusable: the next run starts a new one.
    if (pool === current) pool = null;
    void current.then((stale) => stale.close()).catch(() => undefined);
    throw err;
  }
}

/** Stops the threads (tests, shutdown); a later run starts them again. */
export async function closeMonteCarloPool(): Promise<void> {
  const current = pool;
  pool = null;
  if (current) await (await current).close();
}
