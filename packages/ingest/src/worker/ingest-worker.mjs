// The thread every user file is read in (issue 14 point 1): run-in-worker.ts starts it with heap
// limits and terminates it when its time is up, so no file can exhaust or freeze the API process.
// Plain JavaScript that registers tsx itself, so it starts the same under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runIngestTask } = await import('./ingest-tasks.ts');
const { createParentChannel } = await import('./parent-channel.ts');
try {
  const channel = createParentChannel(parentPort);
  const result = await runIngestTask(workerData.name, workerData.input, channel);
  parentPort.postMessage({ type: 'result', result });
} catch (cause) {
  // Tasks return typed failures; this is a reader bug. Only the parent logs it: users see a plain text.
  parentPort.postMessage({ type: 'crash', detail: String(cause && cause.stack ? cause.stack : cause) });
}
