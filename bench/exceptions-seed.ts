// The data of bench/exceptions.bench.ts (issue 43 "Checks: Speed"): CLIENTS clients × 20 accounts at
// 4 banks each, a transaction a day per account for 3 years, 12 quarterly report cycles per client (11
// closed, 1 open) with their batches, batch accounts and files, the open cycle's staged statements,
// investments and notes, in set-based SQL. Each detector of the registry finds work in it:
//   statement_late   an account in 25 stopped 75 days ago, another in 25 at the end of September;
//   report_due       open reports due from 25 days ago to 24 days ahead, a third with the analysis completed;
//   extraction_failed / file_stuck   about 1 batch file of the open cycle in 100 Failed, 1 in 90 stuck;
//   balance_break    among Needs Validation accounts (1 in 4), 1 in 13 opens September off the August
//                    close and 1 in 13 has no September statement (a gap);
//   possible_duplicates / needs_validation   1 in 13 with 3 rows flagged, Needs Validation for 0-11 days;
//   maturing_investment   10 investments a client maturing over the next 13 months, some with a note.
import type pg from 'pg';

export const TODAY = '2026-11-18';
/** The detection's moment: a Wednesday afternoon. */
export const NOW = new Date(`${TODAY}T15:00:00Z`);
const START = '2023-11-18';

const seedStatements = (clients: number) => [
  `insert into banks (bank_name, asset_size, default_data_gathering_frequency, data_availability_date)
    select 'Bench Bank ' || lpad(g::text, 2, '0'), 500 + g * 10, case when g % 8 = 0 then 3 else 1 end,
      case when g % 10 = 0 then null else 1 + g % 12 end
    from generate_series(1, 40) g`,
  `insert into clients (client_name) select 'Bench Client ' || lpad(g::text, 3, '0') from generate_series(1, ${clients}) g`,
  // Four banks per client, distinct: steps of 11 modulo 40 never meet within four.
  `insert into bank_client_relationships (client_id, bank_id, collection_type)
    select c.client_id, b.bank_id, 'File Upload'
    from (select client_id, row_number() over (order by client_id) as n from clients) c
    cross join generate_series(0, 3) k
    join (select bank_id, row_number() over (order by bank_id) as n from banks) b on b.n = 1 + (c.n * 7 + k * 11) % 40`,
  `insert into accounts (client_id, bank_id, account_name, account_number, account_type, account_category,
      account_alias, account_balance, account_balance_date, created_at)
    select r.client_id, r.bank_id,
      (array['Operating', 'Payroll', 'Debt Service', 'Capital Projects', 'Tax Collection'])[j],
      lpad((r.bank_client_rel_id * 10 + j)::text, 9, '0'), 'Transaction', 'Operating', 'A' || j,
      1000000, date '${START}' - 1, timestamptz '${START}T00:00:00Z'
    from bank_client_relationships r, generate_series(1, 5) j`,
  // A transaction a day; 1 account in 25 stopped 75 days ago, 1 in 25 at the end of September.
  `insert into transactions (client_id, account_id, transaction_date, description, amount)
    select a.client_id, a.account_id, d::date,
      (array['ACH CREDIT PROPERTY TAX', 'PAYROLL DIRECT DEPOSIT', 'VENDOR ACH PAYMENT', 'WIRE TRANSFER IN',
        'CHECK PAID', 'BANK SERVICE FEE'])[1 + (a.account_id + extract(doy from d)::int) % 6] || ' ' || a.account_id,
      (((a.account_id * 7919 + extract(epoch from d)::bigint / 86400 * 104729) % 2000000) - 1000000) / 100.0
    from accounts a
    cross join lateral generate_series(timestamp '${START}',
      case a.account_id % 25 when 0 then date '${TODAY}' - 75 when 1 then date '2026-09-30' else date '${TODAY}' - 1 end,
      interval '1 day') d`,
  // Quarterly cycles: 11 closed, the open one for August to October 2026 due from -25 to +24 days.
  `insert into open_reports (client_id, start_date, end_date, due_date, created_at, closed_at, analysis_completed_at,
      ingestion_status, analysis_status)
    select c.client_id, s, (s + interval '3 months' - interval '1 day')::date,
      (s + interval '4 months')::date, s + interval '3 months', s + interval '4 months', s + interval '4 months',
      'IN PROGRESS', 'In Progress'
    from clients c, generate_series(date '2023-11-01', date '2026-05-01', interval '3 months') s`,
  `insert into open_reports (client_id, start_date, end_date, due_date, created_at, analysis_completed_at,
      ingestion_status, analysis_status)
    select client_id, '2026-08-01', '2026-10-31', date '${TODAY}' + (client_id % 50 - 25),
      timestamptz '2026-11-01T09:00:00Z',
      case when client_id % 3 = 0 then timestamptz '${TODAY}T08:00:00Z' - interval '2 days' end,
      'IN PROGRESS', case when client_id % 3 = 0 then 'In Progress' else 'Data Ingestion' end
    from clients`,
  `insert into batches (open_report_id, client_id, bank_client_rel_id, template_type, start_date, end_date)
    select r.open_report_id, r.client_id, rel.bank_client_rel_id, 'Transaction', r.start_date, r.end_date
    from open_reports r join bank_client_relationships rel using (client_id)`,
  // Closed cycles: every account Validated. The open one: 11 in 20 Validated, 5 Needs Validation for
  // 0-11 days, 3 Needs Files, 1 Ignored.
  `insert into batch_accounts (client_id, batch_id, account_id, status, restore_status, statement_months, created_at, updated_at)
    select b.client_id, b.batch_id, a.account_id,
      case when r.closed_at is not null then 'Validated'
        when a.account_id % 20 < 11 then 'Validated' when a.account_id % 20 < 16 then 'Needs Validation'
        when a.account_id % 20 < 19 then 'Needs Files' else 'Ignored' end,
      case when r.closed_at is null and a.account_id % 20 = 19 then 'Needs Files' end,
      3, r.created_at,
      case when r.closed_at is not null then r.closed_at
        when a.account_id % 20 between 11 and 15 then timestamptz '${TODAY}T09:00:00Z' - (a.account_id % 12) * interval '1 day'
        else r.created_at + interval '1 day' end
    from batches b
    join open_reports r on r.open_report_id = b.open_report_id
    join bank_client_relationships rel on rel.bank_client_rel_id = b.bank_client_rel_id
    join accounts a on a.client_id = b.client_id and a.bank_id = rel.bank_id`,
  // Three monthly files per batch account that has its files.
  `insert into files (storage_key, file_name, client_id, status)
    select 'bench/' || ba.batch_account_id || '/' || m, 'acct-' || ba.account_id || '-' || to_char(b.start_date + (m - 1) * interval '1 month', 'YYYY-MM') || '.csv',
      ba.client_id, 'stored'
    from batch_accounts ba join batches b on b.batch_id = ba.batch_id, generate_series(1, 3) m
    where ba.status not in ('Needs Files', 'Ignored')`,
  `insert into batch_files (client_id, batch_id, file_id, uploaded_file_name, template_type, status,
      extraction_message, created_at, updated_at)
    select f.client_id, ba.batch_id, f.file_id, f.file_name, 'Transaction',
      case when r.closed_at is not null or m < 3 then 'Extracted'
        when ba.batch_account_id % 97 = 0 then 'Failed'
        when ba.batch_account_id % 89 = 0 then 'Queued'
        when ba.batch_account_id % 83 = 0 then 'In Progress' else 'Extracted' end,
      case when r.closed_at is null and m = 3 and ba.batch_account_id % 97 = 0
        then 'Row 12: the amount "1.234,56" is not a number' end,
      r.created_at + interval '1 hour',
      case when r.closed_at is null and m = 3 and ba.batch_account_id % 89 = 0 then timestamptz '${NOW.toISOString()}' - interval '3 hours'
        when r.closed_at is null and m = 3 and ba.batch_account_id % 83 = 0 then timestamptz '${NOW.toISOString()}' - interval '45 minutes'
        else r.created_at + interval '1 hour' end
    from files f
    cross join lateral (select split_part(f.storage_key, '/', 2)::int as batch_account_id,
      split_part(f.storage_key, '/', 3)::int as m) k
    join batch_accounts ba on ba.batch_account_id = k.batch_account_id
    join batches b on b.batch_id = ba.batch_id
    join open_reports r on r.open_report_id = b.open_report_id`,
];

