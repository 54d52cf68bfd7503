import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../db/migrate';
import { openDatabase, startEmbeddedPostgres, type Database } from '../db/open-database';
import { loadConfig } from '../platform/config';
import { createPlatform, type Platform } from '../platform/create-platform';
import { buildLogger } from '../platform/logger';
import { DEMO_NEGOTIATED_RATES } from './demo-negotiated-rates';
import { DEMO_NOTES } from './demo-notes';
import { DEMO_NOT_EMPTY_MSG, seedDemo, type SeedDemoResult } from './seed-demo';
import { createInvitationCollector } from './seed-people';

/**
 * The seed refuses a database with clients, and the run's shared test database has them: this file
 * seeds a database of its own (a temporary one on the DATABASE_URL server, else a fresh in-memory PGlite).
 */
async function createFreshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    return startEmbeddedPostgres({ dataDir: '', inMemory: true }).then((e) => ({ url: e.url, drop: e.stop }));
  const name = `tideline_demo_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

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
  const deps = { db: database.db, auth: platform.auth, invitations, publicUrl: 'http://demo.test' };
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

  it('refuses a second run', async () => {
    const deps = { db: database.db, auth: platform.auth, invitations, publicUrl: 'http://demo.test' };
    await expect(seedDemo(deps, { endDate: '2026-03-31' })).rejects.toThrow(DEMO_NOT_EMPTY_MSG);
  });
});
