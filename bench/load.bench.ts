// Issue 21 point 5 and "Speed": simulated staff users cycling the five reads of their day against the
// real server process on PostgreSQL, 50 users then 200 users, 60 s each. Goal at 200 users for 60 s:
// p95 under 150 ms for every call, 0 errors, server RSS growth under 50 MB; the script exits non-zero
// when a judged goal is missed, as bench/web-bundle.bench.ts does for its issue 21 goal.
//   npm run bench -- load            BENCH_DURATION_S=10 BENCH_USERS=20,50 for a shorter run
// A throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), migrated
// and filled by `npm run cli -- seed-demo`; staff users signed in through the real flow, one token each
// (bench/load-users.ts). The server: what `npm run start -w @tideline/server` runs (NODE_ENV=production,
// `node --import tsx src/main.ts`) as its own process on a free port, its log in a file (LOG_LEVEL info
// as in production; BENCH_SERVER_LOG_LEVEL changes it); its VmRSS is read from /proc every 500 ms.
// autocannon runs in this process: one connection per user, pipelining 1, each connection cycling its
// own user's requests (setupClient); every response is counted under its call.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import {
  benchLog,
  countServerErrors,
  cpuMsOf,
  postgresCpuMs,
  processTreeOf,
  createDemoDatabase,
  loadAverage,
  pct,
  round1,
  round2,
  rssOf,
  startBenchServer,
  type BenchServer,
} from './bench-server';
import { checkAnswers, createLoadUsers, cycleOf, signInLoadUsers, type LoadRequest } from './load-users';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const USERS = (process.env.BENCH_USERS ?? '50,200').split(',').map(Number);
// As a deployment would run it: one server process per core (main.ts, SERVER_PROCESSES).
const SERVER_PROCESSES = Number(process.env.BENCH_SERVER_PROCESSES ?? os.availableParallelism());
const WARMUP_S = 5;
const GOAL = { users: 200, durationS: 60, p95Ms: 150, errors: 0, rssGrowthMb: 50 };
const log = benchLog();

interface Phase {
  users: number;
  durationS: number;
  loadBefore: string;
  loadAfter: string;
  cpuCores: { server: number; postgres: number; loadGenerator: number };
  postgresCpuMsPerRequest: number;
  serverCpuMsPerRequest: number;
  requestsPerSec: number;
  responses: number;
  non2xx: number;
  status5xx: number;
  errors: number;
  timeouts: number;
  calls: Record<string, { responses: number; p50Ms: number; p95Ms: number; p99Ms: number; non2xx: number }>;
  rssMb: { start: number; peak: number; end: number; growth: number; hwmInPhase: number | null };
}

const database = await createDemoDatabase(adminUrl, 'load');
let server: BenchServer | null = null;

