// The thread user files are read in (issue 14 point 1): run-in-worker.ts starts it with heap limits
// and terminates it when a file's time is up, so no file can exhaust or freeze the API process. It
// stays warm between files (issue 40 point 5): each task comes with a port of its own, its whole
// conversation goes over that port, and the port is closed once the result is sent.
// Plain JavaScript that registers tsx itself, so it starts the same under node, tsx and vitest.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runIngestTask } = await import('./ingest-tasks.ts');
const { createParentChannel } = await import('./parent-channel.ts');

// The parent sends the next task only after this one's result: one file at a time.
parentPort.on('message', async ({ name, input, port }) => {
  try {
    const result = await runIngestTask(name, input, createParentChannel(port));
    port.postMessage({ type: 'result', result, heapUsedBytes: getHeapStatistics().used_heap_size });
  } catch (cause) {
    // Tasks return typed failures; this is a reader bug. Only the parent logs it: users see a plain text.
    port.postMessage({ type: 'crash', detail: String(cause && cause.stack ? cause.stack : cause) });
  } finally {
    port.close();
  }
});
