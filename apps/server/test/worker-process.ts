import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTestApp } from './app-context';
import type { TestContext } from './test-context';

// The real worker process (`npm run worker`) beside a test's app, both on a database of the test's own:
// a worker works every queue, so on the run's shared database it would take other files' jobs.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** createTestContext's app and platform on `databaseUrl` (migrated here), with `env` on top. */
export function createTestContextOn(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<TestContext> {
  return openTestApp(databaseUrl, env, { migrate: true });
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** What the worker printed (its log), for failure messages. */
  output(): string;
}

/** Starts `src/worker.ts` as its own process with the test's DATA_DIR (local storage) and `env`. */
export function spawnWorker(ctx: TestContext, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: ctx.database.url,
      DATA_DIR: ctx.dataDir,
      PUBLIC_URL: 'http://tideline.test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited, output: () => log };
}

/** Stops a worker still running (SIGTERM: it finishes its job), else does nothing. */
export async function stopWorker(worker: WorkerProcess | undefined): Promise<void> {
  if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill('SIGTERM');
  const timeout = setTimeout(() => worker.child.kill('SIGKILL'), 15_000);
  await worker.exited;
  clearTimeout(timeout);
}
