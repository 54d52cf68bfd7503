// Worker for analytics-monte-carlo-workers.bench.ts: simulates the slices of paths it is sent.
import { parentPort } from 'node:worker_threads';
import { simulatePaths, type SimulatePathsInput } from '@tideline/analytics';

parentPort?.on('message', (input: SimulatePathsInput) => {
  const started = performance.now();
  const paths = simulatePaths(input);
  const simulateMs = performance.now() - started;
  // Transfer the typed arrays instead of copying them (simulatePaths allocates plain ArrayBuffers).
  parentPort?.postMessage({ ...paths, simulateMs }, [
    paths.minimums.buffer as ArrayBuffer,
    paths.monthEndBalances.buffer as ArrayBuffer,
  ]);
});
parentPort?.postMessage('ready');
