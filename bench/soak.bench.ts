// Issue 40, Checks: a 10-minute soak. 30 staff users read and write for BENCH_DURATION_S (default
// 600) against 2 API processes (`npm run start`, SERVER_PROCESSES=2) and 2 workers (`npm run worker`)
// on PostgreSQL, the demo data loaded. Each user cycles the five reads of bench/load-users.ts twice
// (who am I, a dashboard list, a client, its accounts, a transactions page), and every third cycle
// writes: a note on its client, then a 20-row statement through the upload dialog's calls (signed form,
// the form posted, complete, start extraction), then reads its batch. Between two calls a user thinks
// for 0 to 2 x BENCH_THINK_MS (default 150 ms). Every 5 s: RSS of each API and worker process, the
// database's connections by application. At the end every uploaded file must be Extracted with its 20
// rows staged exactly once.
//   npm run bench -- soak              BENCH_DURATION_S=60 for a short run
// Judged: 0 errors (non-2xx, network errors, failed files, error lines in the logs) and no RSS growth
// after the first minute: per process, the mean RSS of the last minute against the mean of the second
// minute, within RSS_TOLERANCE_MB (allocator and JIT noise).
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createExtractionWorld, csvOf, type ExtractionWorld } from '../apps/server/test/extraction-fixtures';
import { createClients, createSignedInUser } from '../apps/server/test/test-context';
import { createTestContextOn } from '../apps/server/test/worker-process';
import {
  benchLog,
  countServerErrors,
  createDemoDatabase,
  loadAverage,
  pct,
  processTreeOf,
  round1,
  serverDir,
  sleep,
  startBenchServer,
} from './bench-server';
import { createLoadUsers, cycleOf, signInLoadUsers, type LoadRequest, type LoadUser } from './load-users';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 600);
const USERS = Number(process.env.BENCH_USERS ?? 30);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 150);
const WRITE_EVERY = 3; // cycles
const ROWS_PER_FILE = 20;
const USERS_PER_BATCH = 5;
const SAMPLE_MS = 5_000;
const RSS_TOLERANCE_MB = 15;
const log = benchLog();

interface Timing {
  ms: number[];
  failures: number;
  statuses: Record<string, number>;
}
const timings = new Map<string, Timing>();
const failures: string[] = [];

interface Answer {
  status: number;
  ok: boolean;
  json(): unknown;
}

/** One call, timed under `name`; a non-2xx answer or a network error counts as an error. */
async function timed(name: string, run: () => Promise<Response>): Promise<Answer | null> {
  const entry = timings.get(name) ?? { ms: [], failures: 0, statuses: {} };
  timings.set(name, entry);
  const started = performance.now();
  try {
    const res = await run();
    const body = Buffer.from(await res.arrayBuffer()).toString();
    if (res.ok) entry.ms.push(performance.now() - started);
    else {
      entry.failures++;
      entry.statuses[res.status] = (entry.statuses[res.status] ?? 0) + 1;
      if (failures.length < 20) failures.push(`${name}: ${res.status} ${body.slice(0, 200)}`);
    }
    return { status: res.status, ok: res.ok, json: () => JSON.parse(body) as unknown };
  } catch (error) {
    entry.failures++;
    entry.statuses.network = (entry.statuses.network ?? 0) + 1;
    if (failures.length < 20) failures.push(`${name}: ${(error as Error).message}`);
    return null;
  }
}

function startWorker(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const fd = openSync(logFile, 'a');
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'info' },
    stdio: ['ignore', fd, fd],
  });
}

/** The node processes of a tree (a supervisor and what it forked), without tsx's esbuild services. */
function nodeProcessesOf(pid: number): number[] {
  return processTreeOf(pid).filter((id) => {
    try {
      return readFileSync(`/proc/${id}/comm`, 'utf8').trim() !== 'esbuild';
    } catch {
      return false;
    }
  });
}

function rssMbOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function usersHolding(databaseUrl: string, permission: string): Promise<Set<number>> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ userId: number }>(
    `select u.user_id as "userId" from users u join roles r using (role_id) where $1 = any(r.permissions)`,
    [permission],
  );
  await db.end();
  return new Set(rows.map((r) => r.userId));
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const think = () => sleep(Math.random() * 2 * THINK_MS);

