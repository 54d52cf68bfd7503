// Issue 19 "Speed and size": the Liquidity Analysis with every section, for one client of 40 accounts
// with 3 years of business-day transactions, on a throwaway database of the PostgreSQL server of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres). Goal: generated in under 10 s,
// under 5 MB. The books are seeded set-based (SQL); the analyses by the jobs' own code (balance
// tables, a Monte Carlo of each group at 10,000 paths, two short-term models, a cashVest score), as
// the report reads them. Measured: the report of the last quarter (the usual cycle) and, as a stress,
// of the whole 3 years. node --import tsx bench/report-pdf.bench.ts (BENCH_REPORT_OUT=a.pdf keeps one)
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { GenerateReportSchema } from '../packages/contracts/src/reports/reports.schemas';
import { computeBalanceTables } from '../apps/server/src/modules/balance-tables/balance-tables.job';
import {
  createCashVestRow,
  saveCashVestScores,
} from '../apps/server/src/modules/cash-vest/cash-vest-edits.service';
import { closeMonteCarloPool } from '../apps/server/src/modules/monte-carlo/monte-carlo-pool';
import { runMonteCarloNow } from '../apps/server/src/modules/monte-carlo/run-monte-carlo-now';
import { renderLiquidityAnalysis } from '../apps/server/src/modules/reports/document/render-liquidity-analysis';
import { runShortTermModelNow } from '../apps/server/src/modules/short-term/short-term.job';
import { selectGroupMinDate } from '../apps/server/src/modules/short-term/short-term.queries';
import { SYSTEM_CONTEXT, createSignedInUser, type TestContext } from '../apps/server/test/test-context';
import { createTestContextOn } from '../apps/server/test/worker-process';
import { adminUrl, loadAverage } from './staging-seed';

const ACCOUNTS = 40;
const YEARS = 3;
const ROUNDS = 3;

/**
 * 40 accounts over two banks, 3 years to the last quarter's end: 2-4 transactions every business day,
 * amounts fixed by a hash, descriptions of every payment channel (a quarter of them keyworded as
 * interest on the money market accounts), half the accounts in a second group, a link structure,
 * fees and earnings credit on monthly analysis statements, the market rates of the runs' day and the
 * quarter's open report.
 */
