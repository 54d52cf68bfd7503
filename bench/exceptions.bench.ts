// Issue 43 "Checks: Speed": (a) a detection of the exception queue over 200 clients × 20 accounts × 3
// years under 10 s; (b) the queue's list (POST /api/exceptions/list, page of 50) at 10,000 open
// exceptions with a p95 under 100 ms. On a throwaway database of the PostgreSQL server on BENCH_PG_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), the app in-process:
//   node --import tsx bench/exceptions.bench.ts      (or npm run bench -- exceptions)
// The data: bench/exceptions-seed.ts (BENCH_CLIENTS, default 200). (a) runs detectExceptions with the
// registry DETECTORS as the nightly job does (every active client), three times: the first opens every
// exception (and writes its audit), the next two find the same causes again (the steady state of each
// night); then each detector alone, to name the slow one. (b) tops the queue up to 10,000 open
// exceptions (and 5,000 resolved), then sends the list request through the real app (Fastify inject:
// authentication, validation, the service, the SQL, serialization), 300 times per variant after 20
// warm-up requests, one at a time. BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the list's statements.
// The script exits non-zero when a figure misses its target. Progress goes to stderr, figures to stdout.
import pg from 'pg';
import { EXCEPTION_KINDS } from '@tideline/contracts/exceptions/exceptions.schemas';
import { detectExceptions } from '../apps/server/src/modules/exceptions/detect-exceptions';
import { DETECTORS } from '../apps/server/src/modules/exceptions/detectors/index';
import { createSignedInUser, type SignedInUser } from '../apps/server/test/test-context';
import { NOW, seedExceptionBench, TODAY } from './exceptions-seed';
import { loadAverage, withBenchDatabase, type BenchContext } from './staging-seed';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const OPEN_TARGET = 10_000;
const RESOLVED_EXTRA = 5_000;
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const WARMUP = 20;
const GOAL = { detectionMs: 10_000, listP95Ms: 100 };
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

