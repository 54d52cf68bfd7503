// Issue 21 "Speed": an authenticated paged list at 10 connections against the real server process, beside
// the SQL it runs executed alone at the same concurrency, in one run. Goal: at least 3,000 req/s on 2
// cores and at least 0.8x the SQL alone; the script exits non-zero when the last of the real server's
// modes run misses either (as bench/load.bench.ts does for its goals).
//   npm run bench -- paged-list        BENCH_DURATION_S (default 15) per measure, 3 rounds per mode;
//                                      BENCH_MODES=cache,processes picks modes; BENCH_SERVER_PROCESSES
// The list: the Transactions tab's first page (POST /api/transactions/account/:id, 50 rows, the web's
// request), on seed-demo data, as a staff user signed in through the real flow (bench/load-users.ts).
// Three modes, each with its own server: ACCESS_CACHE_SECONDS=0 (the user read on every request), the
// default cache, and the default cache with SERVER_PROCESSES at the core count (one process per core, as
// a deployment would run it; its CPU is that of all its processes); then two floor modes, a bare server
// in its place (paged-list-floor-server.ts) that runs the same statements and does nothing else. The SQL
// alone: the statements one warm request runs, captured from the pool of an in-process app in the same
// mode, replayed as the server sends them (same text, parameters, row mode, a prepared statement by its
// name) by 10 loops over a pool of 10 connections; a "set" is one request's statements in order.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openTestApp } from '../apps/server/test/app-context';
import {
  benchLog,
  countServerErrors,
  cpuMsOf,
  createDemoDatabase,
  freePort,
  loadAverage,
  pct,
  round2,
  serverDir,
  startBenchServer,
  type BenchDatabase,
} from './bench-server';
import {
  checkAnswers,
  createLoadUsers,
  cycleOf,
  signInLoadUsers,
  type LoadRequest,
  type LoadUser,
} from './load-users';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const ROUNDS = 3;
const CONNECTIONS = 10;
const GOAL = { requestsPerSec: 3000, ratioToSql: 0.8 };
const log = benchLog();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Statement {
  text: string;
  values: unknown[];
  rowMode?: string;
  /** A prepared statement's name: replayed by name, PostgreSQL keeps its plan as it does for the server. */
  name?: string;
}

/** The statements one warm request runs, from the pool of an in-process app on the same database. */
async function captureStatements(database: BenchDatabase, cacheSeconds: number, request: LoadRequest) {
  const ctx = await openTestApp(
    database.databaseUrl,
    { ACCESS_CACHE_SECONDS: String(cacheSeconds) },
    { migrate: false },
  );
  try {
    let captured: Statement[] | null = null;
    const pool = ctx.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const originalQuery = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const q = args[0] as string | Statement;
      // Drizzle passes the parameters beside the query config, not in it.
      const values = (typeof q === 'string' ? undefined : q.values) ?? (args[1] as unknown[]) ?? [];
      const { rowMode, name } = typeof q === 'string' ? ({} as Partial<Statement>) : q;
      captured?.push({
        text: typeof q === 'string' ? q : q.text,
        values,
        ...(rowMode ? { rowMode } : {}),
        ...(name ? { name } : {}),
      });
      return originalQuery(...args);
    };
    const send = () =>
      ctx.app.inject({
        method: request.method,
        url: request.path,
        headers: request.headers,
        ...(request.body ? { payload: request.body } : {}),
      });
    if (cacheSeconds > 0)
      for (let i = 0; i < 50 && !ctx.app.accessCache?.stats().isListening; i++)
        await new Promise((r) => setTimeout(r, 100));
    const warm = await send();
    if (warm.statusCode !== 200) throw new Error(`in-process request: ${warm.statusCode} ${warm.body}`);
    captured = [];
    await send();
    return captured as Statement[];
  } finally {
    await ctx.close();
  }
}

/** Sets of `statements` per second, run by `CONNECTIONS` loops over a pool of as many connections. */
async function runSqlAlone(databaseUrl: string, statements: Statement[], durationS: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const times: number[] = [];
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        for (const s of statements) await pool.query(s as pg.QueryConfig);
        times.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  const sorted = times.sort((a, b) => a - b);
  return { perSec: times.length / durationS, p50Ms: pct(sorted, 50), p95Ms: pct(sorted, 95) };
}

/** Answers per second of `request` at `CONNECTIONS` connections, and the server's CPU per answer. */
async function runApi(base: string, pid: number, request: LoadRequest, durationS: number) {
  const cpuStart = cpuMsOf(pid);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [request],
  });
  const answers = result.requests.total as number;
  return {
    perSec: answers / durationS,
    p50Ms: result.latency.p50 as number,
    // autocannon's histogram keeps p97.5 and p99, not p95: the nearest it reports above.
    p97_5Ms: result.latency.p97_5 as number,
    non2xx: (result.non2xx as number) + (result.errors as number),
    serverCpuMsPerAnswer: (cpuMsOf(pid) - cpuStart) / Math.max(1, answers),
  };
}

interface Mode {
  id: string;
  name: string;
  cacheSeconds: number;
  processes: number;
  /** A bare server in the real one's place (paged-list-floor-server.ts), answering none of the rows or the page. */
  floor?: 'bare' | 'answer';
}

const requestOf = (user: LoadUser, token: string) =>
  cycleOf(user, token).find((r) => r.path.startsWith('/api/transactions/account/'))!;

