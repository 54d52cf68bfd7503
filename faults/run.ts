// The fault suite (issue 40 point 7), `npm run test:faults`: on a fresh database of the PostgreSQL
// server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) it starts the real
// processes an operator runs — `npm start` with SERVER_PROCESSES=2 and two `npm run worker` — then:
//   1. kills (SIGKILL) the worker process whose COPY is writing a large statement into staging;
//   2. cuts the database (ALLOW_CONNECTIONS false, and pg_terminate_backend on its own connections)
//      while more files extract, and checks the API answers 503 with a sentence meanwhile;
//   3. kills the server process running VALIDATE THIS BATCH mid-promotion, then validates again;
// and asserts that every file ends Extracted or Failed (a Failed one is retried and then Extracted),
// that each file's rows are staged once and promoted once, and that every process serves again.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MSG } from '@tideline/contracts';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import {
  createExtractionWorld,
  csvOf,
  uploadToBatch,
  type ExtractionWorld,
} from '../apps/server/test/extraction-fixtures';
import { createClients, createSignedInUser, type TestContext } from '../apps/server/test/test-context';
import { createTestContextOn } from '../apps/server/test/worker-process';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIG_ROWS = 150_000;
const CUT_SECONDS = 10;
const startedAt = Date.now();
const say = (msg: string) => console.log(`[faults ${((Date.now() - startedAt) / 1000).toFixed(0)} s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
const procs: Proc[] = [];
function check(ok: boolean, what: string) {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
  }
  throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A process's parent pid, from /proc (0 once it is gone). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
}

function start(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, child, output: () => log };
}

/** One request on a connection of its own, so the cluster hands it to the next server in turn. */
function send(
  port: number,
  method: string,
  urlPath: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const name = `tideline_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  let ctx: TestContext | undefined;
  try {
    ctx = await createTestContextOn(dbUrl);
    await run(ctx, admin, name, dbUrl);
  } finally {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            const kill = setTimeout(() => p.child.kill('SIGKILL'), 20_000);
            p.child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
          }),
      ),
    );
    await ctx?.close().catch(() => undefined);
    await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function run(ctx: TestContext, admin: pg.Client, dbName: string, dbUrl: string) {
  const db = ctx.database.db;
  const adminUser = await createSignedInUser(ctx, 'Admin');
  const analyst = await createSignedInUser(ctx, 'Analyst');
  const [clientId] = await createClients(ctx, 1, 'Faults');
  const world: ExtractionWorld = await createExtractionWorld(ctx, adminUser, clientId!);
  const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
  const rowsOf = new Map<number, number>(); // fileId -> rows
  const upload = async (fileName: string, rows: string[][]) => {
    const fileId = await uploadToBatch(ctx, analyst, world, fileName, csvOf(rows));
    rowsOf.set(fileId, rows.length);
    return fileId;
  };
  const rowsFor = (tag: string, n: number) =>
    Array.from({ length: n }, (_, i) => [
      i % 2 ? b : a,
      `07/${String((i % 28) + 1).padStart(2, '0')}/2026`,
      `${tag} ${i}`,
      `${((i * 7919) % 90_000) / 100 + 1}`,
    ]);
  say('uploading the statements');
  const big = await upload('big.csv', rowsFor('Deposit big', BIG_ROWS));
  const small: number[] = [];
  for (let f = 0; f < 6; f++) small.push(await upload(`small-${f}.csv`, rowsFor(`Small ${f}`, 40)));
  const later: number[] = [];
  for (let f = 0; f < 10; f++) later.push(await upload(`later-${f}.csv`, rowsFor(`Later ${f}`, 40)));

  const port = await freePort();
  const env = {
    DATABASE_URL: dbUrl,
    DATA_DIR: ctx.dataDir,
    PUBLIC_URL: 'http://tideline.test',
    LOG_LEVEL: 'info',
    EXTRACTION_JOB_EXPIRE_SECONDS: '20',
    JOB_MAINTENANCE_SECONDS: '2',
  };
  procs.push(
    start('api', 'src/main.ts', { ...env, SERVER_PROCESSES: '2', PORT: String(port), HOST: '127.0.0.1' }),
    start('worker-1', 'src/worker.ts', env),
    start('worker-2', 'src/worker.ts', env),
  );
  const [api, ...workers] = procs as [Proc, Proc, Proc];
  await until('the API', 240_000, async () =>
    api.output().includes('2 server processes are listening') ? true : undefined,
  );
  for (const w of workers)
    await until(`${w.name} to start`, 240_000, async () =>
      w.output().includes('"msg":"Worker started"') ? true : undefined,
    );
  say('2 API processes and 2 workers are running');

  const startExtraction = async (fileIds: number[]) => {
    const res = await send(port, 'POST', '/api/data-ingestion/start-extraction', analyst.accessToken, {
      fileUpload: {
        userId: analyst.userId,
        batchId: world.batchId,
        successfulFileList: fileIds.map((fileId) => ({ fileId })),
        allowOverwrite: false,
      },
    });
    if (res.status !== 200) throw new Error(`start-extraction: ${res.status} ${JSON.stringify(res.json)}`);
    return (res.json as StartExtractionResult).files;
  };

  // 1. A worker killed mid-COPY.
  const fileOf = new Map<number, number>(); // fileAuditId -> fileId
  for (const f of await startExtraction([big, ...small])) fileOf.set(f.fileAuditId, f.fileId);
  const copier = await until('the large statement’s COPY', 120_000, async () => {
    const { rows } = await admin.query<{ app: string; tuples: string }>(
      `select a.application_name as app, p.tuples_processed as tuples from pg_stat_progress_copy p
         join pg_stat_activity a on a.pid = p.pid where p.datname = $1`,
      [dbName],
    );
    const row = rows.find((r) => Number(r.tuples) > 0 && /^tideline \d+$/.test(r.app));
    return row ? Number(row.app.split(' ')[1]) : undefined;
  });
  process.kill(copier, 'SIGKILL');
  say(`killed the worker process ${copier} in the middle of its COPY`);

  // 2. The database cut while more files extract.
  for (const f of await startExtraction(later)) fileOf.set(f.fileAuditId, f.fileId);
  await admin.query(`alter database ${dbName} allow_connections false`);
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [dbName],
  );
  say(`database cut for ${CUT_SECONDS} s`);
  const during: { status: number; json: unknown }[] = [];
  for (let i = 0; i < 4; i++) {
    during.push(await send(port, 'GET', `/api/data-ingestion/batches/${world.batchId}`, analyst.accessToken));
    await sleep(500);
  }
  check(
    during.every((r) => r.status === 503 && (r.json as { msg?: string }).msg === MSG.databaseUnavailable),
    `while cut, the API answers 503 "${MSG.databaseUnavailable}" (${during.map((r) => r.status).join(', ')})`,
  );
  await sleep(CUT_SECONDS * 1000 - 2_000);
  await admin.query(`alter database ${dbName} allow_connections true`);
  say('database back');

  const ids = [...fileOf.keys()];
  const fileRows = async () => {
    const { rows } = await db.execute(
      sql`select batch_file_id as id, status, extraction_message as message from batch_files
        where batch_file_id = any(${sql.param(ids)}::int[]) order by batch_file_id`,
    );
    return rows as { id: number; status: string; message: string | null }[];
  };
  let files = await until('every file Extracted or Failed', 180_000, async () => {
    const rows = await fileRows();
    return rows.every((r) => r.status === 'Extracted' || r.status === 'Failed') ? rows : undefined;
  });
  const failed = files.filter((r) => r.status === 'Failed');
  check(
    failed.every((r) => !/Failed query|select |insert |update /i.test(r.message ?? '')),
    `no Failed file shows SQL (${failed.length} failed)`,
  );
  if (failed.length > 0) {
    const res = await send(port, 'POST', '/api/data-ingestion/retry-extraction/', adminUser.accessToken, {
      fileAuditIds: failed.map((r) => r.id),
    });
    check(res.status === 200, `Retry Extraction of the failed files answers 200 (${res.status})`);
    files = await until('the retried files', 180_000, async () => {
      const rows = await fileRows();
      return rows.every((r) => r.status === 'Extracted' || r.status === 'Failed') ? rows : undefined;
    });
  }
  check(
    files.every((r) => r.status === 'Extracted'),
    `all ${files.length} files Extracted (${files.map((r) => r.status).join(' ')})`,
  );
  const { rows: staged } = await db.execute(
    sql`select batch_file_id as id, count(*)::int as n, count(distinct row_number)::int as distinct_rows
      from staging_transactions where batch_id = ${world.batchId} group by batch_file_id`,
  );
  const stagedOf = new Map(
    (staged as { id: number; n: number; distinct_rows: number }[]).map((r) => [r.id, r]),
  );
  check(
    ids.every((id) => {
      const s = stagedOf.get(id);
      const want = rowsOf.get(fileOf.get(id)!)!;
      return s?.n === want && s.distinct_rows === want;
    }),
    'each file’s rows are staged exactly once',
  );

  // 3. A server killed mid-promotion.
  const validated = await send(port, 'PUT', '/api/data-ingestion/accounts/validate', analyst.accessToken, {
    accounts: world.accounts.map((x) => ({
      batchAccountId: x.batchAccountId,
      overrideReason: 'Fault suite: the csv states no balances.',
    })),
  });
  check(validated.status === 200, `both accounts validated (${validated.status})`);
  const promotion = send(port, 'PUT', '/api/data-ingestion/batches/validate', analyst.accessToken, {
    accounts: [{ batchId: world.batchId }],
  }).then(
    (r) => `answered ${r.status}`,
    (err: Error) => `cut: ${err.message}`,
  );
  // The server process holding a transaction for the request: a child of the API's supervisor.
  const promoter = await until('the promotion’s transaction', 120_000, async () => {
    const { rows } = await admin.query<{ app: string }>(
      `select application_name as app from pg_stat_activity where datname = $1 and state = 'active'
         and application_name ~ '^tideline [0-9]+$' and now() - xact_start > interval '200 milliseconds'`,
      [dbName],
    );
    const pids = rows.map((r) => Number(r.app.split(' ')[1]));
    return pids.find((pid) => parentOf(pid) === api.child.pid);
  });
  process.kill(promoter, 'SIGKILL');
  say(`killed the server process ${promoter} in the middle of VALIDATE THIS BATCH`);
  const outcome = await promotion;
  check(outcome.startsWith('cut'), `the killed request did not answer (${outcome})`);
  const booked = async () => {
    const { rows } = await db.execute(
      sql`select count(*)::int as n from transactions where client_id = ${clientId}`,
    );
    return (rows[0] as { n: number }).n;
  };
  // The killed transaction is rolled back once its backend notices the connection is gone.
  await until('the killed promotion’s backend to end', 60_000, async () => {
    const { rows } = await admin.query(
      `select 1 from pg_stat_activity where datname = $1 and application_name = $2`,
      [dbName, `tideline ${promoter}`],
    );
    return rows.length === 0 ? true : undefined;
  });
  check((await booked()) === 0, 'nothing of the killed promotion is in the books');
  await until('the server to be started again', 60_000, async () =>
    (api.output().match(/"msg":"a server process exited"/g) ?? []).length >= 1 &&
    (await send(port, 'GET', '/api/health')).status === 200
      ? true
      : undefined,
  );
  const again = await until('VALIDATE THIS BATCH again', 120_000, async () => {
    const res = await send(port, 'PUT', '/api/data-ingestion/batches/validate', analyst.accessToken, {
      accounts: [{ batchId: world.batchId }],
    });
    return res.status === 200 ? res : undefined;
  });
  check(again.status === 200, 'VALIDATE THIS BATCH succeeds when sent again');
  const totalRows = [...rowsOf.values()].reduce((s, n) => s + n, 0);
  const n = await booked();
  check(n === totalRows, `the books hold each staged row once (${n} of ${totalRows})`);

  // Every process serves.
  const health = await Promise.all(Array.from({ length: 6 }, () => send(port, 'GET', '/api/health')));
  check(
    health.every((r) => r.status === 200),
    `both API processes answer /api/health (${health.map((r) => r.status).join(', ')})`,
  );
  check(
    procs.every((p) => p.child.exitCode === null),
    'the API supervisor and both worker supervisors are still running',
  );
  check(
    workers.some((w) => w.output().includes('the worker process exited: starting it again')),
    'the killed worker was started again',
  );
  const last = await upload('after.csv', rowsFor('After', 10));
  const [afterFile] = await startExtraction([last]);
  const done = await until('a file after the faults', 120_000, async () => {
    const { rows } = await db.execute(
      sql`select status from batch_files where batch_file_id = ${afterFile!.fileAuditId}`,
    );
    const status = (rows[0] as { status: string } | undefined)?.status;
    return status === 'Extracted' || status === 'Failed' ? status : undefined;
  });
  check(done === 'Extracted', `a file sent after the faults is Extracted (${done})`);
}

await main().catch((err: unknown) => {
  failures.push(String(err instanceof Error ? err.stack : err));
});
if (failures.length > 0)
  for (const p of procs) console.log(`\n--- ${p.name} (last lines)\n${p.output().slice(-6_000)}`);
say(failures.length === 0 ? 'fault suite passed' : `fault suite FAILED:\n- ${failures.join('\n- ')}`);
process.exit(failures.length === 0 ? 0 : 1);
