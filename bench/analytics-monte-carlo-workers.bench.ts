// Monte Carlo with 100,000 paths split over 2 worker threads (both cores), against 1 thread.
// Run: node --import tsx bench/analytics-monte-carlo-workers.bench.ts
import { Worker } from 'node:worker_threads';
import {
  assembleMonteCarloResult,
  concatSimulatedPaths,
  prepareMonteCarlo,
  simulatePaths,
  summarisePaths,
  type SimulatedPaths,
} from '@tideline/analytics';
import { makeAccounts } from './analytics-fixtures';

const PATHS = 100_000;
const THREADS = Number(process.env.THREADS ?? 2);
const accounts = makeAccounts({ accounts: 5, from: '2021-07-01', to: '2024-06-28', perDay: 2, seed: 11 });
const plan = prepareMonteCarlo({
  accounts,
  endDate: '2024-06-28',
  numberOfYears: 3,
  today: '2024-07-01',
  seed: 20_240_628,
  paths: PATHS,
});
if (!plan.ok) throw new Error(plan.error.message);
const common = {
  flows: plan.value.flows,
  startBalance: plan.value.startBalance,
  seed: plan.value.seed,
  meanBlockLength: plan.value.meanBlockLength,
};

// Node 20 workers do not run the main thread's --import tsx hooks before their entry module, so a
// small JavaScript entry registers tsx and then imports the TypeScript worker.
function startWorker(): Promise<Worker> {
  const workerUrl = new URL('./analytics-monte-carlo.worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); });`;
  const worker = new Worker(bootstrap, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

const sliceMs: number[] = [];

function runSlice(worker: Worker, firstPath: number, pathCount: number): Promise<SimulatedPaths> {
  return new Promise((resolve, reject) => {
    worker.once('message', (paths: SimulatedPaths & { simulateMs: number }) => {
      sliceMs.push(Math.round(paths.simulateMs));
      resolve(paths);
    });
    worker.once('error', reject);
    worker.postMessage({ ...common, firstPath, pathCount });
  });
}

const startUp = performance.now();
const workers = await Promise.all(Array.from({ length: THREADS }, () => startWorker()));
const startUpMs = performance.now() - startUp;

async function runInWorkers(): Promise<{ ms: number; year5: number }> {
  const started = performance.now();
  const per = Math.ceil(PATHS / THREADS);
  const slices = await Promise.all(
    workers.map((worker, index) => runSlice(worker, index * per, Math.min(per, PATHS - index * per))),
  );
  if (!plan.ok) throw new Error('unreachable');
  const result = assembleMonteCarloResult(plan.value, summarisePaths(concatSimulatedPaths(slices)));
  return { ms: performance.now() - started, year5: result.monteResult.rawOutput.year5 };
}

function runInOneThread(): { ms: number; year5: number } {
  const started = performance.now();
  if (!plan.ok) throw new Error('unreachable');
  const paths = simulatePaths({ ...common, firstPath: 0, pathCount: PATHS });
  const result = assembleMonteCarloResult(plan.value, summarisePaths(paths));
  return { ms: performance.now() - started, year5: result.monteResult.rawOutput.year5 };
}

const workerRuns = [];
for (let run = 0; run < 3; run += 1) workerRuns.push(await runInWorkers());
await Promise.all(workers.map((worker) => worker.terminate()));
const single = runInOneThread();
const sorted = workerRuns.map((run) => run.ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      bench: `monte-carlo ${PATHS.toLocaleString('en-US')} paths x 1,260 days, ${THREADS} persistent worker threads`,
      workerStartUpMs: Math.round(startUpMs),
      workerRunsMs: workerRuns.map((run) => Math.round(run.ms)),
      sliceSimulateMs: sliceMs,
      workerMedianMs: Math.round(sorted[1] ?? 0),
      oneThreadMs: Math.round(single.ms),
      sameAnswer: workerRuns.every((run) => run.year5 === single.year5),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
    null,
    2,
  ),
);