/** The floor server on a free port, running `statements` per request; started as the real one is. */
async function startFloorServer(database: BenchDatabase, mode: 'bare' | 'answer', statements: Statement[]) {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/paged-list-floor-server.ts'], {
    cwd: path.resolve(serverDir, '../..'),
    env: {
      ...database.env,
      PORT: String(port),
      FLOOR_MODE: mode,
      FLOOR_STATEMENTS: JSON.stringify(statements),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: server.pid!,
    logFile: null,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

const database = await createDemoDatabase(adminUrl, 'paged');
try {
  log(`seed-demo: ${database.seedSummary}`);
  const [user] = await createLoadUsers(database.databaseUrl, 1);
  const processes = Number(process.env.BENCH_SERVER_PROCESSES ?? os.availableParallelism());
  // BENCH_MODES=cache,processes runs only those; the goals judge the last of the real server's modes run.
  // The two floor modes put a bare server in its place (see paged-list-floor-server.ts): what an API over
  // the same statement gives on this machine with nothing of the real server's own work.
  const modes: Mode[] = [
    {
      id: 'no-cache',
      name: 'user read on every request (ACCESS_CACHE_SECONDS=0)',
      cacheSeconds: 0,
      processes: 1,
    },
    { id: 'cache', name: 'user cache on (default), one process', cacheSeconds: 60, processes: 1 },
    {
      id: 'processes',
      name: `user cache on, SERVER_PROCESSES=${processes} (one per core)`,
      cacheSeconds: 60,
      processes,
    },
    {
      id: 'floor-bare',
      name: 'floor: a bare Fastify route running the same statement, answering none of its rows',
      cacheSeconds: 60,
      processes: 1,
      floor: 'bare' as const,
    },
    {
      id: 'floor-answer',
      name: 'floor: a bare Fastify route running the same statement, answering its page (JSON, brotli 2)',
      cacheSeconds: 60,
      processes: 1,
      floor: 'answer' as const,
    },
  ].filter((mode) => !process.env.BENCH_MODES || process.env.BENCH_MODES.split(',').includes(mode.id));
  const results: {
    mode: string;
    floor: boolean;
    apiPerSec: number;
    ratioToSql: number;
    [more: string]: unknown;
  }[] = [];
  const startRealServer = (mode: Mode) =>
    startBenchServer(database, {
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
      ACCESS_CACHE_SECONDS: String(mode.cacheSeconds),
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      SERVER_PROCESSES: String(mode.processes),
    });
  // Signed in once (MFA is enrolled then); the token is valid for every server of this database.
  const signInServer = await startRealServer(modes[0]!);
  const [token] = await signInLoadUsers(signInServer.base, [user!]);
  await signInServer.stop();
  const request = requestOf(user!, token!);
  for (const mode of modes) {
    const statements = await captureStatements(database, mode.cacheSeconds, request);
    const server = mode.floor
      ? await startFloorServer(database, mode.floor, statements)
      : await startRealServer(mode);
    try {
      const rows = await checkAnswers(server.base, [[request]]);
      log(`${mode.name}: ${statements.length} statements per request, page rows ${JSON.stringify(rows)}`);
      await runApi(server.base, server.pid, request, 3);
      const api: Awaited<ReturnType<typeof runApi>>[] = [];
      const sql: Awaited<ReturnType<typeof runSqlAlone>>[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        api.push(await runApi(server.base, server.pid, request, DURATION_S));
        sql.push(await runSqlAlone(database.databaseUrl, statements, DURATION_S));
        log(
          `round ${round + 1}: API ${api.at(-1)!.perSec.toFixed(0)}/s, SQL ${sql.at(-1)!.perSec.toFixed(0)}/s`,
        );
      }
      const apiPerSec = median(api.map((a) => a.perSec));
      const sqlPerSec = median(sql.map((s) => s.perSec));
      results.push({
        mode: mode.name,
        floor: Boolean(mode.floor),
        statements: statements.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 160)),
        apiPerSec: Math.round(apiPerSec),
        apiP50Ms: median(api.map((a) => a.p50Ms)),
        apiP97_5Ms: median(api.map((a) => a.p97_5Ms)),
        apiNon2xx: api.reduce((n, a) => n + a.non2xx, 0),
        serverCpuMsPerAnswer: round2(median(api.map((a) => a.serverCpuMsPerAnswer))),
        sqlSetsPerSec: Math.round(sqlPerSec),
        sqlP50Ms: round2(median(sql.map((s) => s.p50Ms))),
        sqlP95Ms: round2(median(sql.map((s) => s.p95Ms))),
        ratioToSql: round2(apiPerSec / sqlPerSec),
        rounds: api.map((a, i) => ({
          apiPerSec: Math.round(a.perSec),
          sqlPerSec: Math.round(sql[i]!.perSec),
        })),
        serverErrorLog: server.logFile ? countServerErrors(server.logFile) : {},
      });
    } finally {
      await server.stop();
    }
  }
  // The goals judge the real server: the last of its modes run (none when only floor modes ran).
  const judged = results.filter((r) => !r.floor).at(-1);
  const goals = judged && {
    atLeast3000PerSec: judged.apiPerSec >= GOAL.requestsPerSec,
    atLeast0_8xSql: judged.ratioToSql >= GOAL.ratioToSql,
  };
  console.log(
    JSON.stringify(
      {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
        results,
        goal: judged
          ? `${GOAL.requestsPerSec} req/s and ${GOAL.ratioToSql}x the SQL alone, judged on the last real server's mode (${judged.mode})`
          : 'not judged: only floor modes ran',
        goals,
        loadAverage: loadAverage(),
        cores: os.availableParallelism(),
      },
      null,
      2,
    ),
  );
  if (goals && !Object.values(goals).every(Boolean)) {
    console.error('A goal of issue 21 "Speed" is missed (see goals above).');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.drop();
}
