import { sql, type SQL } from 'drizzle-orm';
import type { TreasuryListKind } from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import type { DbOrTx } from '../../db/open-database';

// The Global Settings side of the four treasury pick lists (issue 17 point 4). Staging rows and the
// books hold the chosen names as text (db/schema/treasury-lists.ts), so "in use" means some row carries
// the name, and a rename is carried to the staging rows of batches not yet validated.

/** One list entry as the settings service reads it. */
export interface ListEntryRow {
  id: number;
  name: string;
  isRate?: boolean;
  description?: string;
  code?: string | null;
  categoryId?: number;
  /** A sub category's category name (what fee rows carry beside the sub category's). */
  categoryName?: string;
}

const LIST_TABLES: Record<TreasuryListKind, { table: string; id: string; columns: SQL }> = {
  standardizedDescription: {
    table: 'standardized_descriptions',
    id: 'standard_description_id',
    columns: sql`t.standard_description_id as id, t.name, t.is_rate as "isRate"`,
  },
  bankLevelException: {
    table: 'bank_level_exceptions',
    id: 'bank_level_exception_id',
    columns: sql`t.bank_level_exception_id as id, t.name, t.description`,
  },
  clientLevelException: {
    table: 'client_level_exceptions',
    id: 'client_level_exception_id',
    columns: sql`t.client_level_exception_id as id, t.name, t.description`,
  },
  feeCategory: {
    table: 'fee_categories',
    id: 'category_id',
    columns: sql`t.category_id as id, t.name, t.code`,
  },
  feeSubCategory: {
    table: 'fee_sub_categories',
    id: 'sub_category_id',
    columns: sql`t.sub_category_id as id, t.name, t.code, t.category_id as "categoryId",
      (select c.name from fee_categories c where c.category_id = t.category_id) as "categoryName"`,
  },
};

