import { parentPort } from 'node:worker_threads';
import { WORKER_READY, type SliceReply, type SliceRequest } from './monte-carlo-worker-protocol';
import { simulatePaths } from './simulate-paths';

// Worker thread of monte-carlo-worker-pool.ts: simulates the slices of paths it is sent, one at a time.
const port = parentPort;
if (!port) throw new Error('monte-carlo-worker.ts runs as a worker thread only');

port.on('message', ({ id, input }: SliceRequest) => {
  let reply: SliceReply;
  try {
    const started = performance.now();
    const paths = simulatePaths(input);
    reply = { id, ok: true, ...paths, simulateMs: performance.now() - started };
  } catch (error) {
    port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  // Transfer the typed arrays instead of copying them (simulatePaths allocates plain ArrayBuffers).
  port.postMessage(reply, [
    reply.minimums.buffer as ArrayBuffer,
    reply.monthEndBalances.buffer as ArrayBuffer,
  ]);
});
port.postMessage(WORKER_READY);