const database = await createDemoDatabase(adminUrl, 'soak');
const workers: ChildProcess[] = [];
let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
try {
  log(`seed-demo: ${database.seedSummary}`);
  const users = await createLoadUsers(database.databaseUrl, USERS);
  // Admins and Analysts upload; Advisors (no UPLOAD_FILES in the catalogue) write notes only.
  const uploaders = await usersHolding(database.databaseUrl, 'UPLOAD_FILES');

  // The writers' world: one new client per USERS_PER_BATCH users, each with a batch of two accounts and
  // a csv template, made through the test helpers on a context of the bench's own (closed before the run).
  const setup = await createTestContextOn(database.databaseUrl);
  const worlds: ExtractionWorld[] = [];
  try {
    const admin = await createSignedInUser(setup, 'Admin');
    const clientIds = await createClients(setup, Math.ceil(USERS / USERS_PER_BATCH), 'Soak');
    for (const clientId of clientIds) worlds.push(await createExtractionWorld(setup, admin, clientId));
  } finally {
    await setup.close();
  }

  server = await startBenchServer(database, {
    LOG_LEVEL: 'info',
    SERVER_PROCESSES: '2',
    ACCESS_TOKEN_TTL_SECONDS: String(DURATION_S + 900),
  });
  const { base } = server;
  const workerEnv = { ...database.env, PUBLIC_URL: base };
  const workerLogs = [1, 2].map((n) => path.join(database.dataDir, `worker-${n}.log`));
  for (const file of workerLogs) workers.push(startWorker(workerEnv, file));
  for (const file of workerLogs)
    while (!readFileSync(file, 'utf8').includes('"msg":"Worker started"')) await sleep(200);
  const tokens = await signInLoadUsers(base, users);
  log(`API on ${base} (2 processes), 2 workers, ${users.length} users signed in`);

  // Samples: RSS of every API and worker process, the database's connections by application.
  const processes = [
    ...nodeProcessesOf(server.pid).map((pid, i) => ({ pid, name: i === 0 ? 'api supervisor' : `api ${i}` })),
    ...workers.flatMap((w, k) =>
      nodeProcessesOf(w.pid!).map((pid, i) => ({
        pid,
        name: i === 0 ? `worker ${k + 1} supervisor` : `worker ${k + 1}`,
      })),
    ),
  ];
  const rss = new Map<string, { t: number; mb: number }[]>(processes.map((p) => [p.name, []]));
  const connections: { t: number; total: number; byApp: Record<string, number> }[] = [];
  const monitor = new pg.Client({ connectionString: adminUrl, application_name: 'soak monitor' });
  await monitor.connect();
  const dbName = new URL(database.databaseUrl).pathname.slice(1);
  const startedAt = Date.now();
  const sample = async () => {
    const t = (Date.now() - startedAt) / 1000;
    for (const p of processes) {
      const mb = rssMbOf(p.pid);
      if (mb !== null) rss.get(p.name)!.push({ t, mb });
    }
    const { rows } = await monitor.query<{ app: string; n: number }>(
      `select regexp_replace(application_name, ' [0-9]+$', '') as app, count(*)::int as n
       from pg_stat_activity where datname = $1 group by 1`,
      [dbName],
    );
    connections.push({
      t,
      total: rows.reduce((s, r) => s + r.n, 0),
      byApp: Object.fromEntries(rows.map((r) => [r.app || '(none)', r.n])),
    });
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_MS);

  const uploaded: number[] = []; // batch files queued by start-extraction
  const deadline = startedAt + DURATION_S * 1000;
  async function runUser(user: LoadUser, token: string, index: number) {
    const world = worlds[Math.floor(index / USERS_PER_BATCH)]!;
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
    const json = { ...auth, 'content-type': 'application/json' };
    const send = (r: LoadRequest) =>
      timed(r.name, () => fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body }));
    const post = (name: string, p: string, body: unknown, method = 'POST') =>
      timed(name, () => fetch(base + p, { method, headers: json, body: JSON.stringify(body) }));
    const cycle = cycleOf(user, token);
    for (let n = 0; Date.now() < deadline; n++) {
      for (const request of cycle) {
        await send(request);
        await think();
      }
      if (n % WRITE_EVERY !== WRITE_EVERY - 1) continue;
      await post('POST /api/notes/add', '/api/notes/add', {
        note: {
          noteTitle: `Soak ${index}.${n}`,
          noteDescription: 'Written by the soak bench.',
          tableLinkedTo: 'clients',
          linkedId: user.clientId,
        },
      });
      await think();
      if (!uploaders.has(user.userId)) continue;
      await uploadOne(world, index, n, post, auth);
      await think();
      await timed('GET /api/data-ingestion/batches/:id', () =>
        fetch(`${base}/api/data-ingestion/batches/${world.batchId}`, { headers: auth }),
      );
      await think();
    }
  }

  async function uploadOne(
    world: ExtractionWorld,
    index: number,
    n: number,
    post: (name: string, p: string, body: unknown) => Promise<Answer | null>,
    auth: Record<string, string>,
  ) {
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const day = String((n % 28) + 1).padStart(2, '0');
    const body = csvOf(
      Array.from({ length: ROWS_PER_FILE }, (_, i) => [
        i % 2 ? b : a,
        `10/${day}/2026`,
        `Soak ${index}.${n}.${i}`,
        `${i % 2 ? '-' : ''}${index + 1}.${String(i).padStart(2, '0')}`,
      ]),
    );
    const fileName = `soak-${index}-${n}.csv`;
    const signed = await post('POST /api/data-ingestion/upload-url', '/api/data-ingestion/upload-url', {
      batchId: world.batchId,
      clientId: world.clientId,
      bankId: world.bankId,
      fileName,
      sizeBytes: body.length,
    });
    if (!signed?.ok) return;
    const form = signed.json() as { fileId: number; url: string; fields: Record<string, string> };
    const data = new FormData();
    for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
    data.append('file', new Blob([new Uint8Array(body)]), fileName);
    const posted = await timed('POST upload form', () => fetch(form.url, { method: 'POST', body: data }));
    if (!posted?.ok) return;
    const done = await timed('POST /api/files/:fileId/complete', () =>
      fetch(`${base}/api/files/${form.fileId}/complete`, { method: 'POST', headers: auth }),
    );
    if (!done?.ok) return;
    const started = await post(
      'POST /api/data-ingestion/start-extraction',
      '/api/data-ingestion/start-extraction',
      {
        fileUpload: {
          userId: users[index]!.userId,
          batchId: world.batchId,
          successfulFileList: [{ fileId: form.fileId }],
          allowOverwrite: false,
        },
      },
    );
    if (started?.ok) {
      const queued = started.json() as { files: { fileAuditId: number }[] };
      uploaded.push(...queued.files.map((f) => f.fileAuditId));
    }
  }

  log(`soak: ${USERS} users for ${DURATION_S} s (think 0-${2 * THINK_MS} ms)`);
  const loadBefore = loadAverage();
  await Promise.all(users.map((u, i) => runUser(u, tokens[i]!, i)));
  const elapsedS = (Date.now() - startedAt) / 1000;
  const loadAfter = loadAverage();
  log(`load done; waiting for ${uploaded.length} files to leave the queue`);

  // Every file the users started must end Extracted with its rows staged exactly once.
  const check = new pg.Client({ connectionString: database.databaseUrl });
  await check.connect();
  let files: { status: string; n: number }[] = [];
  for (const until = Date.now() + 300_000; Date.now() < until; await sleep(1_000)) {
    ({ rows: files } = await check.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from batch_files where batch_file_id = any($1::int[]) group by 1`,
      [uploaded],
    ));
    if (!files.some((f) => f.status === 'Queued' || f.status === 'In Progress')) break;
  }
  const { rows: staged } = await check.query<{ files: number; rows: number; distinct: number }>(
    `select count(distinct t.batch_file_id)::int as files, count(*)::int as rows,
       count(distinct (t.batch_file_id, t.description))::int as distinct
     from staging_transactions t where t.batch_file_id = any($1::int[])`,
    [uploaded],
  );
  await check.end();
  clearInterval(sampler);
  await sample();
  await monitor.end();

  const extracted = files.find((f) => f.status === 'Extracted')?.n ?? 0;
  const calls = Object.fromEntries(
    [...timings].map(([name, t]) => {
      const sorted = t.ms.sort((x, y) => x - y);
      return [
        name,
        {
          responses: sorted.length + t.failures,
          p50Ms: round1(pct(sorted, 50)),
          p95Ms: round1(pct(sorted, 95)),
          p99Ms: round1(pct(sorted, 99)),
          errors: t.failures,
          ...(t.failures ? { statuses: t.statuses } : {}),
        },
      ];
    }),
  );
  const responses = Object.values(calls).reduce((s, c) => s + c.responses, 0);
  const requestErrors = Object.values(calls).reduce((s, c) => s + c.errors, 0);
  const rssFigures = Object.fromEntries(
    [...rss].map(([name, points]) => {
      const within = (from: number, to: number) =>
        points.filter((p) => p.t >= from && p.t < to).map((p) => p.mb);
      const second = within(60, 120);
      const last = within(Math.max(60, elapsedS - 60), Infinity);
      const growth = second.length && last.length ? mean(last) - mean(second) : null;
      return [
        name,
        {
          startMb: round1(points[0]?.mb ?? NaN),
          minute2MeanMb: second.length ? round1(mean(second)) : null,
          lastMinuteMeanMb: last.length ? round1(mean(last)) : null,
          peakMb: round1(Math.max(...points.map((p) => p.mb))),
          growthAfterFirstMinuteMb: growth === null ? null : round1(growth),
          perMinuteMb: Array.from({ length: Math.ceil(elapsedS / 60) }, (_, m) =>
            round1(mean(within(m * 60, (m + 1) * 60))),
          ),
        },
      ];
    }),
  );
  const logErrors = {
    api: countServerErrors(server.logFile),
    ...Object.fromEntries(workerLogs.map((f, i) => [`worker ${i + 1}`, countServerErrors(f)])),
  };
  const logErrorCount = Object.values(logErrors).reduce(
    (s, counts) => s + Object.values(counts).reduce((a, b) => a + b, 0),
    0,
  );
  const judgedRss = Object.values(rssFigures).filter((r) => r.growthAfterFirstMinuteMb !== null);
  const goals = {
    zeroErrors: requestErrors === 0 && logErrorCount === 0 && extracted === uploaded.length,
    stagedExactlyOnce:
      staged[0]!.rows === uploaded.length * ROWS_PER_FILE && staged[0]!.distinct === staged[0]!.rows,
    noRssGrowthAfterFirstMinute:
      judgedRss.length > 0 && judgedRss.every((r) => r.growthAfterFirstMinuteMb! <= RSS_TOLERANCE_MB),
  };
  console.log(
    JSON.stringify(
      {
        users: USERS,
        durationS: round1(elapsedS),
        thinkMs: `0-${2 * THINK_MS}`,
        apiProcesses: 2,
        workers: 2,
        load: { before: loadBefore, after: loadAfter },
        requestsPerSec: round1(responses / elapsedS),
        responses,
        requestErrors,
        failures,
        files: { started: uploaded.length, byStatus: Object.fromEntries(files.map((f) => [f.status, f.n])) },
        staged: staged[0],
        logErrors,
        calls,
        rssMb: rssFigures,
        connections: {
          max: Math.max(...connections.map((c) => c.total)),
          end: connections.at(-1),
          maxByApp: connections.reduce<Record<string, number>>((max, c) => {
            for (const [app, n] of Object.entries(c.byApp)) max[app] = Math.max(max[app] ?? 0, n);
            return max;
          }, {}),
        },
        goals,
      },
      null,
      2,
    ),
  );
  if (DURATION_S >= 600 && !Object.values(goals).every(Boolean)) process.exitCode = 1;
} finally {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null) return resolve();
          w.once('exit', () => resolve());
          w.kill('SIGTERM');
          setTimeout(() => w.kill('SIGKILL'), 15_000).unref();
        }),
    ),
  );
  await server?.stop();
  await database.drop();
}
