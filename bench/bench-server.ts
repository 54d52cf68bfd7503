// What the benches that load the real server process share: a throwaway database on the PostgreSQL
// server filled by `seed-demo`, the server started as `npm run start -w @tideline/server` runs it (its
// own process, its RSS and CPU read with its descendants'), and readings of a process from /proc.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const round1 = (x: number) => Math.round(x * 10) / 10;
export const round2 = (x: number) => Math.round(x * 100) / 100;
/** The p-th percentile of an ascending list. */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** A logger whose lines carry the seconds since `started` and the load average. */
export function benchLog(started = Date.now()) {
  return (msg: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${msg} (load ${loadAverage()})`);
}

/**
 * A process and its descendants: with SERVER_PROCESSES > 1 the server is a supervisor and the processes
 * it forked, and tsx runs an esbuild service beside each.
 */
export function processTreeOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const fields = /^\d+$/.test(entry) ? statFieldsOf(Number(entry)) : null;
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Current (VmRSS) and high-water (VmHWM) resident set of a process and its descendants, in MB. */
export function rssOf(pid: number): { nowMb: number; hwmMb: number } {
  let nowMb = 0;
  let hwmMb = 0;
  for (const id of processTreeOf(pid)) {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      nowMb += kb('VmRSS') / 1024;
      hwmMb += kb('VmHWM') / 1024;
    } catch {
      // exited meanwhile
    }
  }
  return { nowMb, hwmMb };
}

/** CPU time (user + system) a process and its live descendants have used so far, in ms (10 ms ticks). */
export function cpuMsOf(pid: number): number {
  let ms = 0;
  for (const id of processTreeOf(pid)) ms += cpuMsOfProcess(id);
  return ms;
}

/**
 * CPU time (user + system) all live PostgreSQL processes on this machine have used so far, in ms: the
 * share of the cores the database took, when the server runs here. Backends that exit between two
 * readings are not counted, so it is a floor.
 */
export function postgresCpuMs(): number {
  let ms = 0;
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && commandOf(Number(entry)) === 'postgres') ms += cpuMsOfProcess(Number(entry));
  }
  return ms;
}

/** CPU time (user + system) one process has used so far, in ms (10 ms ticks); 0 once it has exited. */
function cpuMsOfProcess(pid: number): number {
  const fields = statFieldsOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after the command name (state first), or null once it has exited. */
function statFieldsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface BenchDatabase {
  databaseUrl: string;
  dataDir: string;
  /** The environment a server or CLI process of this database runs with. */
  env: NodeJS.ProcessEnv;
  seedSummary: string;
  /** All that seed-demo printed (its invitation links, for a bench that signs a demo user in). */
  seedOutput: string;
  drop(): Promise<void>;
}

/** A database of its own on the server at `adminUrl`, migrated and filled by `seed-demo`. */
export async function createDemoDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const dbName = `tideline_bench_${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tideline-bench-${prefix}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  delete env.SMTP_URL;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'seed-demo'], {
    cwd: serverDir,
    env: { ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    await drop();
    throw new Error(`seed-demo failed:\n${seeded.stdout}\n${seeded.stderr}`);
  }
  const seedSummary = /Demo data from [^\n]*/.exec(seeded.stdout)?.[0] ?? 'done';
  return { databaseUrl, dataDir, env, seedSummary, seedOutput: seeded.stdout, drop };
}

export interface BenchServer {
  base: string;
  pid: number;
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The production server (NODE_ENV=production, src/main.ts) on a free port, logging to a file; `nodeArgs`
 * e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile it.
 */
export async function startBenchServer(
  database: BenchDatabase,
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(database.dataDir, `server-${port}.log`);
  const logFd = openSync(logFile, 'a');
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...database.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  for (let ok = false; !ok; await sleep(300)) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${readFileSync(logFile, 'utf8')}`);
    ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  }
  return { base, pid: server.pid!, logFile, process: server, stop };
}

/** What a server logged at error level or above, counted by message. */
export function countServerErrors(logFile: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of readFileSync(logFile, 'utf8').split('\n'))
    if (/"level":(50|60)/.test(line)) {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      const key = `${entry.msg ?? ''}: ${entry.err?.message ?? ''}`.slice(0, 200);
      counts[key] = (counts[key] ?? 0) + 1;
    }
  return counts;
}
