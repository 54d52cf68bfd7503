import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../../test/fresh-database';
import type { TestContext } from '../../test/test-context';
import { createTestContextOn, spawnWorker, stopWorker, type WorkerProcess } from '../../test/worker-process';
import { restartDelayMs } from './worker-processes';

const run = promisify(execFile);

/** The pids of a process's children (ps, as procps prints them). */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
}

async function until<T>(read: () => Promise<T> | T, done: (v: T) => boolean, what: string, ms = 120_000) {
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > ms) throw new Error(`no ${what} within ${ms} ms`);
  }
}

describe('the worker supervisor’s back-off', () => {
  it('waits half a second after a first quick death, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

// Issue 40 point 1: `npm run worker` starts itself again after a crash. PostgreSQL only (a worker
// process needs DATABASE_URL).
describe.skipIf(!process.env.DATABASE_URL)('npm run worker, its working process killed', () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  let ctx: TestContext;
  let worker: WorkerProcess;

  beforeAll(async () => {
    fresh = await createFreshDatabase();
    ctx = await createTestContextOn(fresh.url);
  });
  afterAll(async () => {
    await stopWorker(worker);
    await ctx?.close();
    await fresh?.drop();
  });

  const starts = () => worker.output().split('"msg":"Worker started"').length - 1;

  it('is started again, and a SIGTERM then stops both', async () => {
    worker = spawnWorker(ctx, { LOG_LEVEL: 'info' });
    await until(starts, (n) => n === 1, 'first start');
    const [first] = await childrenOf(worker.child.pid!);
    expect(first).toBeGreaterThan(0);
    process.kill(first!, 'SIGKILL');
    await until(starts, (n) => n === 2, `second start:\n${worker.output()}`);
    expect(worker.output()).toContain('the worker process exited: starting it again');
    const [second] = await childrenOf(worker.child.pid!);
    expect(second).not.toBe(first);
    expect(worker.child.exitCode).toBeNull();

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await childrenOf(worker.child.pid!)).toEqual([]);
  }, 300_000);
});
