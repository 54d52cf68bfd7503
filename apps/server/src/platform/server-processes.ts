import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** The environment variable that tells a forked server which of the N it is (0 leads). */
export const SERVER_INDEX_ENV = 'TIDELINE_SERVER_INDEX';

/** Which server of SERVER_PROCESSES this process is; 0 for the lead, and for a single process. */
export function serverIndex(): number {
  return cluster.isWorker ? Number(process.env[SERVER_INDEX_ENV] ?? 0) : 0;
}

// A server that dies this soon after starting is failing to start, not crashing under load: the
// supervisor stops instead of restarting it forever.
const EARLY_EXIT_MS = 10_000;
const STOP_GRACE_MS = 30_000;

/**
 * The primary of SERVER_PROCESSES > 1 (issue 21 "Speed": one Node process tops out at one core). It
 * serves nothing itself: it starts `count` servers, which share the port (Node's cluster hands each new
 * connection to the next one in turn), one after another so that only one at a time sets up the job
 * queues; restarts one that dies; and on SIGTERM or SIGINT stops them all and exits. Resolves once all
 * are listening.
 */
export async function superviseServers(count: number, log: FastifyBaseLogger): Promise<void> {
  const running = new Map<number, Worker>();
  let isStopping = false;

  function fork(index: number): Promise<void> {
    const startedAt = Date.now();
    const worker = cluster.fork({ [SERVER_INDEX_ENV]: String(index) });
    running.set(index, worker);
    worker.on('exit', (code, signal) => {
      running.delete(index);
      if (isStopping) {
        if (running.size === 0) process.exit();
        return;
      }
      log.error({ code, signal, index }, 'a server process exited');
      if (Date.now() - startedAt < EARLY_EXIT_MS) {
        log.fatal('it failed while starting: stopping the other servers');
        stop('a failed start', 1);
        return;
      }
      void fork(index);
    });
    // Settled when it listens, or when it exits first (the exit handler above has dealt with that).
    return new Promise((resolve) => {
      worker.once('listening', () => resolve());
      worker.once('exit', () => resolve());
    });
  }

  function stop(reason: string, exitCode = 0) {
    if (isStopping) return;
    isStopping = true;
    log.info(`${reason}: stopping ${running.size} server processes`);
    if (running.size === 0) process.exit(exitCode);
    process.exitCode = exitCode;
    for (const worker of running.values()) worker.process.kill('SIGTERM');
    // A server still finishing its answers and mails gets this long; then it is killed.
    setTimeout(() => {
      for (const worker of running.values()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let index = 0; index < count && !isStopping; index++) await fork(index);
  if (!isStopping) log.info(`${count} server processes are listening`);
}
