// Issue 16 "Speed and size": the open batches page and the upload dashboard answer under 100 ms p95
// with 50 open batches of 12 files. Over HTTP with autocannon against the real app on a seeded
// PostgreSQL database (a throwaway one on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres):
//   node --import tsx bench/ingestion-dashboard.bench.ts
// Seeded: client A with an open report of 50 batches (25 relationships x Transaction and Investment),
// each with 2 batch accounts and 12 extracted files; 49 other clients with an open report of one batch
// without files (Open Reports lists 50 rows). Measured once like that, then again after adding a
// history of closed cycles (BENCH_HISTORY_CLIENTS clients, default 200, x 12 quarters x 4 batches x 12
// files) so a missing index shows. Each route: 1 connection (one user's latency) and 10 connections.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { createSignedInUser } from '../apps/server/test/test-context';
import { createTestContextOn } from '../apps/server/test/worker-process';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HISTORY_CLIENTS = Number(process.env.BENCH_HISTORY_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const dbName = `tideline_bench_dash_${Date.now().toString(36)}`;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The open cycle: client A's 50 batches of 12 files, and 49 clients with one batch each. */
const SEED_OPEN = `
with a as (insert into clients (client_name) values ('Bench A') returning client_id),
bk as (insert into banks (bank_name, asset_size)
  select 'Bench Bank ' || g, 900 from generate_series(1, 25) g returning bank_id),
rel as (insert into bank_client_relationships (client_id, bank_id, collection_type)
  select a.client_id, bk.bank_id, 'File Upload' from a, bk returning bank_client_rel_id, client_id, bank_id),
acc as (insert into accounts (client_id, bank_id, account_name, account_number, account_type, account_category,
    account_alias, account_balance_date)
  select rel.client_id, rel.bank_id, 'Account ' || rel.bank_id || '-' || k, 'A' || rel.bank_id || '-' || k,
    'Transaction', 'Operating', 'A', '2026-01-01'
  from rel, generate_series(1, 2) k returning account_id, client_id, bank_id),
rep as (insert into open_reports (client_id, start_date, end_date, ingestion_status)
  select client_id, '2026-07-01', '2026-09-30', 'IN PROGRESS' from a returning open_report_id, client_id)
insert into batches (open_report_id, client_id, bank_client_rel_id, template_type, start_date, end_date, sources_required)
select rep.open_report_id, rep.client_id, rel.bank_client_rel_id, t, '2026-07-01', '2026-09-30', 6
from rep join rel on rel.client_id = rep.client_id, unnest(array['Transaction', 'Investment']) t;

insert into batch_accounts (client_id, batch_id, account_id, status, statement_months)
select b.client_id, b.batch_id, ac.account_id,
  case when ac.account_id % 2 = 0 then 'Needs Validation' else 'Needs Files' end, 3
from batches b join bank_client_relationships r on r.bank_client_rel_id = b.bank_client_rel_id
join accounts ac on ac.client_id = b.client_id and ac.bank_id = r.bank_id;

with f as (insert into files (storage_key, file_name, client_id, status)
  select 'bench/' || b.batch_id || '/' || k, 'statement' || k || '.csv', b.client_id, 'stored'
  from batches b, generate_series(1, 12) k returning file_id, client_id, storage_key)
insert into batch_files (client_id, batch_id, file_id, uploaded_file_name, template_type, status, row_count,
  extraction_message)
select f.client_id, split_part(f.storage_key, '/', 2)::int, f.file_id, split_part(f.storage_key, '/', 3) || '.csv',
  'Transaction', case when split_part(f.storage_key, '/', 3) = '12' then 'In Progress' else 'Extracted' end,
  120, '120 rows staged for 2 accounts.'
from f;

with c as (insert into clients (client_name) select 'Bench other ' || g from generate_series(1, 49) g
  returning client_id),
rel as (insert into bank_client_relationships (client_id, bank_id, collection_type)
  select c.client_id, (select min(bank_id) from banks), 'File Upload' from c returning bank_client_rel_id, client_id),
rep as (insert into open_reports (client_id, start_date, end_date)
  select client_id, '2026-07-01', '2026-09-30' from c returning open_report_id, client_id)
insert into batches (open_report_id, client_id, bank_client_rel_id, template_type, start_date, end_date, sources_required)
select rep.open_report_id, rep.client_id, rel.bank_client_rel_id, 'Transaction', '2026-07-01', '2026-09-30', 3
from rep join rel using (client_id);
`;

/** Closed cycles: per client 4 relationships, 12 quarters, a validated batch per relationship of 12 files. */
const SEED_HISTORY = `
with c as (insert into clients (client_name) select 'Bench history ' || g from generate_series(1, HISTORY_CLIENTS) g
  returning client_id),
rel as (insert into bank_client_relationships (client_id, bank_id, collection_type)
  select c.client_id, b.bank_id, 'File Upload' from c, (select bank_id from banks order by bank_id limit 4) b
  returning bank_client_rel_id, client_id, bank_id),
acc as (insert into accounts (client_id, bank_id, account_name, account_number, account_type, account_category,
    account_alias, account_balance_date)
  select rel.client_id, rel.bank_id, 'H ' || rel.bank_client_rel_id || '-' || k, 'H' || rel.bank_client_rel_id || '-' || k,
    'Transaction', 'Operating', 'H', '2023-01-01'
  from rel, generate_series(1, 2) k returning account_id)
insert into open_reports (client_id, start_date, end_date, ingestion_status, created_at, closed_at)
select c.client_id, make_date(2023, 1, 1) + (q * interval '3 months'), make_date(2023, 1, 1) + ((q + 1) * interval '3 months') - interval '1 day',
  'VALIDATED', make_date(2023, 1, 1) + ((q + 1) * interval '3 months'), make_date(2023, 1, 1) + ((q + 1) * interval '3 months') + interval '20 days'
from c, generate_series(0, 11) q;

insert into batches (open_report_id, client_id, bank_client_rel_id, template_type, start_date, end_date,
  sources_required, validated_at, created_at)
select o.open_report_id, o.client_id, r.bank_client_rel_id, 'Transaction', o.start_date, o.end_date, 6, o.closed_at, o.created_at
from open_reports o join bank_client_relationships r on r.client_id = o.client_id
where o.closed_at is not null;

insert into batch_accounts (client_id, batch_id, account_id, status, statement_months)
select b.client_id, b.batch_id, ac.account_id, 'Validated', 3
from batches b join bank_client_relationships r on r.bank_client_rel_id = b.bank_client_rel_id
join accounts ac on ac.client_id = b.client_id and ac.bank_id = r.bank_id
where b.validated_at is not null;

with f as (insert into files (storage_key, file_name, client_id, status)
  select 'bench/' || b.batch_id || '/' || k, 'statement' || k || '.csv', b.client_id, 'stored'
  from batches b, generate_series(1, 12) k where b.validated_at is not null
  returning file_id, client_id, storage_key)
insert into batch_files (client_id, batch_id, file_id, uploaded_file_name, template_type, status, row_count)
select f.client_id, split_part(f.storage_key, '/', 2)::int, f.file_id, split_part(f.storage_key, '/', 3) || '.csv',
  'Transaction', 'Extracted', 120
from f;
`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
let dataDir: string | null = null;
let ctx: Awaited<ReturnType<typeof createTestContextOn>> | null = null;

interface Figure {
  route: string;
  connections: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  ctx = await createTestContextOn(url.toString(), { LOG_LEVEL: 'silent' });
  dataDir = ctx.dataDir;
  const user = await createSignedInUser(ctx, 'Admin');
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  raw.on('error', () => undefined);
  await raw.query(SEED_OPEN);
  const { rows } = await raw.query<{ clientId: number }>(
    `select client_id as "clientId" from clients where client_name = 'Bench A'`,
  );
  const clientId = rows[0]!.clientId;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const routes = [
    '/api/data-ingestion/open-reports',
    `/api/data-ingestion/batches/all/${clientId}`,
    `/api/data-ingestion/batches/summary/${clientId}`,
    `/api/data-ingestion/extraction-status/client/${clientId}`,
  ];
  for (const route of routes) {
    const res = await fetch(base + route, { headers: user.auth });
    const body = (await res.json()) as unknown[];
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
    console.log(`${route}: ${body.length} rows`);
  }

  async function measure(route: string, connections: number): Promise<Figure> {
    const times: number[] = [];
    const instance = autocannon({
      url: base + route,
      headers: user.auth,
      connections,
      duration: SECONDS,
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status !== 200) throw new Error(`${route}: ${status}`);
      times.push(ms);
    });
    await instance;
    times.sort((x, y) => x - y);
    return {
      route,
      connections,
      requests: times.length,
      p50: pct(times, 50),
      p95: pct(times, 95),
      p99: pct(times, 99),
    };
  }

  async function measureAll(scenario: string) {
    await raw.query('VACUUM ANALYZE');
    for (const route of routes) await measure(route, 1); // warm-up
    console.log(`\n${scenario} (load before: ${loadAverage()})`);
    console.log('| route | connections | requests | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|');
    for (const connections of [1, 10])
      for (const route of routes) {
        const f = await measure(route, connections);
        console.log(
          `| ${route.replace(String(clientId), ':clientId')} | ${connections} | ${f.requests} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} |`,
        );
      }
    console.log(`load after: ${loadAverage()}`);
  }

  await measureAll('50 open batches of 12 files, no history');
  const seeded = performance.now();
  await raw.query(SEED_HISTORY.replace('HISTORY_CLIENTS', String(HISTORY_CLIENTS)));
  const { rows: sizes } = await raw.query<{ batches: string; files: string }>(
    'select (select count(*) from batches) as batches, (select count(*) from batch_files) as files',
  );
  console.log(
    `\nhistory seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s: ${sizes[0]!.batches} batches, ${sizes[0]!.files} batch files in all`,
  );
  await measureAll(`the same with ${HISTORY_CLIENTS} clients' 3 years of closed cycles`);

  // The plans of the routes' statements, to see what each one reads.
  if (process.env.BENCH_EXPLAIN) {
    const seen: string[] = [];
    const pool = ctx.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const q = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof q === 'string' ? q : q.text;
      const values = ((typeof q === 'string' ? undefined : q.values) ?? args[1]) as unknown[] | undefined;
      seen.push(JSON.stringify({ text, values: values ?? [] }));
      return original(...args);
    };
    for (const route of routes) await fetch(base + route, { headers: user.auth });
    pool.query = original;
    for (const s of seen) {
      const { text, values } = JSON.parse(s) as { text: string; values: unknown[] };
      if (!/batches|batch_files|open_reports/.test(text)) continue;
      const { rows: plan } = await raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      console.log(`\n${text}\n${plan.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  await raw.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await ctx?.close().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