const seed = (end: string) => `
with c as (insert into clients (client_name) values ('Bench Report') returning client_id),
bk as (insert into banks (bank_name, asset_size) select 'Bench Bank ' || n, 900 from generate_series(1, 2) n
  returning bank_id),
rel as (insert into bank_client_relationships (client_id, bank_id, collection_type)
  select c.client_id, bk.bank_id, 'File Upload' from c, bk returning client_id, bank_id, bank_client_rel_id),
g as (insert into account_groups (client_id, group_name, is_all_accounts)
  select client_id, 'All Accounts', true from c union all select client_id, 'Operating', false from c
  returning group_id, client_id, is_all_accounts),
acc as (insert into accounts (client_id, bank_id, account_name, account_number, account_type, account_category,
    account_alias, account_balance, account_balance_date)
  select c.client_id, (select min(bank_id) + (n % 2) from bk), 'Account ' || n, 'B-' || n, 'Transaction',
    case when n % 10 = 0 then 'Money Market' else 'Operating' end, 'A' || n,
    1000000 + n * 25000, '${end}'::date - interval '${YEARS} years'
  from c, generate_series(1, ${ACCOUNTS}) n returning account_id, client_id, account_number)
insert into account_group_accounts (client_id, group_id, account_id)
select acc.client_id, g.group_id, acc.account_id from acc join g using (client_id)
where g.is_all_accounts or substr(acc.account_number, 3)::int % 2 = 0;

insert into keyword_categories (category_name) values ('Interest') on conflict do nothing;
insert into keywords (keyword_name, keyword_category_id)
select 'BENCH INTEREST', category_id from keyword_categories where lower(category_name) = 'interest';

insert into transactions (client_id, account_id, transaction_date, description, amount, keyword_id)
select a.client_id, a.account_id, d::date,
  (array['CHECK 10' || k, 'ACH PPD VENDOR', 'WIRE OUT', 'VISA CARD PURCHASE', 'DEPOSIT'])[1 + (a.account_id + k) % 5],
  round((((a.account_id * 7919 + extract(doy from d)::int * 104729 + k * 15485863) % 2000001) - 1000000) / 100.0
    + case when k = 1 then 180 else 0 end, 2), null
from accounts a,
  generate_series('${end}'::date - interval '${YEARS} years' + interval '1 day', '${end}'::date, interval '1 day') d,
  generate_series(1, 2 + (a.account_id % 3)) k
where extract(isodow from d) < 6;

insert into transactions (client_id, account_id, transaction_date, description, amount, keyword_id)
select a.client_id, a.account_id, (date_trunc('month', d) + interval '1 month - 1 day')::date, 'INTEREST PAID', 900,
  (select keyword_id from keywords where keyword_name = 'BENCH INTEREST')
from accounts a, generate_series('${end}'::date - interval '${YEARS} years', '${end}'::date - interval '1 month',
  interval '1 month') d
where a.account_category = 'Money Market';

insert into account_links (client_id, account_id, linked_to_account_id, linked_date)
select a.client_id, a.account_id, m.account_id, '${end}'::date - interval '1 year'
from accounts a join accounts m on m.client_id = a.client_id and m.account_number = 'B-' || (1 + (substr(a.account_number, 3)::int - 1) / 8 * 8)
where substr(a.account_number, 3)::int % 8 <> 1 and substr(a.account_number, 3)::int <= 24;

insert into fees (client_id, bank_client_rel_id, account_id, period_start, period_end, batch_id, batch_file_id,
  source_row_number, category, amount)
select a.client_id, r.bank_client_rel_id, a.account_id, d::date, (d + interval '1 month - 1 day')::date, 0, 0, k,
  (array['Account Maintenance', 'ACH Services', 'Wire Services', 'Check Services'])[k], 15 + k * 10
from accounts a join bank_client_relationships r on r.client_id = a.client_id and r.bank_id = a.bank_id,
  generate_series('${end}'::date - interval '${YEARS} years' + interval '1 day', '${end}'::date, interval '1 month') d,
  generate_series(1, 4) k;

insert into balances (client_id, bank_client_rel_id, period_start, period_end, batch_id, batch_file_id,
  source_row_number, standardized_description, amount)
select r.client_id, r.bank_client_rel_id, d::date, (d + interval '1 month - 1 day')::date, 0, 0, 1,
  'Earnings Credit Allowance', 750
from bank_client_relationships r join clients c on c.client_id = r.client_id and c.client_name = 'Bench Report',
  generate_series('${end}'::date - interval '${YEARS} years' + interval '1 day', '${end}'::date, interval '1 month') d;

insert into market_rate_observations (series_id, observation_date, value, source)
select series_id, current_date - 1, value, 'import'
from (values ('EFFR', 4.33), ('DGS3MO', 4.31), ('DGS1', 4.05), ('DGS2', 3.92), ('HQMCB2YR', 4.61)) r(series_id, value)
on conflict (series_id, observation_date) do update set value = excluded.value;
`;

/** The last day of the quarter before today's: the bench's period end (its runs are dated after it). */
function lastQuarterEnd(): { start: string; end: string } {
  const now = new Date();
  const quarterStart = Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1);
  const end = new Date(quarterStart - 86_400_000);
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2, 1));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
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