try {
  log(`seed-demo: ${database.seedSummary}`);

  const users = await createLoadUsers(database.databaseUrl, Math.max(...USERS));

  server = await startBenchServer(database, {
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
    SERVER_PROCESSES: String(SERVER_PROCESSES),
    // Tokens outlive the run (the default, 15 min, unless the phases are made longer).
    ACCESS_TOKEN_TTL_SECONDS: String(Math.max(900, USERS.length * DURATION_S + 600)),
  });
  const { base, pid } = server;
  const rssIdle = rssOf(pid);
  log(`server pid ${pid} on ${base}, RSS ${rssIdle.nowMb.toFixed(0)} MB`);

  const signInStart = performance.now();
  const tokens = await signInLoadUsers(base, users);
  const rssSignedIn = rssOf(pid);
  log(`${users.length} users signed in in ${((performance.now() - signInStart) / 1000).toFixed(1)} s`);
  const cycles = users.map((u, i) => cycleOf(u, tokens[i]!));
  // Every request once before any figure: the tokens work and the answers have rows.
  const answerRows = await checkAnswers(base, cycles);
  log(`checked ${cycles.flat().length} answers`);

  let samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssOf(pid).nowMb), 500);

  async function runPhase(userCount: number, durationS: number): Promise<Phase> {
    const times = new Map<string, { ms: number[]; non2xx: number }>();
    let canResetHwm = true;
    try {
      for (const id of processTreeOf(pid)) writeFileSync(`/proc/${id}/clear_refs`, '5');
    } catch {
      canResetHwm = false;
    }
    const start = rssOf(pid).nowMb;
    const cpuStart = { server: cpuMsOf(pid), postgres: postgresCpuMs(), bench: process.cpuUsage() };
    samples = [start];
    const loadBefore = loadAverage();
    let next = 0;
    const instance = autocannon({
      url: base,
      connections: userCount,
      duration: durationS,
      requests: cycles[0],
      setupClient: (client: { setRequests(r: LoadRequest[]): void }) =>
        client.setRequests(cycles[next++ % userCount]!),
    });
    // With pipelining 1 the request just answered is still the connection's current one: its call.
    instance.on(
      'response',
      (
        client: { requestIterator: { currentRequest: LoadRequest } },
        status: number,
        _b: number,
        ms: number,
      ) => {
        const name = client.requestIterator.currentRequest.name;
        const entry = times.get(name) ?? { ms: [], non2xx: 0 };
        times.set(name, entry);
        if (status >= 200 && status < 300) entry.ms.push(ms);
        else entry.non2xx++;
      },
    );
    const result = await instance;
    const end = rssOf(pid);
    const serverCpuMs = cpuMsOf(pid) - cpuStart.server;
    const postgresMs = postgresCpuMs() - cpuStart.postgres;
    const benchCpu = process.cpuUsage(cpuStart.bench);
    samples.push(end.nowMb);
    const responses = [...times.values()].reduce((sum, t) => sum + t.ms.length + t.non2xx, 0);
    return {
      users: userCount,
      durationS,
      loadBefore,
      loadAfter: loadAverage(),
      // Where the 2 cores went: the server's share, PostgreSQL's and this process's (autocannon's).
      cpuCores: {
        server: round2(serverCpuMs / durationS / 1000),
        postgres: round2(postgresMs / durationS / 1000),
        loadGenerator: round2((benchCpu.user + benchCpu.system) / 1000 / durationS / 1000),
      },
      serverCpuMsPerRequest: round2(serverCpuMs / Math.max(1, responses)),
      postgresCpuMsPerRequest: round2(postgresMs / Math.max(1, responses)),
      requestsPerSec: Math.round(responses / durationS),
      responses,
      non2xx: result.non2xx,
      status5xx: result['5xx'],
      errors: result.errors,
      timeouts: result.timeouts,
      calls: Object.fromEntries(
        [...times].map(([name, t]) => {
          const sorted = t.ms.sort((a, b) => a - b);
          const figures = {
            p50Ms: round1(pct(sorted, 50)),
            p95Ms: round1(pct(sorted, 95)),
            p99Ms: round1(pct(sorted, 99)),
          };
          return [name, { responses: sorted.length + t.non2xx, ...figures, non2xx: t.non2xx }];
        }),
      ),
      rssMb: {
        start: round1(start),
        peak: round1(Math.max(...samples)),
        end: round1(end.nowMb),
        growth: round1(end.nowMb - start),
        hwmInPhase: canResetHwm ? round1(end.hwmMb) : null,
      },
    };
  }

  await runPhase(Math.min(...USERS), WARMUP_S);
  log(`warmed up for ${WARMUP_S} s`);
  const phases: Phase[] = [];
  for (const userCount of USERS) {
    phases.push(await runPhase(userCount, DURATION_S));
    log(`${userCount} users for ${DURATION_S} s: ${phases.at(-1)!.requestsPerSec} req/s`);
  }
  clearInterval(sampler);
  const rssEnd = rssOf(pid);

  // The goals are judged on the 200-user phase when it ran for 60 s or more.
  const judged = phases.find((p) => p.users === GOAL.users && p.durationS >= GOAL.durationS);
  const goals = judged && {
    p95Under150MsEveryCall: Object.values(judged.calls).every((c) => c.p95Ms < GOAL.p95Ms),
    zeroErrors: judged.non2xx + judged.errors === GOAL.errors,
    rssGrowthUnder50Mb: judged.rssMb.growth < GOAL.rssGrowthMb,
  };
  console.log(
    JSON.stringify(
      {
        database: 'PostgreSQL (server process NODE_ENV=production, src/main.ts)',
        logLevel: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
        serverProcesses: SERVER_PROCESSES,
        answerRows,
        rssMb: {
          idle: round1(rssIdle.nowMb),
          afterSignIns: round1(rssSignedIn.nowMb),
          end: round1(rssEnd.nowMb),
          lifetimeHwm: round1(rssEnd.hwmMb),
        },
        phases,
        goal: `${GOAL.users} users for ${GOAL.durationS} s: p95 < ${GOAL.p95Ms} ms every call, 0 errors, RSS growth < ${GOAL.rssGrowthMb} MB`,
        goals: goals ?? `not judged (no ${GOAL.users}-user phase of ${GOAL.durationS} s or more)`,
        serverErrorLog: countServerErrors(server.logFile),
        loadAverage: loadAverage(),
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
  await server?.stop();
  await database.drop();
}
