import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SettingTypeKind } from '@tideline/contracts/settings/setting-types.schemas';
import type { DbOrTx } from '../../db/open-database';
import { institutionTypes, investmentTypes, noteCategories, quoteTypes } from '../../db/schema';

// The four types tables share one layout under their own names (id, name, status, dates), so one set
// of queries serves them all.
interface TypeTable {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  /** Investment types only: whether the instrument is callable (issue 20 point 1). */
  callable?: PgColumn;
  /** The unique index on lower(name): a clash on it is a 409. */
  nameIndex: string;
}

export const TYPE_TABLES: Record<SettingTypeKind, TypeTable> = {
  noteCategory: {
    table: noteCategories,
    id: noteCategories.noteCategoryId,
    name: noteCategories.noteCategoryName,
    status: noteCategories.status,
    createdAt: noteCategories.createdAt,
    nameIndex: 'note_categories_name_lower_key',
  },
  investmentType: {
    table: investmentTypes,
    id: investmentTypes.investmentTypeId,
    name: investmentTypes.investmentTypeName,
    status: investmentTypes.status,
    createdAt: investmentTypes.createdAt,
    callable: investmentTypes.callable,
    nameIndex: 'investment_types_name_lower_key',
  },
  institutionType: {
    table: institutionTypes,
    id: institutionTypes.institutionTypeId,
    name: institutionTypes.institutionTypeName,
    status: institutionTypes.status,
    createdAt: institutionTypes.createdAt,
    nameIndex: 'institution_types_name_lower_key',
  },
  quoteType: {
    table: quoteTypes,
    id: quoteTypes.quoteTypeId,
    name: quoteTypes.quoteTypeName,
    status: quoteTypes.status,
    createdAt: quoteTypes.createdAt,
    nameIndex: 'quote_types_name_lower_key',
  },
};

export interface TypeRow {
  id: number;
  name: string;
  status: number;
  createdAt: Date;
  /** Set for investment types only. */
  callable?: boolean;
}

const columnsOf = (t: TypeTable) => ({
  id: t.id,
  name: t.name,
  status: t.status,
  createdAt: t.createdAt,
  ...(t.callable ? { callable: t.callable } : {}),
});

/** Every type, active and inactive, by name. */
export async function selectTypes(db: DbOrTx, kind: SettingTypeKind): Promise<TypeRow[]> {
  const t = TYPE_TABLES[kind];
  const rows = await db
    .select(columnsOf(t))
    .from(t.table)
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id));
  return rows as TypeRow[];
}

/** The active types as choices, by name. */
export async function selectActiveTypes(db: DbOrTx, kind: SettingTypeKind): Promise<TypeRow[]> {
  const t = TYPE_TABLES[kind];
  const rows = await db
    .select(columnsOf(t))
    .from(t.table)
    .where(eq(t.status, 1))
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id));
  return rows as TypeRow[];
}

/** One type, locked for the caller's transaction when `lock` is set. */
export async function selectType(db: DbOrTx, kind: SettingTypeKind, id: number, lock = false) {
  const t = TYPE_TABLES[kind];
  const query = db.select(columnsOf(t)).from(t.table).where(eq(t.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return (row as TypeRow | undefined) ?? null;
}

export async function selectTypesByIds(db: DbOrTx, kind: SettingTypeKind, ids: readonly number[]) {
  const t = TYPE_TABLES[kind];
  const rows = await db
    .select(columnsOf(t))
    .from(t.table)
    .where(inArray(t.id, [...ids]))
    .orderBy(asc(t.id))
    .for('update');
  return rows as TypeRow[];
}

// Writes name the columns unqualified (PostgreSQL refuses "table"."column" in SET and insert lists).
const column = (c: PgColumn) => sql.identifier(c.name);
type Column = ReturnType<typeof column>;

/** The flag columns a write sets: callable, on investment types, when it is given. */
function flagsOf(t: TypeTable, callable: boolean | undefined): [Column, SQL][] {
  return t.callable && callable !== undefined ? [[column(t.callable), sql`${callable}`]] : [];
}

export async function insertType(
  db: DbOrTx,
  kind: SettingTypeKind,
  name: string,
  callable?: boolean,
): Promise<number> {
  const t = TYPE_TABLES[kind];
  const written: [Column, SQL][] = [[column(t.name), sql`${name}`], ...flagsOf(t, callable)];
  const { rows } = await db.execute<{ id: number }>(
    sql`insert into ${t.table} (${sql.join(
      written.map(([c]) => c),
      sql`, `,
    )}) values (${sql.join(
      written.map(([, v]) => v),
      sql`, `,
    )}) returning ${column(t.id)} as id`,
  );
  return rows[0]!.id;
}

export async function updateType(
  db: DbOrTx,
  kind: SettingTypeKind,
  id: number,
  values: { name: string; status: number; callable?: boolean },
) {
  const t = TYPE_TABLES[kind];
  const flags = flagsOf(t, values.callable).map(([c, v]) => sql`, ${c} = ${v}`);
  await db.execute(
    sql`update ${t.table} set ${column(t.name)} = ${values.name}, ${column(t.status)} = ${values.status}${sql.join(flags)},
      updated_at = now() where ${column(t.id)} = ${id}`,
  );
}

export async function deactivateTypes(db: DbOrTx, kind: SettingTypeKind, ids: readonly number[]) {
  if (ids.length === 0) return;
  const t = TYPE_TABLES[kind];
  await db.execute(
    sql`update ${t.table} set ${column(t.status)} = 0, updated_at = now()
      where ${column(t.id)} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}