const dbName = `tideline_bench_report_${Date.now().toString(36)}`;
await runAdmin(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
let ctx: TestContext | null = null;
try {
  ctx = await createTestContextOn(url.toString(), { LOG_LEVEL: 'silent' });
  const db = ctx.database.db;
  const period = lastQuarterEnd();
  let started = Date.now();
  await db.execute(sql.raw(seed(period.end)));
  await db.execute(sql`vacuum analyze`);
  const seedMs = Date.now() - started;
  const { rows } = await db.execute(sql`select c.client_id as "clientId",
      (select group_id from account_groups where client_id = c.client_id and is_all_accounts) as "allId",
      (select group_id from account_groups where client_id = c.client_id and not is_all_accounts) as "groupId",
      (select min(account_id) from accounts where client_id = c.client_id and account_category = 'Money Market')
        as "targetId",
      (select count(*)::int from transactions where client_id = c.client_id) as transactions
    from clients c where c.client_name = 'Bench Report'`);
  const world = rows[0] as {
    clientId: number;
    allId: number;
    groupId: number;
    targetId: number;
    transactions: number;
  };
  const user = await createSignedInUser(ctx, 'Admin');
  await db.execute(sql`insert into open_reports (client_id, start_date, end_date)
    values (${world.clientId}, ${period.start}, ${period.end})`);

  started = Date.now();
  await computeBalanceTables({
    db,
    data: { clientId: world.clientId, userId: user.userId },
    setProgress: async () => {},
  });
  for (const [groupId, name] of [
    [world.allId, 'Whole client'],
    [world.groupId, 'Operating'],
  ] as const) {
    const run = await runMonteCarloNow(db, {
      clientId: world.clientId,
      accountGroupId: groupId,
      userId: user.userId,
      name,
      endDate: period.end,
      numberOfYears: YEARS - 1,
      seed: 7,
    });
    if (run.state !== 'done') throw new Error(`Monte Carlo ${name}: ${run.message}`);
  }
  const minDate = (await selectGroupMinDate(db, world.groupId))!;
  const previousEnd = new Date(Date.parse(period.start) - 86_400_000).toISOString().slice(0, 10);
  for (const [name, endDate] of [
    ['Previous quarter forecast', previousEnd],
    ['This quarter forecast', period.end],
  ] as const) {
    const model = await runShortTermModelNow(db, ctx.platform.storage, {
      clientId: world.clientId,
      userId: user.userId,
      accountGroupId: world.groupId,
      name,
      startDate: minDate,
      endDate,
    });
    if (model.step2?.state !== 'done') throw new Error(`${name}: ${JSON.stringify(model)}`);
  }
  const row = await createCashVestRow(db, SYSTEM_CONTEXT, { clientId: world.clientId, userId: user.userId });
  await saveCashVestScores(db, SYSTEM_CONTEXT, row, user.userId, {
    startDate: period.start,
    endDate: period.end,
    valueScore: 14,
    liquidityProf: 24,
    warnickRate: 12,
    cashflow: 15,
    investment: 7,
  });
  const analysesMs = Date.now() - started;

  const params = GenerateReportSchema.parse({
    clientId: world.clientId,
    allAccountsGraph: [world.allId, world.groupId],
    stressTestResult: [world.allId, world.groupId],
    stackedAreaAndStats: [world.allId, world.groupId],
    includeAllGraphs: [world.allId, world.groupId],
    shortTermLiquidity: [world.groupId],
    liquidTargetAccount: 1,
    highYieldTargetAccountId: world.targetId,
    minTransacForClosureGroupId: world.allId,
    stmPrevQuarterResults: 1,
    zbaAccountStructure: 1,
    electronicTransacTemplate: 1,
  });
  const measure = async (startDate: string) => {
    const runs = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const t = performance.now();
      const pdf = await renderLiquidityAnalysis(db, {
        reportId: round + 1,
        clientId: world.clientId,
        startDate,
        endDate: period.end,
        generatedAt: new Date(),
        params,
      });
      // BENCH_REPORT_OUT=file.pdf keeps the last one, to look at.
      if (process.env.BENCH_REPORT_OUT) writeFileSync(process.env.BENCH_REPORT_OUT, pdf);
      runs.push({
        ms: Math.round(performance.now() - t),
        bytes: pdf.length,
        pages: pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0,
      });
    }
    return runs;
  };
  const quarter = await measure(period.start);
  const threeYears = await measure(
    new Date(Date.parse(period.end) - (YEARS * 365 - 1) * 86_400_000).toISOString().slice(0, 10),
  );

  console.log(
    JSON.stringify(
      {
        loadAverage: loadAverage(),
        accounts: ACCOUNTS,
        transactions: world.transactions,
        seedMs,
        analysesMs,
        period,
        goal: { ms: 10_000, bytes: 5 * 1024 * 1024 },
        reportOfTheQuarter: quarter,
        reportOfThreeYears: threeYears,
      },
      null,
      2,
    ),
  );
} finally {
  await closeMonteCarloPool();
  await ctx?.close();
  await runAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
