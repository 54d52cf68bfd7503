import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { listBusinessDays } from '@tideline/analytics/calendar/business-calendar';
import { formatIsoDate, parseIsoDate } from '@tideline/analytics/core/iso-date';
import { MARKET_RATE_SERIES } from '@tideline/contracts/market-rates/market-rates.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../db/migrate';
import { cashVestScores, clients } from '../db/schema';
import { findSuggestionFor } from '../modules/cash-vest/cash-vest.service';
import { readRateSnapshot } from '../modules/market-rates/load-rate-snapshot';
import { RATE_LIMIT_DAYS } from '../modules/monte-carlo/run-rates';
import { openDatabase, type Database } from '../db/open-database';
import { loadConfig } from '../platform/config';
import { createPlatform, type Platform } from '../platform/create-platform';
import { buildLogger } from '../platform/logger';
import { DEMO_NEGOTIATED_RATES } from './demo-negotiated-rates';
import { DEMO_NOTES } from './demo-notes';
import { DEMO_SEED } from './demo-random';
import { DEMO_FIRM_NAME } from './demo-settings';
import { decimalToCents } from './demo-statement';
import { planDemoTransactions } from './plan-transactions';
import { DEMO_NOT_EMPTY_MSG, seedDemo, type SeedDemoResult } from './seed-demo';
import { createInvitationCollector } from './seed-people';
import { createFreshDatabase } from '../../test/fresh-database';

/** Mid-quarter: the open reports are for 2026's first quarter, and days after it exist. */
const END = '2026-05-15';
const WITHHELD_START = '2026-01-01';
const WITHHELD_CLIENTS = ['Cedar Valley County', 'Millbrook Unified School District'];

let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
let database: Database;
let platform: Platform;
let result: SeedDemoResult;
const invitations = createInvitationCollector();

beforeAll(async () => {
  fresh = await createFreshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-demo-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: fresh.url,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://demo.test',
  });
  database = await openDatabase({ databaseUrl: fresh.url, dataDir, poolSize: 2 });
  await migrateDatabase(database.db);
  platform = await createPlatform(config, database, buildLogger(config), { mailer: invitations.mailer });
  const deps = {
    db: database.db,
    auth: platform.auth,
    invitations,
    publicUrl: 'http://demo.test',
    storage: platform.storage,
  };
  result = await seedDemo(deps, { endDate: END });
}, 240_000);