/** Writes to the lists run one at a time, so a case-insensitive name check cannot race. */
export async function lockTreasuryLists(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('treasury-list-settings'))`);
}

/** One entry, locked against staging edits choosing it (they read it FOR SHARE) while it changes. */
export async function selectListEntryForUpdate(
  db: DbOrTx,
  kind: TreasuryListKind,
  id: number,
): Promise<ListEntryRow | null> {
  const t = LIST_TABLES[kind];
  const { rows } = await db.execute(sql`select ${t.columns} from ${sql.identifier(t.table)} t
    where t.${sql.identifier(t.id)} = ${id} for update of t`);
  return (rows[0] as ListEntryRow | undefined) ?? null;
}

/**
 * Another entry of the list with this name, compared without case (a sub category within its
 * category); `exceptId` is the entry being renamed.
 */
export async function selectSameName(
  db: DbOrTx,
  kind: TreasuryListKind,
  name: string,
  options: { exceptId?: number; categoryId?: number } = {},
): Promise<ListEntryRow | null> {
  const t = LIST_TABLES[kind];
  const inCategory =
    options.categoryId === undefined ? sql`` : sql` and t.category_id = ${options.categoryId}`;
  const except =
    options.exceptId === undefined ? sql`` : sql` and t.${sql.identifier(t.id)} <> ${options.exceptId}`;
  const { rows } = await db.execute(sql`select ${t.columns} from ${sql.identifier(t.table)} t
    where lower(t.name) = lower(${name})${inCategory}${except} limit 1`);
  return (rows[0] as ListEntryRow | undefined) ?? null;
}

export async function selectCategoryByCode(db: DbOrTx, code: string, exceptId?: number) {
  const except = exceptId === undefined ? sql`` : sql` and category_id <> ${exceptId}`;
  const { rows } = await db.execute(
    sql`select category_id as id from fee_categories where code = ${code}${except} limit 1`,
  );
  return rows.length > 0;
}

export async function selectCategoryName(db: DbOrTx, categoryId: number): Promise<string | null> {
  const { rows } = await db.execute(
    sql`select name from fee_categories where category_id = ${categoryId} for share`,
  );
  return (rows[0] as { name: string } | undefined)?.name ?? null;
}

/** New entries go last in their list (a sub category last in its category). */
export async function insertListEntry(
  db: DbOrTx,
  kind: TreasuryListKind,
  values: { name: string; isRate?: boolean; description?: string; code?: string | null; categoryId?: number },
): Promise<number> {
  let insert: SQL;
  switch (kind) {
    case 'standardizedDescription':
      insert = sql`insert into standardized_descriptions (name, is_rate, sort_order)
        select ${values.name}, ${values.isRate ?? false}, coalesce(max(sort_order), 0) + 10
        from standardized_descriptions returning standard_description_id as id`;
      break;
    case 'bankLevelException':
    case 'clientLevelException': {
      const table = sql.identifier(LIST_TABLES[kind].table);
      insert = sql`insert into ${table} (name, description, sort_order)
        select ${values.name}, ${values.description ?? ''}, coalesce(max(sort_order), 0) + 10 from ${table}
        returning ${sql.identifier(LIST_TABLES[kind].id)} as id`;
      break;
    }
    case 'feeCategory':
      insert = sql`insert into fee_categories (code, name) values (${values.code!}, ${values.name})
        returning category_id as id`;
      break;
    case 'feeSubCategory':
      insert = sql`insert into fee_sub_categories (category_id, code, name, sort_order)
        select ${values.categoryId!}, ${values.code ?? null}, ${values.name}, coalesce(max(sort_order), 0) + 10
        from fee_sub_categories where category_id = ${values.categoryId!}
        returning sub_category_id as id`;
      break;
  }
  const { rows } = await db.execute(insert);
  return (rows[0] as { id: number }).id;
}

export async function updateListEntry(
  db: DbOrTx,
  kind: TreasuryListKind,
  id: number,
  values: { name: string; isRate?: boolean; description?: string; code?: string | null },
) {
  const t = LIST_TABLES[kind];
  const sets = [sql`name = ${values.name}`];
  if (values.isRate !== undefined) sets.push(sql`is_rate = ${values.isRate}`);
  if (values.description !== undefined) sets.push(sql`description = ${values.description}`);
  if (values.code !== undefined) sets.push(sql`code = ${values.code}`);
  await db.execute(sql`update ${sql.identifier(t.table)} set ${sql.join(sets, sql`, `)}
    where ${sql.identifier(t.id)} = ${id}`);
}

export async function deleteListEntry(db: DbOrTx, kind: TreasuryListKind, id: number) {
  const t = LIST_TABLES[kind];
  await db.execute(sql`delete from ${sql.identifier(t.table)} where ${sql.identifier(t.id)} = ${id}`);
}

// Where each list's names are carried: the staging tables and the books (db/schema/treasury.ts).
const DESCRIPTION_TABLES = ['staging_balances', 'balances', 'staging_account_balances', 'account_balances'];
const FEE_TABLES = ['staging_fees', 'fees'];
const FEE_COLUMN: Partial<Record<TreasuryListKind, string>> = {
  bankLevelException: 'bank_level_exception',
  clientLevelException: 'client_level_exception',
  feeCategory: 'category',
};

/** How many staging rows and booked records carry the entry (a sub category with its category). */
export async function countListEntryUsage(db: DbOrTx, kind: TreasuryListKind, entry: ListEntryRow) {
  let counts: SQL[];
  if (kind === 'standardizedDescription') {
    counts = DESCRIPTION_TABLES.map(
      (table) =>
        sql`(select count(*) from ${sql.identifier(table)} where standardized_description = ${entry.name})`,
    );
  } else if (kind === 'feeSubCategory') {
    counts = FEE_TABLES.map(
      (table) => sql`(select count(*) from ${sql.identifier(table)}
        where category = ${entry.categoryName ?? null} and sub_category = ${entry.name})`,
    );
  } else {
    const column = sql.identifier(FEE_COLUMN[kind]!);
    counts = FEE_TABLES.map(
      (table) => sql`(select count(*) from ${sql.identifier(table)} where ${column} = ${entry.name})`,
    );
  }
  const { rows } = await db.execute(sql`select (${sql.join(counts, sql` + `)})::int as n`);
  return (rows[0] as { n: number }).n;
}

/** Every used name of the lists with its count, for the settings tab (sub categories by category). */
export async function selectListUsage(db: DbOrTx) {
  const { rows } = await db.execute(sql`
    with d as (
      select standardized_description as name from staging_balances where standardized_description is not null
      union all select standardized_description from balances where standardized_description is not null
      union all select standardized_description from staging_account_balances where standardized_description is not null
      union all select standardized_description from account_balances where standardized_description is not null),
    f as (
      select category, sub_category, bank_level_exception, client_level_exception from staging_fees
      union all select category, sub_category, bank_level_exception, client_level_exception from fees)
    select 'standardizedDescription' as kind, name, null::text as category, count(*)::int as n from d group by name
    union all select 'feeCategory', category, null, count(*)::int from f where category is not null group by category
    union all select 'feeSubCategory', sub_category, category, count(*)::int from f
      where sub_category is not null group by category, sub_category
    union all select 'bankLevelException', bank_level_exception, null, count(*)::int from f
      where bank_level_exception is not null group by bank_level_exception
    union all select 'clientLevelException', client_level_exception, null, count(*)::int from f
      where client_level_exception is not null group by client_level_exception`);
  return rows as { kind: TreasuryListKind; name: string; category: string | null; n: number }[];
}

/**
 * A renamed entry's new name on the staging rows of batches not yet validated, so the rows still being
 * worked on keep pointing at it; the books and validated batches keep the name they were validated
 * with. Answers how many rows changed.
 */
export async function renameInOpenStaging(
  db: DbOrTx,
  kind: TreasuryListKind,
  entry: ListEntryRow,
  newName: string,
): Promise<number> {
  const open = sql`batch_id in (select batch_id from batches where validated_at is null)`;
  const updates: SQL[] = [];
  if (kind === 'standardizedDescription') {
    for (const table of ['staging_balances', 'staging_account_balances'])
      updates.push(sql`update ${sql.identifier(table)} set standardized_description = ${newName}
        where standardized_description = ${entry.name} and ${open}`);
  } else if (kind === 'feeSubCategory') {
    updates.push(sql`update staging_fees set sub_category = ${newName}
      where category = ${entry.categoryName ?? null} and sub_category = ${entry.name} and ${open}`);
  } else {
    const column = sql.identifier(FEE_COLUMN[kind]!);
    updates.push(
      sql`update staging_fees set ${column} = ${newName} where ${column} = ${entry.name} and ${open}`,
    );
  }
  let changed = 0;
  for (const update of updates) changed += (await db.execute(update)).rowCount ?? 0;
  return changed;
}
