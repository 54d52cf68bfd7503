// Issue 18 "Speed": on a throwaway database of the PostgreSQL server of BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), one client of 40 accounts with 3 years of business-day
// transactions, all in its 'All Accounts' group:
//   - 'Calculate Daily and Monthly Tables' end to end: POST /api/analytics/balance-tables/{clientId}
//     until its job completed (goal < 5 s);
//   - a Monte Carlo through the API: POST /api/analytics/monte-carlo/run (10,000 paths over the 5-year
//     simulation, 3 years of history) until the run is stored (goal < 3 s);
//   - the results panel: GET /monte-carlo/results/{id}, total-balance and the graph, p95 over 200
//     rounds (goal < 200 ms).
// The API process works the jobs itself, as the embedded mode does (a worker process on the server
// polls the same queue). node --import tsx bench/analysis-api.bench.ts
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { jobRuns, monteCarloRuns } from '../apps/server/src/db/schema';
import { defineJobs } from '../apps/server/src/jobs';
import { closeMonteCarloPool } from '../apps/server/src/modules/monte-carlo/monte-carlo-pool';
import { createSignedInUser, type TestContext } from '../apps/server/test/test-context';
import { createTestContextOn } from '../apps/server/test/worker-process';
import { adminUrl, loadAverage } from './staging-seed';

const ACCOUNTS = 40;
const YEARS = 3;
const ROUNDS = 200;

/** 40 accounts, 3 years to yesterday: 2-4 transactions every business day, amounts fixed by a hash. */
const SEED = `
with c as (insert into clients (client_name) values ('Bench Analysis') returning client_id),
bk as (insert into banks (bank_name, asset_size) values ('Bench Bank', 900) returning bank_id),
rel as (insert into bank_client_relationships (client_id, bank_id, collection_type)
  select c.client_id, bk.bank_id, 'File Upload' from c, bk returning client_id, bank_id),
g as (insert into account_groups (client_id, group_name, is_all_accounts)
  select client_id, 'All Accounts', true from c returning group_id, client_id),
acc as (insert into accounts (client_id, bank_id, account_name, account_number, account_type, account_category,
    account_alias, account_balance, account_balance_date)
  select rel.client_id, rel.bank_id, 'Account ' || n, 'B-' || n, 'Transaction', 'Operating', 'A' || n,
    1000000 + n * 25000, current_date - interval '${YEARS} years'
  from rel, generate_series(1, ${ACCOUNTS}) n returning account_id, client_id)
insert into account_group_accounts (client_id, group_id, account_id)
select acc.client_id, g.group_id, acc.account_id from acc join g using (client_id);

insert into transactions (client_id, account_id, transaction_date, description, amount)
select a.client_id, a.account_id, d::date, 'Bench ' || k,
  round((((a.account_id * 7919 + extract(doy from d)::int * 104729 + k * 15485863) % 2000001) - 1000000) / 100.0
    + case when k = 1 then 180 else 0 end, 2)
from accounts a,
  generate_series(current_date - interval '${YEARS} years' + interval '1 day', current_date - interval '1 day',
    interval '1 day') d,
  generate_series(1, 2 + (extract(day from current_date)::int % 3)) k
where extract(isodow from d) < 6;
`;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function waitForJob(ctx: TestContext, jobId: string): Promise<string> {
  for (;;) {
    const [run] = await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    if (run?.state === 'completed' || run?.state === 'failed') return run.state;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function runAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const dbName = `tideline_bench_analysis_${Date.now().toString(36)}`;
await runAdmin(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
let ctx: TestContext | null = null;
try {
  ctx = await createTestContextOn(url.toString(), { LOG_LEVEL: 'silent' });
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true });
  const seeded = Date.now();
  await ctx.database.db.execute(sql.raw(SEED));
  await ctx.database.db.execute(sql`vacuum analyze`);
  const seedMs = Date.now() - seeded;
  const { rows } = await ctx.database.db
    .execute(sql`select c.client_id as "clientId", g.group_id as "groupId",
      (select count(*)::int from transactions) as transactions,
      (select max(transaction_date)::text from transactions) as "lastDay"
    from clients c join account_groups g using (client_id)`);
  const world = rows[0] as { clientId: number; groupId: number; transactions: number; lastDay: string };
  const user = await createSignedInUser(ctx, 'Admin');
  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx!.app.inject({ method, url: path, headers: user.auth, ...(payload ? { payload } : {}) });

  let started = performance.now();
  const tables = await call('POST', `/api/analytics/balance-tables/${world.clientId}`);
  const tablesState = await waitForJob(ctx, (tables.json() as { jobId: string }).jobId);
  const tablesMs = performance.now() - started;

  const monteCarlo = [];
  for (let round = 0; round < 3; round += 1) {
    started = performance.now();
    const answer = await call('POST', '/api/analytics/monte-carlo/run', {
      monteCarlo: {
        name: `Bench ${round}`,
        accountGroupId: world.groupId,
        clientId: world.clientId,
        endRange: world.lastDay,
        numberOfYears: YEARS - 1,
      },
    });
    if (answer.statusCode !== 200 && answer.statusCode !== 201) throw new Error(answer.body);
    const { jobId, monteCarloId } = answer.json() as { jobId: string; monteCarloId: number };
    const state = await waitForJob(ctx, jobId);
    const ms = performance.now() - started;
    const [run] = await ctx.database.db
      .select({ state: monteCarloRuns.state, paths: monteCarloRuns.paths })
      .from(monteCarloRuns)
      .where(eq(monteCarloRuns.monteCarloId, monteCarloId));
    monteCarlo.push({
      monteCarloId,
      jobState: state,
      runState: run!.state,
      paths: run!.paths,
      ms: Math.round(ms),
    });
  }

  const runId = monteCarlo.at(-1)!.monteCarloId;
  const panel: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const t = performance.now();
    const answers = await Promise.all(
      ['results', 'total-balance', 'duration-capability-cushion-graph'].map((what) =>
        call('GET', `/api/analytics/monte-carlo/${what}/${runId}`),
      ),
    );
    panel.push(performance.now() - t);
    if (answers.some((a) => a.statusCode !== 200)) throw new Error(answers.map((a) => a.body).join('\n'));
  }
  panel.sort((a, b) => a - b);

  console.log(
    JSON.stringify(
      {
        loadAverage: loadAverage(),
        accounts: ACCOUNTS,
        transactions: world.transactions,
        seedMs,
        balanceTables: { state: tablesState, ms: Math.round(tablesMs), goalMs: 5000 },
        monteCarlo: { runs: monteCarlo, goalMs: 3000 },
        resultsPanel: {
          rounds: ROUNDS,
          calls: 'results + total-balance + graph, in parallel',
          p50: +percentile(panel, 50).toFixed(1),
          p95: +percentile(panel, 95).toFixed(1),
          goalP95: 200,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await closeMonteCarloPool();
  await ctx?.platform.jobs.stop();
  await ctx?.close();
  await runAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