afterAll(async () => {
  await platform?.jobs.stop();
  await database?.close();
  await fresh?.drop();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('seedDemo on an empty database', () => {
  it('fills every table of the demo', async () => {
    expect(result.firstDate).toBe('2023-05-16');
    expect(result.lastDate).toBe(END);
    expect(result.withheld).toEqual(
      WITHHELD_CLIENTS.map((clientName) => ({ clientName, startDate: WITHHELD_START })),
    );
    expect(result.counts).toMatchObject({
      users: 9,
      banks: 8,
      clients: 6,
      bank_client_relationships: 18,
      import_templates: 18,
      accounts: 40,
      account_groups: 20,
      account_links: 7,
      keyword_categories: 10,
      note_categories: 9,
      quote_types: 6,
    });
    expect(result.counts.transactions).toBeGreaterThan(40_000);
    expect(result.counts.audit_log).toBeGreaterThan(100);
    expect(result.counts.investments).toBeGreaterThan(100);
    expect(result.counts.investment_groups).toBe(4);
    expect(result.counts.investment_group_investments).toBeGreaterThan(50);
    expect(result.counts.negotiated_rates).toBe(DEMO_NEGOTIATED_RATES.length);
    expect(result.counts.notes).toBe(DEMO_NOTES.length);
    expect(result.counts.note_comments).toBe(DEMO_NOTES.flatMap((n) => n.comments).length);
    const [notesRow] = await rowsOf<{ resolved: number; accounts: number; tagged: number }>(sql`
      select count(*) filter (where is_resolved)::int as resolved,
        count(*) filter (where table_linked_to = 'accounts')::int as accounts,
        (select count(*) from note_tagged_users)::int as tagged
      from notes`);
    expect(notesRow).toEqual({
      resolved: 1,
      accounts: 1,
      tagged: DEMO_NOTES.flatMap((n) => n.tagged).length,
    });
    // The firm its client reports name (issue 42 point 5), without a logo.
    const [firm] = await rowsOf<{ name: string; hasLogo: boolean }>(
      sql`select firm_name as name, logo is not null as "hasLogo" from firm_profile`,
    );
    expect(firm).toEqual({ name: DEMO_FIRM_NAME, hasLogo: false });
  });

  it('opens the last full quarter for two clients, with batches where ingestion started and a note on one', async () => {
    const reports = await rowsOf<{ start: string; end: string; status: string; batches: number }>(sql`
      select o.start_date::text as start, o.end_date::text as end, o.ingestion_status as status,
        (select count(*) from batches b where b.open_report_id = o.open_report_id)::int as batches
      from open_reports o order by o.ingestion_status`);
    expect(reports).toEqual([
      { start: '2026-01-01', end: '2026-03-31', status: 'IN PROGRESS', batches: expect.any(Number) },
      { start: '2026-01-01', end: '2026-03-31', status: 'NOT STARTED', batches: 0 },
    ]);
    expect(reports[0]!.batches).toBeGreaterThanOrEqual(3);
    const [batchNote] = await rowsOf<{ type: string; sameClient: boolean; sources: number }>(sql`
      select b.template_type as type, b.client_id = n.client_id as "sameClient", b.sources_required as sources
      from notes n join batches b on b.batch_id = n.linked_id where n.table_linked_to = 'batches'`);
    expect(batchNote).toEqual({ type: 'Transaction', sameClient: true, sources: expect.any(Number) });
    expect(batchNote!.sources % 3).toBe(0);
    // Start Ingestion's model: every batch has its accounts, Needs Files, owing a statement a month.
    const accounts = await rowsOf<{ empty: number; notNeedsFiles: number; offSources: number }>(sql`
      select count(*) filter (where n = 0)::int as empty, coalesce(sum(other), 0)::int as "notNeedsFiles",
        count(*) filter (where template_type <> 'Treasury' and months <> sources_required)::int as "offSources"
      from (select b.template_type, b.sources_required, count(ba.*) as n,
          count(ba.*) filter (where ba.status <> 'Needs Files') as other, sum(ba.statement_months) as months
        from batches b left join batch_accounts ba on ba.batch_id = b.batch_id group by b.batch_id) t`);
    expect(accounts).toEqual([{ empty: 0, notNeedsFiles: 0, offSources: 0 }]);
    // Nothing uploaded yet: the batches wait for demo-statements' files, so nothing is staged.
    const [staged] = await rowsOf<{ files: number; rows: number }>(sql`
      select (select count(*) from batch_files)::int as files, (select count(*) from staging_transactions)::int as rows`);
    expect(staged).toEqual({ files: 0, rows: 0 });
  });

  it("books no transaction of Cedar Valley's or Millbrook's accounts from their open period on, and every other client's plan", async () => {
    const plan = planDemoTransactions(END, DEMO_SEED);
    const withheldKeys = new Set(['cedar', 'millbrook']);
    const isWithheld = (key: string, date: string) =>
      withheldKeys.has(key.split('.')[0]!) && date >= WITHHELD_START;
    const expected = new Map<string, { count: number; cents: number }>();
    for (const t of plan.transactions) {
      if (isWithheld(t.accountKey, t.date)) continue;
      const sum = expected.get(t.accountKey) ?? { count: 0, cents: 0 };
      expected.set(t.accountKey, { count: sum.count + 1, cents: sum.cents + t.amountCents });
    }
    const booked = await rowsOf<{ number: string; count: number; sum: string; last: string }>(sql`
      select a.account_number as number, count(*)::int as count, sum(t.amount)::text as sum,
        max(t.transaction_date)::text as last
      from transactions t join accounts a using (account_id) group by a.account_number`);
    for (const p of plan.accounts) {
      const row = booked.find((b) => b.number === p.accountNumber);
      const want = expected.get(p.account.key);
      expect(row && { count: row.count, cents: decimalToCents(row.sum) }, p.account.key).toEqual(want);
      if (withheldKeys.has(p.account.clientKey)) expect(row!.last < WITHHELD_START).toBe(true);
    }
    // The plan has those days, in the period and after it: the books stop short of them.
    const left = plan.transactions.filter((t) => isWithheld(t.accountKey, t.date));
    expect(result.withheldTransactions).toBe(left.length);
    expect(left.some((t) => t.date > '2026-03-31')).toBe(true);
  });

  it('dates every anchor before the withheld period and ends each balance table on its books’ last day, at the plan’s balance', async () => {
    const plan = planDemoTransactions(END, DEMO_SEED);
    const ends = await rowsOf<{ number: string; anchorDate: string; last: string; balance: string }>(sql`
      select distinct on (a.account_id) a.account_number as number, a.account_balance_date::text as "anchorDate",
        d.balance_date::text as last, d.balance::text as balance
      from daily_balances d join accounts a using (account_id) order by a.account_id, d.balance_date desc`);
    expect(ends).toHaveLength(plan.accounts.length);
    for (const p of plan.accounts) {
      const row = ends.find((e) => e.number === p.accountNumber)!;
      const isWithheld = ['cedar', 'millbrook'].includes(p.account.clientKey);
      const last = isWithheld ? '2025-12-31' : END;
      if (isWithheld) expect(row.anchorDate < WITHHELD_START).toBe(true);
      const balance = plan.transactions
        .filter((t) => t.accountKey === p.account.key && t.date <= last)
        .reduce((sum, t) => sum + t.amountCents, p.startBalanceCents);
      expect({ last: row.last, cents: decimalToCents(row.balance) }, p.account.key).toEqual({
        last,
        cents: balance,
      });
    }
  });

  it('holds investments only on investment and hybrid accounts, some maturing within 90 days', async () => {
    const [row] = await rowsOf<{ misplaced: number; soon: number; clients: number }>(sql`
      select count(*) filter (where a.account_type not in ('Investment', 'Hybrid'))::int as misplaced,
        count(*) filter (where i.maturity_date between '2026-05-16' and '2026-08-13')::int as soon,
        count(distinct i.client_id)::int as clients
      from investments i join accounts a on a.account_id = i.account_id`);
    expect(row).toMatchObject({ misplaced: 0, clients: 6 });
    expect(row!.soon).toBeGreaterThanOrEqual(10);
  });

  it("puts every account in its client's All Accounts group", async () => {
    const outside = await rowsOf(sql`
      select a.account_id from accounts a
      where not exists (
        select 1 from account_group_accounts m join account_groups g using (group_id)
        where m.account_id = a.account_id and g.is_all_accounts and g.client_id = a.client_id)`);
    expect(outside).toEqual([]);
  });

  it('posts no transaction on a weekend, and tags many with a keyword', async () => {
    const [row] = await rowsOf<{ weekend: number; tagged: number; total: number }>(sql`
      select count(*) filter (where extract(isodow from transaction_date) in (6, 7))::int as weekend,
             count(keyword_id)::int as tagged, count(*)::int as total
      from transactions`);
    expect(row!.weekend).toBe(0);
    expect(row!.tagged / row!.total).toBeGreaterThan(0.5);
  });

  it('invites every demo user with a link, Client Viewers with their clients', async () => {
    expect(result.invitations).toHaveLength(9);
    for (const i of result.invitations) expect(i.link).toMatch(/^http:\/\/demo\.test\/reset-password\//);
    const [viewers] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from user_clients`);
    expect(viewers!.n).toBe(4);
  });

  it('gives every client an analysis history as of its books’ last day: tables, two Monte Carlo runs, a forecast, four cashVest scores', async () => {
    const perClient = await rowsOf<{
      clientName: string;
      days: number;
      runs: number;
      ends: string;
      models: number;
      scores: number;
      unscored: number;
    }>(sql`
      select c.client_name as "clientName",
        (select count(*) from daily_balances d where d.client_id = c.client_id)::int as days,
        (select count(*) from monte_carlo_runs r where r.client_id = c.client_id and r.state = 'done')::int as runs,
        (select string_agg(r.end_date::text, ',' order by r.end_date) from monte_carlo_runs r
          where r.client_id = c.client_id) as ends,
        (select count(*) from short_term_models m where m.client_id = c.client_id
          and m.step1_ready and m.step2_state = 'done' and m.file_key is not null)::int as models,
        (select count(*) from cash_vest_scores s where s.client_id = c.client_id)::int as scores,
        (select count(*) from cash_vest_scores s where s.client_id = c.client_id and s.total_score is null)::int
          as unscored
      from clients c order by c.client_id`);
    expect(perClient).toHaveLength(6);
    for (const client of perClient) {
      // A client whose open period is left to ingestion is analysed up to the day before it.
      const isWithheld = WITHHELD_CLIENTS.includes(client.clientName);
      expect(client, client.clientName).toMatchObject({
        runs: 2,
        ends: isWithheld ? '2025-09-30,2025-12-31' : `2026-03-31,${END}`,
        models: 1,
        scores: 4,
        unscored: 0,
      });
      expect(client.days).toBeGreaterThan(1000);
    }
    // The same seeds give the same results: the runs are deterministic.
    const [seeds] = await rowsOf<{ distinct: number }>(
      sql`select count(distinct seed)::int as distinct from monte_carlo_runs`,
    );
    expect(seeds!.distinct).toBe(12);
  });

  it("gives the window a market-rate history: the snapshot's values where it has them, 'demo' rows before", async () => {
    const stored = await rowsOf<{ seriesId: string; date: string; value: number; source: string }>(sql`
      select series_id as "seriesId", observation_date::text as date, value::float8 as value, source
      from market_rate_observations order by series_id, observation_date`);
    const snapshot = await readRateSnapshot();
    const key = (o: { seriesId: string; date: string }) => `${o.seriesId}|${o.date}`;
    const byKey = new Map(stored.map((o) => [key(o), o]));
    for (const o of snapshot)
      expect(byKey.get(key(o)), key(o)).toMatchObject({ value: o.value, source: 'snapshot' });
    const demo = stored.filter((o) => o.source === 'demo');
    expect(stored.length).toBe(snapshot.length + demo.length);
    expect(result.counts.market_rate_observations).toBe(stored.length);
    // The window (2023-05-16 to 2026-05-15) lies before the snapshot: every rate it reads is 'demo'.
    const snapshotFirst = snapshot.map((o) => o.date).sort()[0]!;
    expect(demo.every((o) => o.date < snapshotFirst)).toBe(true);
    const businessDays = listBusinessDays(parseIsoDate(result.firstDate)!, parseIsoDate(END)!).map(
      formatIsoDate,
    );
    for (const seriesId of MARKET_RATE_SERIES) {
      const dates = demo.filter((o) => o.seriesId === seriesId).map((o) => o.date);
      const isMonthly = seriesId.startsWith('HQM');
      if (!isMonthly)
        expect(
          businessDays.filter((d) => !dates.includes(d)),
          seriesId,
        ).toEqual([]);
      // Every day of the window has a rate of the series at most RATE_LIMIT_DAYS old.
      const gaps = [result.firstDate, ...dates.filter((d) => d > result.firstDate && d <= END), END].map(
        (d, i, all) => (i === 0 ? 0 : parseIsoDate(d)! - parseIsoDate(all[i - 1]!)!),
      );
      expect(dates[0]! < result.firstDate, seriesId).toBe(true);
      expect(Math.max(...gaps), seriesId).toBeLessThanOrEqual(isMonthly ? 31 : RATE_LIMIT_DAYS);
    }
    const effrOf = (date: string) => byKey.get(`EFFR|${date}`)?.value;
    expect(effrOf(businessDays[0]!)).toBe(5.33);
    expect(effrOf(businessDays.at(-1)!)).toBeLessThan(4);
  });

  it("judges Cedar Valley's idle operating account as not earning, so its Value Score is no longer full", async () => {
    const [cedar] = await database.db
      .select({ clientId: clients.clientId })
      .from(clients)
      .where(eq(clients.clientName, 'Cedar Valley County'));
    const [row] = await database.db
      .select()
      .from(cashVestScores)
      .where(eq(cashVestScores.clientId, cedar!.clientId))
      .orderBy(desc(cashVestScores.endDate))
      .limit(1);
    const suggestion = await findSuggestionFor(database.db, row!, row!.createdBy!);
    const operating = suggestion.accounts.find((a) => a.accountName === 'General Fund Operating')!;
    expect(operating.averageBalance).toBeGreaterThan(10_000_000);
    expect(operating).toMatchObject({ isEarning: false });
    expect(operating.earningReason).toMatch(
      /under 75% of the Level One benchmark, Effective federal funds rate/,
    );
    const value = suggestion.subScores.find((s) => s.key === 'valueScore')!;
    expect(value.score).toBe(row!.valueScore);
    expect(row!.valueScore).toBeLessThan(19);
  });

  it('leaves the exception queue as the nightly detection would: late statements and reports, with owners', async () => {
    const rows = await rowsOf<{ clientName: string; kind: string; n: number; owned: number }>(sql`
      select c.client_name as "clientName", e.kind, count(*)::int as n,
        count(e.assignee_id)::int as owned
      from exception_items e join clients c on c.client_id = e.client_id
      where e.status = 'Open' group by 1, 2 order by 1, 2`);
    const kindsOf = (name: string) => rows.filter((r) => r.clientName === name).map((r) => r.kind);
    for (const name of WITHHELD_CLIENTS)
      expect(kindsOf(name)).toEqual(expect.arrayContaining(['report_due', 'statement_late']));
    // Clients booked to the end have no late statement and no open report.
    const others = rows.filter((r) => !WITHHELD_CLIENTS.includes(r.clientName));
    expect(others.filter((r) => r.kind === 'statement_late' || r.kind === 'report_due')).toEqual([]);
    expect(rows.every((r) => r.owned === r.n)).toBe(true);
    expect(result.counts.exception_items).toBe(rows.reduce((sum, r) => sum + r.n, 0));
  });

  it('refuses a second run', async () => {
    const deps = {
      db: database.db,
      auth: platform.auth,
      invitations,
      publicUrl: 'http://demo.test',
      storage: platform.storage,
    };
    await expect(seedDemo(deps, { endDate: END })).rejects.toThrow(DEMO_NOT_EMPTY_MSG);
  });
});
