import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

const STOP_GRACE_MS = 30_000;
// A worker that ran this long before it died starts its back-off afresh.
const HEALTHY_RUN_MS = 60_000;
const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 30_000;

/** How long to wait before the next start after `failures` quick deaths in a row: 0.5 s doubling to 30 s. */
export function restartDelayMs(failures: number): number {
  return Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * The primary of `npm run worker` (issue 40 point 1): it works no job itself, but forks the one
 * worker process that does and starts it again whenever it exits, however it died (a crash, an OOM
 * kill, a failed start while the database is away), after a back-off that grows while it keeps
 * dying quickly. SIGTERM or SIGINT stop the worker (it finishes its job) and then the primary.
 * A killed primary takes its worker with it: a cluster worker exits when its primary's channel closes.
 */
export function superviseWorker(log: FastifyBaseLogger): void {
  let child: Worker | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let quickDeaths = 0;
  let isStopping = false;

  function fork() {
    const startedAt = Date.now();
    child = cluster.fork();
    child.on('exit', (code, signal) => {
      child = undefined;
      if (isStopping) process.exit();
      quickDeaths = Date.now() - startedAt >= HEALTHY_RUN_MS ? 1 : quickDeaths + 1;
      const delayMs = restartDelayMs(quickDeaths);
      log.error({ code, signal, restartInMs: delayMs }, 'the worker process exited: starting it again');
      restartTimer = setTimeout(fork, delayMs);
    });
  }

  function stop(signal: string) {
    if (isStopping) return;
    isStopping = true;
    clearTimeout(restartTimer);
    log.info(`${signal}: stopping the worker process`);
    if (!child) process.exit();
    child.process.kill('SIGTERM');
    setTimeout(() => child?.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  fork();
}