/** The open cycle's Needs Validation accounts: a statement and a row a day per month, some broken. */
const stagingStatements = [
  `create temporary table bench_staged as
    select ba.client_id, ba.batch_id, ba.batch_account_id, ba.account_id, bf.batch_file_id, m,
      (date '2026-08-01' + (m - 1) * interval '1 month')::date as from_date,
      (date '2026-08-01' + m * interval '1 month' - interval '1 day')::date as to_date
    from batch_accounts ba
    join batches b on b.batch_id = ba.batch_id
    join open_reports r on r.open_report_id = b.open_report_id and r.closed_at is null
    cross join generate_series(1, 3) m
    join files f on f.storage_key = 'bench/' || ba.batch_account_id || '/' || m
    join batch_files bf on bf.file_id = f.file_id and bf.status = 'Extracted'
    where ba.status = 'Needs Validation'
      -- A gap: 1 in 13 has no September statement.
      and not (ba.batch_account_id % 13 = 5 and m = 2)`,
  `insert into staging_transactions (client_id, batch_id, batch_account_id, batch_file_id, row_number,
      validation_status, transaction_date, description, amount, statement_index,
      duplicate_of_transaction_id, duplicate_rule)
    select s.client_id, s.batch_id, s.batch_account_id, s.batch_file_id, (d::date - s.from_date) + 1, true, d::date,
      'ACH ' || s.account_id || ' ' || to_char(d, 'MMDD'),
      (((s.account_id * 7919 + extract(epoch from d)::bigint / 86400 * 104729) % 2000000) - 1000000) / 100.0, 0,
      case when s.batch_account_id % 13 = 9 and s.m = 3 and d::date - s.from_date < 3 then
        (select t.transaction_id from transactions t where t.account_id = s.account_id and t.transaction_date = d::date limit 1) end,
      case when s.batch_account_id % 13 = 9 and s.m = 3 and d::date - s.from_date < 3 then 'match' end
    from bench_staged s, generate_series(s.from_date, s.to_date, interval '1 day') d`,
  `insert into batch_account_files (client_id, batch_id, batch_account_id, batch_file_id, row_count)
    select client_id, batch_id, batch_account_id, batch_file_id, count(*) from staging_transactions
    group by client_id, batch_id, batch_account_id, batch_file_id`,
  // Balances that add up, month after month; 1 in 13 opens September $125.40 off the August close.
  `insert into staging_statements (client_id, batch_id, batch_account_id, batch_file_id, statement_index,
      from_date, to_date, opening_balance, closing_balance, balance_source, entry_count)
    select client_id, batch_id, batch_account_id, batch_file_id, 0, from_date, to_date,
      opening + case when batch_account_id % 13 = 0 and m = 2 then 125.40 else 0 end,
      opening + total + case when batch_account_id % 13 = 0 and m >= 2 then 125.40 else 0 end,
      'statement', entries
    from (select s.*, t.total, t.entries,
        500000 + coalesce(sum(t.total) over (partition by s.batch_account_id order by s.m
          rows between unbounded preceding and 1 preceding), 0) as opening
      from bench_staged s
      join lateral (select sum(amount) as total, count(*)::int as entries from staging_transactions st
        where st.batch_file_id = s.batch_file_id) t on true) x`,
  `update batch_files bf set row_count = f.n from (select batch_file_id, sum(row_count)::int as n
    from batch_account_files group by batch_file_id) f where f.batch_file_id = bf.batch_file_id`,
];

