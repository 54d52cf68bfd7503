import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ImportTemplateSchema, type ImportTemplate } from '@tideline/contracts/templates/import-template';
import { extractFile } from '@tideline/ingest/extract-file';
import { readGrid } from '@tideline/ingest/read-grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../../test/fresh-database';
import { runCli } from '../../test/run-cli';
import { NO_CLIENTS_MSG } from './demo-statements-command';
import { decimalToCents, slugify } from './demo-statement';
import { PDF_HEADER } from './write-statement-pdf';

/** A seeded account of an open report's client, with what the extraction job would pass for it. */
interface SeededAccount {
  clientName: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  /** The client's account numbers: rows for any other fail the file. */
  clientNumbers: string[];
  templates: ImportTemplate[];
}

let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
let outDir: string;
let emptyRun: Awaited<ReturnType<typeof runCli>>;
let run: Awaited<ReturnType<typeof runCli>>;
let files: string[];
/** By the file name's stem: client/bank/account-number-YYYY-MM. */
const accounts = new Map<string, SeededAccount>();
/** 'accountNumber|YYYY-MM' -> 'date|cents|description' of every seeded transaction of the period. */
const seeded = new Map<string, string[]>();
let sourcesRequired: number;

const listFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();

/** Reads what seed-demo stored, straight from its tables, to hold the files against. */
async function loadSeeded(client: pg.Client) {
  const { rows } = await client.query<
    Omit<SeededAccount, 'templates' | 'clientNumbers'> & { relId: number }
  >(`
    select c.client_name as "clientName", b.bank_name as "bankName", a.account_name as "accountName",
      a.account_number as "accountNumber", rel.bank_client_rel_id as "relId"
    from open_reports o join clients c using (client_id) join accounts a using (client_id)
    join banks b on b.bank_id = a.bank_id
    join bank_client_relationships rel on rel.client_id = a.client_id and rel.bank_id = a.bank_id
    where o.closed_at is null and not a.is_staging`);
  const templates = await client.query<{ relId: number; template: unknown }>(`
    select bank_client_rel_id as "relId", json_build_object('templateId', template_id, 'type', type,
      'templateType', template_type, 'headerRow', header_row, 'jsonTransform', json_build_array(json_transform)) as template
    from import_templates where type = 'Transaction' order by template_id`);
  for (const row of rows) {
    const clientNumbers = rows.filter((r) => r.clientName === row.clientName).map((r) => r.accountNumber);
    const relTemplates = templates.rows
      .filter((t) => t.relId === row.relId)
      .map((t) => ImportTemplateSchema.parse(t.template));
    const stem = `${slugify(row.clientName)}/${slugify(row.bankName)}/${slugify(row.accountName)}-${row.accountNumber}`;
    accounts.set(stem, { ...row, clientNumbers, templates: relTemplates });
  }
  const transactions = await client.query<{
    key: string;
    date: string;
    amount: string;
    description: string;
  }>(`
    select a.account_number || '|' || to_char(t.transaction_date, 'YYYY-MM') as key,
      t.transaction_date::text as date, t.amount::text as amount, t.description
    from open_reports o join transactions t on t.client_id = o.client_id
      and t.transaction_date between o.start_date and o.end_date
    join accounts a on a.account_id = t.account_id where o.closed_at is null`);
  for (const { key, date, amount, description } of transactions.rows) {
    seeded.set(key, [...(seeded.get(key) ?? []), `${date}|${decimalToCents(amount)}|${description}`]);
  }
  const sources = await client.query<{ n: number }>(`
    select coalesce(sum(sources_required), 0)::int as n from batches b
    join open_reports o on o.open_report_id = b.open_report_id where o.closed_at is null`);
  sourcesRequired = sources.rows[0]!.n;
}

