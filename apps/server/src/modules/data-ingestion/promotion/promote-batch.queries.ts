import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// VALIDATE THIS BATCH (ingestion.md "Batches and batch accounts"): the validated staging rows of the
// eligible batch accounts move into the books, set-based (one INSERT … SELECT per table: a million rows
// cost about what inserting them alone costs). Every book row keeps its provenance: the stored file,
// batch, batch file, row and sheet, and the staging row's id, unique, so promoting a row again adds
// nothing (on conflict do nothing); that is also what makes re-promotion after a new file safe.

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

async function countOf(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute(
    sql`with w as (${statement} returning 1) select count(*)::int as n from w`,
  );
  return (rows[0] as { n: number }).n;
}

/** The eligible batch accounts of the batch (Validated, not yet promoted), locked. */
export async function lockEligibleAccounts(db: DbOrTx, batchId: number): Promise<number[]> {
  const { rows } = await db.execute(sql`select batch_account_id as id from batch_accounts
    where batch_id = ${batchId} and status = 'Validated' and promoted_at is null
    order by batch_account_id for no key update`);
  return (rows as { id: number }[]).map((r) => r.id);
}

export async function markPromoted(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.execute(sql`update batch_accounts set promoted_at = now(), updated_at = now()
    where batch_account_id = any(${ints(ids)})`);
}

/** The books' accounts of the batch accounts (for the balance-tables job). */
export async function selectAccountIdsOf(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.execute(sql`select distinct account_id as id from batch_accounts
    where batch_account_id = any(${ints(ids)}) and account_id is not null order by account_id`);
  return (rows as { id: number }[]).map((r) => r.id);
}

/**
 * Staging transactions -> transactions, the account being the batch account's. A possible duplicate
 * is booked only when a person kept it (issue 39 point 2): never undecided, never dropped.
 */
export function promoteTransactions(db: DbOrTx, ids: readonly number[]): Promise<number> {
  return countOf(
    db,
    sql`insert into transactions (client_id, account_id, transaction_date, description, amount, keyword_id,
        file_id, batch_id, batch_file_id, source_row_number, source_sheet_name, staging_transaction_id,
        bank_reference)
      select s.client_id, ba.account_id, s.transaction_date, s.description, s.amount, s.keyword_id,
        f.file_id, s.batch_id, s.batch_file_id, s.row_number, s.sheet_name, s.staging_transaction_id,
        s.bank_reference
      from staging_transactions s
      join batch_accounts ba on ba.batch_account_id = s.batch_account_id
      join batch_files f on f.batch_file_id = s.batch_file_id
      where s.batch_account_id = any(${ints(ids)}) and s.validation_status
        and (s.duplicate_decision = 'keep'
          or (s.duplicate_of_transaction_id is null and s.duplicate_of_staging_transaction_id is null))
      on conflict do nothing`,
  );
}

/** Validated staging investments whose type is neither set nor a known type name: "row 3 of x.csv". */
export async function selectUntypedInvestments(db: DbOrTx, ids: readonly number[]): Promise<string[]> {
  const { rows } = await db.execute(sql`select 'row ' || s.row_number
      || coalesce(' of sheet ' || s.sheet_name, '') || ' of ' || f.uploaded_file_name
      || ' (' || s.investment_type_name || ')' as label
    from staging_investments s join batch_files f on f.batch_file_id = s.batch_file_id
    where s.batch_account_id = any(${ints(ids)}) and s.validation_status and s.investment_type_id is null
      and not exists (select 1 from investment_types t
        where lower(t.investment_type_name) = lower(s.investment_type_name))
    order by s.batch_file_id, s.sheet_name, s.row_number limit 5`);
  return (rows as { label: string }[]).map((r) => r.label);
}

/**
 * Staging investments -> investments, matched by market identifier within the account: the match (the
 * oldest investment of that identifier) is updated when a field differs, otherwise a new one is
 * inserted. Several rows of one identifier: the latest file's row wins. A row without identifier is
 * inserted once (its staging id is kept on the investment).
 */