/** Investments (of the types the migrations seed), notes on some of their accounts, assigned staff for every client. */
const holdingsStatements = (authorId: number) => [
  `insert into investments (client_id, account_id, investment_type_id, face_value, settlement_amount, interest_rate,
      settlement_date, maturity_date, liquidity_level)
    select a.client_id, a.account_id, (select array_agg(investment_type_id order by investment_type_id) from investment_types)[1 + k % 2],
      250000 * (1 + k), 248000 * (1 + k), 4.1,
      date '${TODAY}' + (k * 41 + a.client_id) % 400 - 180, date '${TODAY}' + (k * 41 + a.client_id) % 400,
      1 + k % 5
    from (select distinct on (client_id) client_id, account_id from accounts order by client_id, account_id) a,
      generate_series(0, 9) k`,
  `insert into notes (note_title, note_description, author_id, table_linked_to, linked_id, client_id, created_at)
    select 'Reinvest', 'Reinvest the maturing bills at the best CD rate.', ${authorId}, 'accounts', account_id, client_id,
      timestamptz '${NOW.toISOString()}' - interval '1 day'
    from (select distinct on (client_id) client_id, account_id from accounts order by client_id, account_id) a
    where client_id % 4 = 0`,
  `insert into reports (client_id, open_report_id, start_date, end_date, params)
    select client_id, open_report_id, start_date, end_date, '{}'::jsonb from open_reports
    where closed_at is null and client_id % 6 = 0`,
];

async function runTimed(client: pg.Client, statements: readonly string[], log: (msg: string) => void) {
  for (const statement of statements) {
    const t = performance.now();
    const result = await client.query(statement);
    const what =
      /^\s*(insert into|update|create temporary table) (\w+)/.exec(statement)?.slice(1).join(' ') ??
      'statement';
    log(
      `${what}: ${(result.rowCount ?? 0).toLocaleString('en-US')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
}

/**
 * Fills the migrated database of `client` (see the file's head). The transactions go in without
 * their indexes and foreign keys, rebuilt afterwards as the migrations left them.
 */
export async function seedExceptionBench(
  client: pg.Client,
  options: { clients: number; authorId: number; assigneeIds: readonly number[]; log: (msg: string) => void },
) {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'transactions' and indexname <> 'transactions_pkey'`,
  );
  const { rows: foreignKeys } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'transactions'::regclass and contype = 'f'`,
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  for (const fk of foreignKeys) await client.query(`ALTER TABLE transactions DROP CONSTRAINT "${fk.name}"`);
  await runTimed(client, seedStatements(options.clients), options.log);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  const t = performance.now();
  for (const index of indexes) await client.query(index.definition);
  for (const fk of foreignKeys)
    await client.query(`ALTER TABLE transactions ADD CONSTRAINT "${fk.name}" ${fk.definition}`);
  options.log(
    `transactions indexes and foreign keys rebuilt in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  await runTimed(client, stagingStatements, options.log);
  await runTimed(client, holdingsStatements(options.authorId), options.log);
  await client.query(
    `insert into client_assignees (client_id, user_id)
      select c.client_id, (${`array[${options.assigneeIds.join(',')}]`})[1 + c.client_id % ${options.assigneeIds.length}]
      from clients c`,
  );
  await client.query('VACUUM ANALYZE');
  options.log('vacuumed and analyzed');
}
