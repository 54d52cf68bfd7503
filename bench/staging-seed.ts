import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createTestContextOn } from '../apps/server/test/worker-process';

// The staging benches' shared setup: a throwaway database on the PostgreSQL server of BENCH_PG_URL
// (default postgres://postgres@127.0.0.1:5432/postgres) with the app migrated, and one batch account
// of `rows` staged transactions, seeded set-based and vacuumed as autovacuum would after an extraction.

export const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * One client (Bench Staging), one Transaction batch of 2025, one batch account (status STATUS) and 12
 * monthly files 'statement-<m>.csv', Extracted, without rows yet.
 */
export const BATCH_SEED = `
with c as (insert into clients (client_name) values ('Bench Staging') returning client_id),
bk as (insert into banks (bank_name, asset_size) values ('Bench Bank', 900) returning bank_id),
rel as (insert into bank_client_relationships (client_id, bank_id, collection_type)
  select c.client_id, bk.bank_id, 'File Upload' from c, bk returning bank_client_rel_id, client_id, bank_id),
acc as (insert into accounts (client_id, bank_id, account_name, account_number, account_type, account_category,
    account_alias, account_balance_date)
  select client_id, bank_id, 'Operating', '100200300', 'Transaction', 'Operating', 'OP', '2025-01-01' from rel
  returning account_id, client_id),
rep as (insert into open_reports (client_id, start_date, end_date) select client_id, '2025-01-01', '2025-12-31'
  from c returning open_report_id, client_id),
b as (insert into batches (open_report_id, client_id, bank_client_rel_id, template_type, start_date, end_date)
  select rep.open_report_id, rep.client_id, rel.bank_client_rel_id, 'Transaction', '2025-01-01', '2025-12-31'
  from rep join rel using (client_id) returning batch_id, client_id)
insert into batch_accounts (client_id, batch_id, account_id, status, statement_months)
select b.client_id, b.batch_id, acc.account_id, 'STATUS', 12 from b join acc using (client_id);

with f as (insert into files (storage_key, file_name, client_id, status)
  select 'bench/' || m, 'statement-' || m || '.csv', client_id, 'stored'
  from batch_accounts, generate_series(1, 12) m returning file_id, file_name, client_id)
insert into batch_files (client_id, batch_id, file_id, uploaded_file_name, template_type, status)
select f.client_id, (select batch_id from batches), f.file_id, f.file_name, 'Transaction', 'Extracted' from f;
`;

/**
 * The account's 12 files of PER_FILE rows each; a row is validated when VALIDATED holds and carries
 * the bank reference REFERENCE (an expression of g, the row's number in the batch, or null).
 */
const ROWS_SEED = `
insert into staging_transactions (client_id, batch_id, batch_account_id, batch_file_id, row_number,
  transaction_date, description, amount, validation_status, bank_reference)
select ba.client_id, ba.batch_id, ba.batch_account_id, bf.batch_file_id, g - (m - 1) * PER_FILE + 1,
  make_date(2025, m, 1) + ((g % PER_FILE) * 28 / PER_FILE),
  (array['ACH CREDIT PROPERTY TAX', 'PAYROLL DIRECT DEPOSIT', 'VENDOR ACH PAYMENT', 'WIRE TRANSFER IN',
    'CHECK PAID', 'BANK SERVICE FEE'])[1 + g % 6] || ' ' || g,
  ((g::bigint * 7919) % 500000 - 250000) / 100.0, VALIDATED, REFERENCE
from batch_accounts ba,
  generate_series(1, 12) m
  join lateral (select batch_file_id from batch_files where uploaded_file_name = 'statement-' || m || '.csv') bf on true,
  generate_series((m - 1) * PER_FILE + 1, m * PER_FILE) g;

insert into batch_account_files (client_id, batch_id, batch_account_id, batch_file_id, row_count)
select client_id, batch_id, batch_account_id, batch_file_id, count(*) from staging_transactions
group by client_id, batch_id, batch_account_id, batch_file_id;
`;

// One short admin connection per statement: a long idle one may be ended by the other runs sharing the
// server (tests dropping their databases WITH (FORCE)), which would kill the bench.
async function runAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export interface StagedBatch {
  url: string;
  batchId: number;
  batchAccountId: number;
  rows: number;
  seedMs: number;
}

export type BenchContext = Awaited<ReturnType<typeof createTestContextOn>>;

/**
 * Runs `bench` on a fresh database `tideline_bench_<name>_…` of the server, migrated, with the app
 * in-process; the database is dropped afterwards, whatever happens.
 */
export async function withBenchDatabase<T>(
  name: string,
  bench: (ctx: BenchContext, url: string) => Promise<T>,
): Promise<T> {
  const dbName = `tideline_bench_${name}_${Date.now().toString(36)}`;
  await runAdmin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  let ctx: BenchContext | null = null;
  try {
    ctx = await createTestContextOn(url.toString(), { LOG_LEVEL: 'silent' });
    return await bench(ctx, url.toString());
  } finally {
    await ctx?.close();
    await runAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/**
 * Runs `bench` on a fresh database holding one staged batch; the database is dropped afterwards.
 * `bankReferences`: 3 rows in 4 carry a bank reference of their own, as a bank format gives.
 */
export async function withStagedBatch<T>(
  options: {
    name: string;
    rows: number;
    status: 'Needs Validation' | 'Validated';
    validated: string;
    bankReferences?: boolean;
  },
  bench: (ctx: BenchContext, staged: StagedBatch) => Promise<T>,
): Promise<T> {
  return withBenchDatabase(options.name, async (ctx, url) => {
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    const started = Date.now();
    let seeded: { batchId: number; batchAccountId: number; rows: number };
    try {
      await raw.query(BATCH_SEED.replaceAll('STATUS', options.status));
      await raw.query(
        ROWS_SEED.replaceAll('PER_FILE', String(Math.ceil(options.rows / 12)))
          .replaceAll('VALIDATED', options.validated)
          .replaceAll(
            'REFERENCE',
            options.bankReferences ? `case when g % 4 <> 0 then 'ST' || g end` : 'null',
          ),
      );
      await raw.query('VACUUM ANALYZE');
      const { rows } = await raw.query<{ batchId: number; batchAccountId: number; rows: number }>(
        `select batch_id as "batchId", batch_account_id as "batchAccountId",
          (select count(*)::int from staging_transactions) as rows from batch_accounts`,
      );
      seeded = rows[0]!;
    } finally {
      await raw.end();
    }
    return await bench(ctx, { url, ...seeded, seedMs: Date.now() - started });
  });
}
