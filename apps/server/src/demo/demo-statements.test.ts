import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { extractFile } from '@tideline/ingest/extract-file';
import { readGrid } from '@tideline/ingest/read-grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open-database';
import { computeBalanceTables } from '../modules/balance-tables/balance-tables.job';
import {
  describeFile,
  isExtraFile,
  listFiles,
  loadSeededDemo,
  readStatementFiles,
  type ReadStatementFile,
  type SeededAccount,
  type SeededDemo,
} from '../../test/demo-statement-fixtures';
import { createFreshDatabase } from '../../test/fresh-database';
import { runCli } from '../../test/run-cli';
import { NO_CLIENTS_MSG } from './demo-statements-command';
import { DEMO_SEED } from './demo-random';
import { decimalToCents } from './demo-statement';
import { loadDemoStatements } from './load-demo-statements';
import { planDemoTransactions, type DemoPlan } from './plan-transactions';
import { NOT_DEMO_BOOKS_MSG, regenerateDemoPlan } from './regenerate-demo-plan';
import { PDF_HEADER } from './write-statement-pdf';

// `npm run cli -- demo-statements` on a fresh seed-demo, as a new analyst would use it: every file is
// read by the engine and held against the plan seed-demo followed (made here from its end date), its
// balances against the books, and then booked, as validating the batches would, to show the books and
// their balance tables end each month where the statements do.

let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
let database: Database;
let outDir: string;
let emptyRun: Awaited<ReturnType<typeof runCli>>;
let run: Awaited<ReturnType<typeof runCli>>;
let files: string[];
let plan: DemoPlan;
let seeded: SeededDemo;
let read: Map<string, ReadStatementFile>;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  fresh = await createFreshDatabase();
  outDir = await mkdtemp(path.join(os.tmpdir(), 'demo-statements-'));
  const env = { DATABASE_URL: fresh.url };
  // One command at a time: the in-memory PGlite serves one client well, and so the order is plain.
  emptyRun = await runCli(['demo-statements', outDir], env);
  const seed = await runCli(['seed-demo'], env);
  if (seed.code !== 0) throw new Error(`seed-demo failed: ${seed.stderr}`);
  // The plan seed-demo followed, made here from its end date: what the banks "posted".
  const lastDate = /Demo data from \S+ to (\d{4}-\d{2}-\d{2})/.exec(seed.stdout)![1]!;
  plan = planDemoTransactions(lastDate, DEMO_SEED);
  run = await runCli(['demo-statements', outDir], env);
  files = await listFiles(outDir);
  database = await openDatabase({ databaseUrl: fresh.url, dataDir: '', poolSize: 1 });
  seeded = await loadSeededDemo(database.db, plan);
  read = await readStatementFiles(outDir, files, seeded.accounts);
}, 240_000);

afterAll(async () => {
  await database?.close();
  await fresh?.drop();
});

const asPlanned = (rows: readonly { date: string; amount: string; description: string }[]) =>
  rows.map((r) => `${r.date}|${decimalToCents(r.amount)}|${r.description}`).sort();

/** Per account, its files in month order. */
function filesByAccount(): Map<SeededAccount, ReadStatementFile[]> {
  const by = new Map<SeededAccount, ReadStatementFile[]>();
  for (const [, file] of [...read].sort(([a], [b]) => a.localeCompare(b)))
    by.set(file.account, [...(by.get(file.account) ?? []), file]);
  return by;
}

const sumOf = (key: string) =>
  (seeded.planned.get(key) ?? []).reduce((s, r) => s + Number(r.split('|')[1]), 0);