const started = Date.now();
const log = (msg: string) =>
  console.error(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${msg} (load ${loadAverage()})`);
const msSince = (t: number) => Math.round(performance.now() - t);
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (x: number) => Math.round(x * 10) / 10;

async function countRows(raw: pg.Client) {
  const { rows } = await raw.query<Record<string, number>>(`select
      (select count(*)::int from clients) as clients, (select count(*)::int from accounts) as accounts,
      (select count(*)::int from transactions) as transactions, (select count(*)::int from open_reports) as "openReports",
      (select count(*)::int from batch_accounts) as "batchAccounts", (select count(*)::int from batch_files) as "batchFiles",
      (select count(*)::int from staging_transactions) as "stagingTransactions",
      (select count(*)::int from staging_statements) as "stagingStatements",
      (select count(*)::int from investments) as investments`);
  return rows[0]!;
}

/** (a) The nightly detection over every client, then each detector alone over the same scope. */
async function benchDetection(ctx: BenchContext, raw: pg.Client) {
  const db = ctx.database.db;
  const scope = { clientIds: null, today: TODAY, now: NOW };
  const runs: { ms: number; outcome: Awaited<ReturnType<typeof detectExceptions>> }[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const outcome = await detectExceptions(db, scope, DETECTORS);
    runs.push({ ms: msSince(t), outcome });
    log(`detection ${i + 1}: ${runs[i]!.ms} ms, ${JSON.stringify(outcome)}`);
  }
  const { rows: ids } = await raw.query<{ id: number }>(
    'select client_id as id from clients where status = 1',
  );
  const fixed = { ...scope, clientIds: ids.map((r) => r.id) };
  const detectors = [];
  for (const detector of DETECTORS) {
    const t = performance.now();
    const findings = await detector.detect(db, fixed);
    detectors.push({ kinds: detector.kinds.join(', '), ms: msSince(t), findings: findings.length });
  }
  const { rows: byKind } = await raw.query<{ kind: string; n: number }>(
    `select kind, count(*)::int as n from exception_items where status <> 'Resolved' group by kind order by kind`,
  );
  return {
    firstRunMs: runs[0]!.ms,
    steadyRunsMs: runs.slice(1).map((r) => r.ms),
    outcome: runs[0]!.outcome,
    detectors,
    openByKind: Object.fromEntries(byKind.map((r) => [r.kind, r.n])),
  };
}

/** Open exceptions up to OPEN_TARGET and RESOLVED_EXTRA resolved ones, spread over clients, kinds, owners. */
async function topUpQueue(raw: pg.Client, assigneeIds: readonly number[]) {
  const { rows } = await raw.query<{ n: number }>(
    `select count(*)::int as n from exception_items where status = 'Open'`,
  );
  const missing = Math.max(0, OPEN_TARGET - rows[0]!.n);
  const insert = (count: number, resolved: boolean) =>
    raw.query(
      `insert into exception_items (client_id, kind, subject_key, severity, summary, link, since, amount, status,
          assignee_id, due_date, detected_at, last_seen_at, resolved_at, resolution_note, resolved_automatically)
        select c.client_id, ($1::text[])[1 + g % array_length($1::text[], 1)], 'bench:' || $3 || ':' || g,
          (array['High', 'Medium', 'Low'])[1 + g % 3],
          'Operating ...' || lpad((g % 10000)::text, 4, '0') || ' at Bench Bank ' || (g % 40) || ' needs a look: case ' || g || '.',
          jsonb_build_object('place', 'uploadDashboard', 'clientId', c.client_id),
          $4::timestamptz - (g % 90) * interval '1 day', case when g % 4 = 0 then (g % 50000) * 10.5 end,
          case when $5 then 'Resolved' else 'Open' end,
          case when g % 7 = 0 then null else ($2::int[])[1 + g % array_length($2::int[], 1)] end,
          $6::date + (g % 21 - 10), $4::timestamptz - (g % 30) * interval '1 day', $4::timestamptz,
          case when $5 then $4::timestamptz end, case when $5 then 'Fixed at the bank.' end, $5
        from generate_series(1, $7::int) g
        join (select client_id, row_number() over (order by client_id) - 1 as n from clients) c
          on c.n = g % (select count(*) from clients)`,
      [
        EXCEPTION_KINDS,
        assigneeIds,
        resolved ? 'resolved' : 'open',
        NOW.toISOString(),
        resolved,
        TODAY,
        count,
      ],
    );
  await insert(missing, false);
  await insert(RESOLVED_EXTRA, true);
  // The search column, as detection writes it (apply-findings.ts).
  await raw.query(`update exception_items e set search_text = lower(c.client_name || ' ' || e.summary)
    from clients c where c.client_id = e.client_id and e.search_text = ''`);
  await raw.query('VACUUM ANALYZE exception_items');
  const { rows: counts } = await raw.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from exception_items group by status order by status`,
  );
  return Object.fromEntries(counts.map((r) => [r.status, r.n]));
}

/** The statements one list request runs, from the app's pool, each with EXPLAIN ANALYZE. */
async function explainList(ctx: BenchContext, raw: pg.Client, user: SignedInUser, body: object) {
  const pool = ctx.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = pool.query.bind(pool);
  const captured: { text: string; values: unknown[] }[] = [];
  pool.query = (...args: unknown[]) => {
    const q = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof q === 'string' ? q : q.text;
    if (text.includes('exception_items'))
      captured.push({
        text,
        values: (typeof q === 'string' ? undefined : q.values) ?? (args[1] as unknown[]) ?? [],
      });
    return original(...args);
  };
  await ctx.app.inject({ method: 'POST', url: '/api/exceptions/list', headers: user.auth, payload: body });
  pool.query = original;
  for (const s of captured) {
    const { rows } = await raw.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
      s.values,
    );
    console.error(`== ${JSON.stringify(body)}\n${s.text}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
}

/** (b) One variant of the list: REQUESTS timed requests after WARMUP, one at a time. */
async function benchList(ctx: BenchContext, user: SignedInUser, body: object) {
  const send = () =>
    ctx.app.inject({ method: 'POST', url: '/api/exceptions/list', headers: user.auth, payload: body });
  let resultCount = 0;
  for (let i = 0; i < WARMUP; i++) {
    const res = await send();
    if (res.statusCode !== 200)
      throw new Error(`list ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    const page = res.json() as { resultCount: number; results: unknown[] };
    resultCount = page.resultCount;
  }
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await send();
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`list ${JSON.stringify(body)}: ${res.statusCode}`);
  }
  const sorted = sortedOf(times);
  return {
    resultCount,
    p50Ms: round1(pct(sorted, 50)),
    p95Ms: round1(pct(sorted, 95)),
    maxMs: round1(sorted.at(-1)!),
  };
}

