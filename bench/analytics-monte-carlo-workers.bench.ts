// Monte Carlo with 100,000 paths split over 2 worker threads (both cores), against 1 thread, through
// the package's own worker pool (createMonteCarloWorkerPool).
// Run: node --import tsx bench/analytics-monte-carlo-workers.bench.ts (BOOTSTRAP=stationary or seasonal to
// pick the method; the default, auto, is seasonal on this history).
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import {
  createMonteCarloWorkerPool,
  runMonteCarlo,
  type BootstrapChoice,
  type MonteCarloInput,
} from '@tideline/analytics';
import { makeAccounts } from './analytics-fixtures';

const PATHS = 100_000;
const THREADS = Number(process.env.THREADS ?? 2);
const input: MonteCarloInput = {
  accounts: makeAccounts({ accounts: 5, from: '2021-07-01', to: '2024-06-28', perDay: 2, seed: 11 }),
  endDate: '2024-06-28',
  numberOfYears: 3,
  today: '2024-07-01',
  seed: 20_240_628,
  paths: PATHS,
  bootstrap: (process.env.BOOTSTRAP ?? 'auto') as BootstrapChoice,
};

const loadBefore = loadavg().map((load) => Math.round(load * 100) / 100);
const startUp = performance.now();
const pool = await createMonteCarloWorkerPool({ threads: THREADS });
if (!pool.ok) throw new Error(pool.error.message);
const startUpMs = performance.now() - startUp;

const sliceMs: number[] = [];
const workerRuns: { ms: number; result: unknown }[] = [];
for (let run = 0; run < 3; run += 1) {
  const started = performance.now();
  const result = await pool.value.run(input, {
    onSlice: (slice) => sliceMs.push(Math.round(slice.simulateMs)),
  });
  if (!result.ok) throw new Error(result.error.message);
  workerRuns.push({ ms: performance.now() - started, result: result.value });
}
await pool.value.close();

const started = performance.now();
const single = runMonteCarlo(input);
const oneThreadMs = performance.now() - started;
if (!single.ok) throw new Error(single.error.message);
const sorted = workerRuns.map((run) => run.ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      bench: `monte-carlo ${PATHS.toLocaleString('en-US')} paths x 1,260 days, ${THREADS} persistent worker threads`,
      bootstrap: single.value.bootstrap,
      loadAverageBefore: loadBefore,
      workerStartUpMs: Math.round(startUpMs),
      workerRunsMs: workerRuns.map((run) => Math.round(run.ms)),
      sliceSimulateMs: sliceMs,
      workerMedianMs: Math.round(sorted[1] ?? 0),
      oneThreadMs: Math.round(oneThreadMs),
      // The whole result (levels, Monte Result table, chart), not just one figure.
      sameAnswer: workerRuns.every((run) => isDeepStrictEqual(run.result, single.value)),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
    null,
    2,
  ),
);