describe('npm run cli -- demo-statements DIR on seed-demo data', () => {
  it('refuses a database without clients', () => {
    expect(emptyRun.code).toBe(1);
    expect(emptyRun.stderr).toContain(NO_CLIENTS_MSG);
  });

  it("writes one file per account and month of the open reports' relationships, in every format, and lists each", () => {
    expect(run.code).toBe(0);
    const statements = files.filter((f) => !isExtraFile(f));
    // Every account of both open reports, three months each; Cedar Valley's batches expect as many.
    expect(statements).toHaveLength(seeded.accounts.size * 3);
    const cedar = statements.filter((f) => f.startsWith('cedar-valley-county/'));
    expect(cedar).toHaveLength(seeded.sourcesRequired);
    expect(new Set(files.map((f) => path.extname(f)))).toEqual(
      new Set(['.bai2', '.xml', '.ofx', '.csv', '.pdf']),
    );
    for (const file of files) expect(run.stdout).toContain(file);
  });

  it('writes a period the books do not hold: seed-demo left it to ingestion', () => {
    for (const account of seeded.accounts.values())
      expect(account.bookedInPeriod, account.accountName).toBe(0);
    expect([...seeded.planned.values()].flat().length).toBeGreaterThan(1_000);
    expect(run.stdout).not.toContain('already hold');
  });

  it("reads every statement back through the engine: exactly the plan's transactions of the account and month", () => {
    for (const [file, { account, key, rows, kind }] of read) {
      expect(kind, file).toBe(file.endsWith('.csv') ? 'transactions' : 'statements');
      expect(new Set(rows.map((r) => r.accountNumber)), file).toEqual(
        new Set(rows.length > 0 ? [account.accountNumber] : []),
      );
      const expected = [...(seeded.planned.get(key) ?? [])].sort();
      expect(rows.length, file).toBe(expected.length);
      expect(asPlanned(rows), file).toEqual(expected);
    }
  });

  it("states balances that chain from the books: the first opening is the booked balance at the period's start, each month opens at the previous close", () => {
    for (const [account, months] of filesByAccount()) {
      const planAccount = plan.accounts.find((p) => p.accountNumber === account.accountNumber)!;
      const plannedOpening =
        planAccount.startBalanceCents +
        plan.transactions
          .filter((t) => t.accountKey === planAccount.account.key && t.date < account.startDate)
          .reduce((s, t) => s + t.amountCents, 0);
      expect(decimalToCents(account.opening), account.accountName).toBe(plannedOpening);
      let balance = plannedOpening;
      for (const file of months) {
        // OFX states no opening balance; every format states the closing one.
        if (file.opening !== undefined) expect(file.opening, file.key).toBe(balance);
        balance += sumOf(file.key);
        expect(file.closing, file.key).toBe(balance);
      }
    }
  });

  it("fails the csv in a new layout with 'no-template-matched' against its relationship's templates", async () => {
    const file = files.find((f) => f.endsWith('-new-export-layout.csv'))!;
    const { account } = describeFile(seeded.accounts, file);
    expect(account.templates.length).toBeGreaterThan(0);
    const result = await extractFile(await readFile(path.join(outDir, file)), {
      fileName: path.basename(file),
      templates: account.templates,
      context: { knownAccountNumbers: account.clientNumbers },
    });
    expect(result.ok || result.error.kind).toBe('no-template-matched');
  });

  it('prints one PDF whose text layer reads as a grid of the statement, the header row four lines down', async () => {
    const file = files.find((f) => f.endsWith('-printed.pdf'))!;
    const { account, key } = describeFile(seeded.accounts, file);
    const grid = await readGrid(await readFile(path.join(outDir, file)), 'pdf');
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]!.rows;
    expect(rows[0]!.cells.join(' ')).toContain(account.bankName);
    expect(rows[4]!.cells).toEqual([...PDF_HEADER]);
    const dated = rows.filter((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r.cells[0] ?? ''));
    expect(dated).toHaveLength(seeded.planned.get(key)!.length);
  });

  // Last but one: it books the period, as validating the batches would.
  it("once booked, the books equal the statements: the period's count per account, and rebuilt balance tables close each month at the statement's closing", async () => {
    const all = [...read.values()];
    await database.db.execute(sql`
      insert into transactions (client_id, account_id, transaction_date, description, amount)
      select * from unnest(
        ${sql.param(all.flatMap((f) => f.rows.map(() => f.account.clientId)))}::int[],
        ${sql.param(all.flatMap((f) => f.rows.map(() => f.account.accountId)))}::int[],
        ${sql.param(all.flatMap((f) => f.rows.map((r) => r.date)))}::date[],
        ${sql.param(all.flatMap((f) => f.rows.map((r) => r.description)))}::text[],
        ${sql.param(all.flatMap((f) => f.rows.map((r) => r.amount)))}::numeric[])`);
    const [user] = await rowsOf<{ userId: number }>(sql`select min(user_id)::int as "userId" from users`);
    for (const clientId of new Set([...seeded.accounts.values()].map((a) => a.clientId)))
      await computeBalanceTables({
        db: database.db,
        data: { clientId, userId: user!.userId },
        setProgress: async () => undefined,
      });

    const books = await rowsOf<{ accountId: number; month: string; count: number; closing: string }>(sql`
      select d.account_id as "accountId", to_char(d.balance_date, 'YYYY-MM') as month,
        sum(d.transaction_count)::int as count,
        (array_agg(d.balance order by d.balance_date desc))[1]::text as closing
      from daily_balances d join open_reports o on o.client_id = d.client_id
      where d.balance_date between o.start_date and o.end_date group by 1, 2`);
    for (const [account, months] of filesByAccount())
      for (const file of months) {
        const month = file.key.split('|')[1];
        const row = books.find((b) => b.accountId === account.accountId && b.month === month);
        expect(row?.count, file.key).toBe(file.rows.length);
        expect(decimalToCents(row!.closing), file.key).toBe(file.closing);
      }
  });

  it('says when the books already hold a period, and plans it again only from books this seed-demo made', async () => {
    const reports = await loadDemoStatements(database.db);
    const booked = reports.reduce((sum, r) => sum + r.bookedInPeriod, 0);
    expect(booked).toBe([...read.values()].reduce((sum, f) => sum + f.rows.length, 0));
    // The start balances depend on the whole plan: one changed means another plan made these books.
    const [first] = [...seeded.accounts.values()];
    await database.db.execute(
      sql`update accounts set account_balance = account_balance + 1 where account_id = ${first!.accountId}`,
    );
    await expect(regenerateDemoPlan(database.db)).rejects.toThrow(NOT_DEMO_BOOKS_MSG);
  });
});
