import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../db/migrate';
import { openDatabase, type Database } from '../db/open-database';
import { loadConfig } from '../platform/config';
import { createPlatform, type Platform } from '../platform/create-platform';
import { buildLogger } from '../platform/logger';
import { DEMO_NEGOTIATED_RATES } from './demo-negotiated-rates';
import { DEMO_NOTES } from './demo-notes';
import { DEMO_NOT_EMPTY_MSG, seedDemo, type SeedDemoResult } from './seed-demo';
import { createInvitationCollector } from './seed-people';
import { createFreshDatabase } from '../../test/fresh-database';

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
  result = await seedDemo(deps, { endDate: '2026-03-31' });
}, 240_000);

afterAll(async () => {
  await platform?.jobs.stop();
  await database?.close();
  await fresh?.drop();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('seedDemo on an empty database', () => {
  it('fills every table of the demo', async () => {
    expect(result.firstDate).toBe('2023-04-01');
    expect(result.lastDate).toBe('2026-03-31');
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
  });

  it('holds investments only on investment and hybrid accounts, some maturing within 90 days', async () => {
    const [row] = await rowsOf<{ misplaced: number; soon: number; clients: number }>(sql`
      select count(*) filter (where a.account_type not in ('Investment', 'Hybrid'))::int as misplaced,
        count(*) filter (where i.maturity_date between '2026-04-01' and '2026-06-29')::int as soon,
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

  it('gives every client an analysis history: tables, two Monte Carlo runs, a forecast, four cashVest scores', async () => {
    const perClient = await rowsOf<{
      clientId: number;
      days: number;
      runs: number;
      ends: string;
      models: number;
      scores: number;
      unscored: number;
    }>(sql`
      select c.client_id as "clientId",
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
      expect(client).toMatchObject({
        runs: 2,
        ends: '2025-12-31,2026-03-31',
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

  it('refuses a second run', async () => {
    const deps = {
      db: database.db,
      auth: platform.auth,
      invitations,
      publicUrl: 'http://demo.test',
      storage: platform.storage,
    };
    await expect(seedDemo(deps, { endDate: '2026-03-31' })).rejects.toThrow(DEMO_NOT_EMPTY_MSG);
  });
});