await withBenchDatabase('exceptions', async (ctx, url) => {
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    const admin = await createSignedInUser(ctx, 'Admin');
    const analysts: SignedInUser[] = [];
    for (let i = 0; i < 4; i++) analysts.push(await createSignedInUser(ctx, 'Analyst'));
    log(`seeding ${CLIENTS} clients`);
    const seedStart = performance.now();
    await seedExceptionBench(raw, {
      clients: CLIENTS,
      authorId: admin.userId,
      assigneeIds: analysts.map((a) => a.userId),
      log,
    });
    const data = { ...(await countRows(raw)), seedSeconds: Math.round(msSince(seedStart) / 1000) };
    log(`seeded: ${JSON.stringify(data)}`);

    const detection = await benchDetection(ctx, raw);
    const queue = await topUpQueue(raw, [admin.userId, ...analysts.map((a) => a.userId)]);
    log(`queue: ${JSON.stringify(queue)}`);

    const { rows: someClient } = await raw.query<{ id: number; name: string }>(
      `select e.client_id as id, min(c.client_name) as name from exception_items e join clients c using (client_id)
        where e.status = 'Open' group by e.client_id order by count(*) desc limit 1`,
    );
    const { rows: scopedClients } = await raw.query<{ id: number }>(
      `select client_id as id from clients order by client_id limit 20`,
    );
    const viewer = await createSignedInUser(
      ctx,
      'Client Viewer',
      scopedClients.map((r) => r.id),
    );
    const variants: [string, SignedInUser, object][] = [
      ['default sort, first page of 50', admin, {}],
      ['client filter', admin, { filters: [{ id: 'clientId', value: [someClient[0]!.id] }] }],
      ['kind filter', admin, { filters: [{ id: 'kind', value: ['statement_late'] }] }],
      // Every summary of the top-up names an Operating account: the search matches nearly every row.
      ['search "Operating" (matches 9 rows in 10)', admin, { searchTerm: 'Operating' }],
      ['search a client name', admin, { searchTerm: someClient[0]!.name }],
      [
        'open only, by due date, page 11',
        admin,
        {
          filters: [{ id: 'status', value: ['Open'] }],
          sortOrder: [{ id: 'dueDate', desc: false }],
          pageIndex: 10,
        },
      ],
      ['client-scoped user (20 clients), default', viewer, {}],
    ];
    const list: Record<string, Awaited<ReturnType<typeof benchList>>> = {};
    for (const [name, user, body] of variants) {
      if (EXPLAIN) await explainList(ctx, raw, user, body);
      list[name] = await benchList(ctx, user, body);
      log(`list, ${name}: ${JSON.stringify(list[name])}`);
    }

    const slowestDetection = Math.max(detection.firstRunMs, ...detection.steadyRunsMs);
    const slowestList = Math.max(...Object.values(list).map((v) => v.p95Ms));
    const figures = {
      measured: new Date().toISOString(),
      machine: '2 cores, shared',
      loadAverageAtEnd: loadAverage(),
      data,
      detection,
      queue,
      list,
      goals: {
        detectionUnder10s: slowestDetection < GOAL.detectionMs,
        listP95Under100ms: slowestList < GOAL.listP95Ms,
      },
    };
    console.log(JSON.stringify(figures, null, 2));
    if (!figures.goals.detectionUnder10s || !figures.goals.listP95Under100ms) process.exitCode = 1;
  } finally {
    await raw.end();
  }
});