export async function promoteInvestments(db: DbOrTx, ids: readonly number[]) {
  const { rows } = await db.execute(sql`with src as (
      select distinct on (ba.account_id, coalesce(lower(nullif(btrim(s.market_identifier), '')),
          '#' || s.staging_investment_id))
        s.*, nullif(btrim(s.market_identifier), '') as ident, ba.account_id, f.file_id,
        coalesce(s.investment_type_id, (select t.investment_type_id from investment_types t
          where lower(t.investment_type_name) = lower(s.investment_type_name))) as type_id
      from staging_investments s
      join batch_accounts ba on ba.batch_account_id = s.batch_account_id
      join batch_files f on f.batch_file_id = s.batch_file_id
      where s.batch_account_id = any(${ints(ids)}) and s.validation_status
      order by ba.account_id, coalesce(lower(nullif(btrim(s.market_identifier), '')),
          '#' || s.staging_investment_id), s.batch_file_id desc, s.sheet_name desc, s.row_number desc),
    matched as (
      select src.*, (select i.id from investments i where lower(i.market_identifier) = lower(src.ident)
          and i.client_id = src.client_id and i.account_id = src.account_id order by i.id limit 1) as investment_id
      from src where src.ident is not null),
    updated as (
      update investments i set investment_type_id = m.type_id, face_value = m.face_value,
        settlement_amount = m.settlement_amount, interest_rate = m.interest_rate, coupon_rate = m.coupon_rate,
        settlement_date = m.settlement_date, maturity_date = m.maturity_date, call_date = m.call_date,
        fund = m.fund, file_id = m.file_id, batch_id = m.batch_id, batch_file_id = m.batch_file_id,
        source_row_number = m.row_number, source_sheet_name = m.sheet_name,
        staging_investment_id = m.staging_investment_id, updated_at = now()
      from matched m
      where i.id = m.investment_id
        and (i.investment_type_id, i.face_value, i.settlement_amount, i.interest_rate, i.coupon_rate,
          i.settlement_date, i.maturity_date, i.call_date, i.fund)
        is distinct from (m.type_id, m.face_value, m.settlement_amount, m.interest_rate, m.coupon_rate,
          m.settlement_date, m.maturity_date, m.call_date, m.fund)
      returning 1),
    inserted as (
      insert into investments (client_id, account_id, file_id, investment_type_id, market_identifier,
        face_value, settlement_amount, interest_rate, coupon_rate, settlement_date, maturity_date,
        call_date, fund, batch_id, batch_file_id, source_row_number, source_sheet_name, staging_investment_id)
      select src.client_id, src.account_id, src.file_id, src.type_id, src.ident, src.face_value,
        src.settlement_amount, src.interest_rate, src.coupon_rate, src.settlement_date, src.maturity_date,
        src.call_date, src.fund, src.batch_id, src.batch_file_id, src.row_number, src.sheet_name,
        src.staging_investment_id
      from src
      where not exists (select 1 from matched m
          where m.staging_investment_id = src.staging_investment_id and m.investment_id is not null)
        and not exists (select 1 from investments i where i.staging_investment_id = src.staging_investment_id)
      returning 1)
    select (select count(*)::int from inserted) as inserted, (select count(*)::int from updated) as updated`);
  return rows[0] as { inserted: number; updated: number };
}

/** The columns every treasury book row takes from its staging row, batch and file. */
const TREASURY_COMMON = {
  target: sql.raw(`client_id, bank_client_rel_id, account_id, period_start, period_end, file_id, batch_id,
    batch_file_id, source_row_number, source_sheet_name, account_number, afp_code, description, headers,
    amounts`),
  source: sql.raw(`s.client_id, b.bank_client_rel_id, ba.account_id, b.start_date, b.end_date, f.file_id,
    s.batch_id, s.batch_file_id, s.row_number, s.sheet_name, s.account_number, s.afp_code, s.description,
    s.headers, s.amounts`),
};

function promoteTreasury(
  db: DbOrTx,
  ids: readonly number[],
  table: { from: string; into: string; columns: string },
): Promise<number> {
  const columns = table.columns.split(',').map((c) => c.trim());
  return countOf(
    db,
    sql`insert into ${sql.identifier(table.into)} (${TREASURY_COMMON.target},
        ${sql.raw(columns.join(', '))})
      select ${TREASURY_COMMON.source}, ${sql.raw(columns.map((c) => `s.${c}`).join(', '))}
      from ${sql.identifier(table.from)} s
      join batch_accounts ba on ba.batch_account_id = s.batch_account_id
      join batches b on b.batch_id = s.batch_id
      join batch_files f on f.batch_file_id = s.batch_file_id
      where s.batch_account_id = any(${ints(ids)}) and s.validation_status
      on conflict do nothing`,
  );
}

export const promoteFees = (db: DbOrTx, ids: readonly number[]) =>
  promoteTreasury(db, ids, {
    from: 'staging_fees',
    into: 'fees',
    columns: `staging_fee_id, bank_category, bank_code, category, sub_category, bank_level_exception,
      client_level_exception, unit_price, volume, amount, currency, volumes`,
  });

export const promoteBalances = (db: DbOrTx, ids: readonly number[]) =>
  promoteTreasury(db, ids, {
    from: 'staging_balances',
    into: 'balances',
    columns: 'staging_balance_id, standardized_description, is_rate, amount, volumes',
  });

export const promoteAccountBalances = (db: DbOrTx, ids: readonly number[]) =>
  promoteTreasury(db, ids, {
    from: 'staging_account_balances',
    into: 'account_balances',
    columns: 'staging_account_balance_id, standardized_description, is_rate, amount',
  });
