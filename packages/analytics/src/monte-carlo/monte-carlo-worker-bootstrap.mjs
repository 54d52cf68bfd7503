// Entry of the Monte Carlo worker threads, in plain JavaScript so Node can start it in any setting.
// Under Node 20 a worker does not get the main thread's `--import tsx` hooks before its entry module,
// and under vitest the main thread has no Node hooks at all, so when the worker module is TypeScript
// (the package loaded from source) tsx is registered here first. A compiled .js worker is imported
// as it is.
import { workerData } from 'node:worker_threads';

const entry = workerData?.entry;
if (typeof entry !== 'string') throw new Error('The Monte Carlo worker needs workerData.entry');
if (/\.[cm]?ts$/.test(new URL(entry).pathname)) {
  let api;
  try {
    api = await import('tsx/esm/api');
  } catch (error) {
    throw new Error(`Loading the Monte Carlo worker from TypeScript source needs tsx (${error.message})`);
  }
  api.register();
}
await import(entry);