beforeAll(async () => {
  fresh = await createFreshDatabase();
  outDir = await mkdtemp(path.join(os.tmpdir(), 'demo-statements-'));
  const env = { DATABASE_URL: fresh.url };
  // One command at a time: the in-memory PGlite serves one client well, and so the order is plain.
  emptyRun = await runCli(['demo-statements', outDir], env);
  const seed = await runCli(['seed-demo'], env);
  if (seed.code !== 0) throw new Error(`seed-demo failed: ${seed.stderr}`);
  run = await runCli(['demo-statements', outDir], env);
  files = await listFiles(outDir);
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  try {
    await loadSeeded(client);
  } finally {
    await client.end();
  }
}, 240_000);

afterAll(async () => {
  await fresh?.drop();
});

/** The account and month a file is for, from its name: client/bank/account-name-NUMBER-YYYY-MM[-extra].ext */
function describeFile(file: string): { account: SeededAccount; key: string } {
  const m = /^(.*)-(\d{4}-\d{2})(?:-[a-z-]+)?\.\w+$/.exec(file);
  const account = m && accounts.get(m[1]!);
  if (!account) throw new Error(`${file} names no seeded account and month`);
  return { account, key: `${account.accountNumber}|${m[2]}` };
}

const asSeeded = (
  rows: readonly { accountNumber: string; date: string; amount: string; description: string }[],
) => rows.map((r) => `${r.date}|${decimalToCents(r.amount)}|${r.description}`).sort();

describe('npm run cli -- demo-statements DIR on seed-demo data', () => {
  it('refuses a database without clients', () => {
    expect(emptyRun.code).toBe(1);
    expect(emptyRun.stderr).toContain(NO_CLIENTS_MSG);
  });

  it("writes one file per account and month of the open reports' relationships, in every format, and lists each", () => {
    expect(run.code).toBe(0);
    const statements = files.filter((f) => !/-(printed|new-export-layout)\.\w+$/.test(f));
    // Every account of both open reports, three months each; Cedar Valley's batches expect as many.
    expect(statements).toHaveLength(accounts.size * 3);
    const cedar = statements.filter((f) => f.startsWith('cedar-valley-county/'));
    expect(cedar).toHaveLength(sourcesRequired);
    expect(new Set(files.map((f) => path.extname(f)))).toEqual(
      new Set(['.bai2', '.xml', '.ofx', '.csv', '.pdf']),
    );
    for (const file of files) expect(run.stdout).toContain(file);
  });

  it('reads every statement back through the engine as the extraction job will: exactly the seeded transactions', async () => {
    const statements = files.filter((f) => !/-(printed|new-export-layout)\.\w+$/.test(f));
    for (const file of statements) {
      const { account, key } = describeFile(file);
      const isCsv = file.endsWith('.csv');
      const result = await extractFile(await readFile(path.join(outDir, file)), {
        fileName: path.basename(file),
        // Native formats are read without a template; csv through the relationship's templates.
        templates: isCsv ? account.templates : [],
        context: { knownAccountNumbers: account.clientNumbers },
      });
      if (!result.ok) throw new Error(`${file}: ${result.error.message}`);
      expect(result.value.kind, file).toBe(isCsv ? 'transactions' : 'statements');
      const rows =
        result.value.kind === 'transactions' || result.value.kind === 'statements' ? result.value.rows : [];
      expect(new Set(rows.map((r) => r.accountNumber)), file).toEqual(
        new Set(rows.length > 0 ? [account.accountNumber] : []),
      );
      const expected = (seeded.get(key) ?? []).sort();
      expect(rows.length, file).toBe(expected.length);
      expect(asSeeded(rows), file).toEqual(expected);
    }
  });

  it("fails the csv in a new layout with 'no-template-matched' against its relationship's templates", async () => {
    const file = files.find((f) => f.endsWith('-new-export-layout.csv'))!;
    const { account } = describeFile(file);
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
    const { account, key } = describeFile(file);
    const grid = await readGrid(await readFile(path.join(outDir, file)), 'pdf');
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]!.rows;
    expect(rows[0]!.cells.join(' ')).toContain(account.bankName);
    expect(rows[4]!.cells).toEqual([...PDF_HEADER]);
    const dated = rows.filter((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r.cells[0] ?? ''));
    expect(dated).toHaveLength(seeded.get(key)!.length);
  });
});
