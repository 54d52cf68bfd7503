import { and, asc, Column, desc, inArray, is, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DateRangeFilterValueSchema,
  isEmptyFilterValue,
  MSG,
  normalizeDateRange,
  normalizeNumericRange,
  RangeFilterValueSchema,
  type FilterValue,
  type PagedList,
  type PagedListQuery,
  type SortOrder,
} from '@tideline/contracts';
import { badRequest } from '../http/app-error';

/**
 * The one server-side paged list (architecture.md "Contracts", platform.md 2.8 and 2.9). A list names
 * its columns once, in a whitelist; a request may only filter, sort and search through those, so no
 * request text ever becomes SQL. Usage:
 *
 *   const list = definePagedList({ columns: { name: { sql: t.name, kind: 'text', sortable: true,
 *     filterable: true, searchable: true } }, tieBreak: t.id, defaultSort: [{ id: 'name', desc: false }] });
 *   return fetchPagedList(list, query, {
 *     where: whereClientVisible(user, t.clientId),
 *     count: (fields, where) => db.select(fields).from(t).where(where),
 *     page: (p) => db.select().from(t).where(p.where).orderBy(...p.orderBy).limit(p.limit).offset(p.offset),
 *   });
 *
 * A large list whose total is kept elsewhere passes `total` (see PagedListSource), so only a narrowing
 * request counts rows, and only the matching ones.
 */

/**
 * How a column filters:
 * - text: case-insensitive prefix (a string);
 * - number: a range `{ low, high }` (low > high swapped, blank low = 0, blank high = unbounded) or one number;
 * - date: an inclusive range of calendar days `{ from, to }` (YYYY-MM-DD; for timestamps, days in the
 *   request's timeZone, UTC when it sends none);
 * - enum: a list of values (IN), or one value;
 * - boolean: true or false (1 or 0 accepted).
 */
export type ListColumnKind = 'text' | 'number' | 'date' | 'enum' | 'boolean';

export interface ListColumn {
  /** The SQL expression: a column or any expression over the list's FROM. */
  sql: AnyPgColumn | SQL;
  kind: ListColumnKind;
  sortable?: boolean;
  filterable?: boolean;
  /** Included in the search box's case-insensitive substring match. */
  searchable?: boolean;
  /** For kind 'date': a `date` column compares days directly; default is a timestamp (days in the request's time zone). */
  isDayColumn?: boolean;
}

export interface PagedListDefinition<Id extends string = string> {
  columns: Record<Id, ListColumn>;
  /** A unique key (the primary key) sorted after the requested order, so paging never repeats a row. */
  tieBreak: AnyPgColumn | SQL;
  /** Used when the request sends no sort order. */
  defaultSort: readonly { id: Id; desc: boolean }[];
}

export function definePagedList<Id extends string>(definition: {
  columns: Record<Id, ListColumn>;
  tieBreak: AnyPgColumn | SQL;
  defaultSort: readonly { id: NoInfer<Id>; desc: boolean }[];
}): PagedListDefinition<Id> {
  for (const s of definition.defaultSort) {
    if (!definition.columns[s.id].sortable) throw new Error(`Default sort column ${s.id} is not sortable.`);
  }
  return definition;
}

export interface CompiledListQuery {
  /** Filters and search together (undefined when the request narrows nothing). */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** True when the request's order is the list's own: none stated, or the default stated in full. */
export function isDefaultOrder(definition: PagedListDefinition, sortOrder: readonly SortOrder[]): boolean {
  if (sortOrder.length === 0) return true;
  return (
    sortOrder.length === definition.defaultSort.length &&
    sortOrder.every(
      (s, i) => s.id === definition.defaultSort[i]!.id && s.desc === definition.defaultSort[i]!.desc,
    )
  );
}

/** The rows a request's page covers: `limit` rows from `offset`. */
export function pageWindow(query: PagedListQuery): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: query.pageIndex * query.pageSize };
}

/** Turns a parsed request into SQL pieces through the whitelist; anything else is a 400. */
export function compileListQuery(definition: PagedListDefinition, query: PagedListQuery): CompiledListQuery {
  const conditions: SQL[] = [];
  for (const filter of query.filters) {
    const column = columnOf(definition, filter.id, 'filterable');
    const condition = filterCondition(filter.id, column, filter.value, query.timeZone ?? 'UTC');
    if (condition) conditions.push(condition);
  }
  const search = searchCondition(definition, query.searchTerm);
  if (search) conditions.push(search);
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: orderByOf(definition, query.sortOrder),
    ...pageWindow(query),
  };
}

export interface PagedListSource<Row> {
  /** What every row must meet whatever the request says, e.g. client scoping (`whereClientVisible`). */
  where?: SQL | undefined;
  /** Runs `select fields from <the list's FROM> where <where>`; one row of both counts comes back. */
  count(
    fields: { totalCount: SQL<number>; resultCount: SQL<number> },
    where: SQL | undefined,
  ): Promise<{ totalCount: number; resultCount: number }[]>;
  /**
   * Optional: the total from something cheaper than counting the rows, e.g. a counter kept by triggers.
   * It must equal count(*) under `where`. With it, `count` runs only when the request narrows the list,
   * with `where` and the request's conditions together, and only its resultCount is read.
   */
  total?: () => Promise<number>;
  /**
   * Optional, for lists of a million rows: a search counts its matches only up to `limit`, by a count
   * that stops reading there (`select count(*) from (select 1 ... limit n)`), since a common word would
   * otherwise make the count read every match. Past the limit the answer is resultCountBounded.
   */
  searchCount?: { limit: number; countUpTo: (where: SQL | undefined, limit: number) => Promise<number> };
  /** Runs the page: the same FROM with where, order, limit and offset applied. */
  page(query: CompiledListQuery): Promise<Row[]>;
}

/**
 * Answers `{ results, pageCount, resultCount, totalCount }`: resultCount counts rows matching the
 * filters and search, totalCount the rows the caller may see at all (the 'filtered of total' summary).
 */
export async function fetchPagedList<Row>(
  definition: PagedListDefinition,
  query: PagedListQuery,
  source: PagedListSource<Row>,
): Promise<PagedList<Row>> {
  const compiled = compileListQuery(definition, query);
  const searches = query.searchTerm.trim() !== '';
  const counted =
    searches && source.searchCount
      ? await countSearchUpTo(compiled, source, source.searchCount)
      : await countList(compiled, source);
  const { totalCount, resultCount } = counted;
  const offsetPastEnd = compiled.offset >= resultCount;
  const results = offsetPastEnd
    ? []
    : await source.page({ ...compiled, where: and(source.where, compiled.where) });
  const pageCount = Math.ceil(resultCount / query.pageSize);
  return {
    results,
    resultCount,
    totalCount,
    pageCount,
    ...(counted.bounded ? { resultCountBounded: true } : {}),
  };
}

async function countSearchUpTo<Row>(
  compiled: CompiledListQuery,
  source: PagedListSource<Row>,
  searchCount: NonNullable<PagedListSource<Row>['searchCount']>,
): Promise<{ totalCount: number; resultCount: number; bounded: boolean }> {
  const [totalCount, matching] = await Promise.all([
    countTotal(source),
    searchCount.countUpTo(and(source.where, compiled.where), searchCount.limit + 1),
  ]);
  const bounded = matching > searchCount.limit;
  return { totalCount, resultCount: bounded ? searchCount.limit : matching, bounded };
}

async function countTotal<Row>(source: PagedListSource<Row>): Promise<number> {
  if (source.total) return source.total();
  const [counts] = await source.count(
    { totalCount: sql<number>`count(*)::int`, resultCount: sql<number>`0` },
    source.where,
  );
  return Number(counts?.totalCount ?? 0);
}

async function countList<Row>(
  compiled: CompiledListQuery,
  source: PagedListSource<Row>,
): Promise<{ totalCount: number; resultCount: number; bounded?: boolean }> {
  if (source.total) {
    const totalCount = await source.total();
    if (!compiled.where) return { totalCount, resultCount: totalCount };
    const matching = sql<number>`count(*)::int`;
    const [counts] = await source.count(
      { totalCount: matching, resultCount: matching },
      and(source.where, compiled.where),
    );
    return { totalCount, resultCount: Number(counts?.resultCount ?? 0) };
  }
  // One pass counts both: the rows the caller may see, and those the request's conditions keep.
  const [counts] = await source.count(
    {
      totalCount: sql<number>`count(*)::int`,
      resultCount: sql<number>`(count(*) filter (where ${compiled.where ?? sql`true`}))::int`,
    },
    source.where,
  );
  return { totalCount: Number(counts?.totalCount ?? 0), resultCount: Number(counts?.resultCount ?? 0) };
}

function columnOf(
  definition: PagedListDefinition,
  id: string,
  capability: 'filterable' | 'sortable',
): ListColumn {
  const column = Object.hasOwn(definition.columns, id) ? definition.columns[id] : undefined;
  if (!column) throw badRequest(`Unknown column '${id}'.`);
  if (!column[capability]) {
    throw badRequest(`Column '${id}' cannot be ${capability === 'filterable' ? 'filtered' : 'sorted'}.`);
  }
  return column;
}

/** Escapes LIKE's wildcards so a typed `%` or `_` matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function wrongShape(id: string, expected: string) {
  return badRequest(`Filter '${id}' expects ${expected}.`, { [`filters.${id}`]: [`Expected ${expected}.`] });
}

function filterCondition(
  id: string,
  column: ListColumn,
  value: FilterValue,
  timeZone: string,
): SQL | undefined {
  if (isEmptyFilterValue(value)) return undefined;
  switch (column.kind) {
    case 'text':
      return textPrefixCondition(id, column, value);
    case 'number':
      return numberCondition(id, column, value);
    case 'date':
      return dateCondition(id, column, value, timeZone);
    case 'enum':
      return enumCondition(id, column, value);
    case 'boolean':
      return booleanCondition(id, column, value);
  }
}

function textPrefixCondition(id: string, column: ListColumn, value: FilterValue): SQL | undefined {
  if (typeof value !== 'string') throw wrongShape(id, 'text');
  const prefix = value.trim().toLowerCase();
  if (prefix === '') return undefined;
  // lower(x) LIKE 'p%' can use a `lower(x) text_pattern_ops` index.
  return sql`lower(${column.sql}) like ${`${escapeLike(prefix)}%`} escape '\\'`;
}

function numberCondition(id: string, column: ListColumn, value: FilterValue): SQL {
  if (typeof value === 'number') return sql`${column.sql} = ${value}`;
  const parsed = RangeFilterValueSchema.strict().safeParse(value);
  const range = parsed.success ? normalizeNumericRange(parsed.data) : null;
  if (!range) throw badRequest(MSG.fieldMustBeNumber, { [`filters.${id}`]: [MSG.fieldMustBeNumber] });
  const low = sql`${column.sql} >= ${range.low}`;
  return range.high === null ? low : sql`${low} and ${column.sql} <= ${range.high}`;
}

function dateCondition(
  id: string,
  column: ListColumn,
  value: FilterValue,
  timeZone: string,
): SQL | undefined {
  const parsed = DateRangeFilterValueSchema.strict().safeParse(value);
  if (!parsed.success || !isRealDay(parsed.data.from) || !isRealDay(parsed.data.to))
    throw wrongShape(id, 'a date range { from, to } of YYYY-MM-DD days');
  const { from, to } = normalizeDateRange(parsed.data);
  const parts: SQL[] = [];
  // Inclusive by calendar day: from its midnight up to (not including) the midnight after `to`.
  if (column.isDayColumn) {
    if (from) parts.push(sql`${column.sql} >= ${from}::date`);
    if (to) parts.push(sql`${column.sql} <= ${to}::date`);
  } else {
    // A timestamp's day is the viewer's calendar day (the request's time zone, UTC by default).
    if (from) parts.push(sql`${column.sql} >= (${from}::date)::timestamp at time zone ${timeZone}`);
    if (to) parts.push(sql`${column.sql} < (${to}::date + 1)::timestamp at time zone ${timeZone}`);
  }
  return parts.length ? and(...parts) : undefined;
}

function isRealDay(day: string | null | undefined): boolean {
  if (!day) return true;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day);
}

function enumCondition(id: string, column: ListColumn, value: FilterValue): SQL {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string' || typeof v === 'number'))
    throw wrongShape(id, 'a list of values');
  // An id column takes whole numbers only: 'abc' is the caller's mistake, not a database error.
  if (is(column.sql, Column) && column.sql.dataType === 'number') {
    const numbers = list.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v));
    if (!numbers.every((n) => typeof n === 'number' && Number.isSafeInteger(n)))
      throw wrongShape(id, 'a list of whole numbers');
    return inArray(column.sql, numbers);
  }
  return inArray(sql`${column.sql}`, list as (string | number)[]);
}

function booleanCondition(id: string, column: ListColumn, value: FilterValue): SQL {
  if (value !== true && value !== false && value !== 1 && value !== 0) throw wrongShape(id, 'true or false');
  return sql`${column.sql} = ${value === true || value === 1}`;
}

function searchCondition(definition: PagedListDefinition, searchTerm: string): SQL | undefined {
  const term = searchTerm.trim().toLowerCase();
  if (term === '') return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const matches = Object.values<ListColumn>(definition.columns)
    .filter((c) => c.searchable)
    .map((c) => sql`lower(${c.sql}::text) like ${pattern} escape '\\'`);
  return matches.length ? or(...matches) : sql`false`;
}

function orderByOf(definition: PagedListDefinition, sortOrder: readonly SortOrder[]): SQL[] {
  const requested = sortOrder.length ? sortOrder : definition.defaultSort;
  const orderBy = requested.map((s) => {
    const column = columnOf(definition, s.id, 'sortable');
    // Text sorts ignore case (PGlite's and PostgreSQL's collations differ on case first).
    const expression = column.kind === 'text' ? sql`lower(${column.sql})` : sql`${column.sql}`;
    return s.desc ? desc(expression) : asc(expression);
  });
  // The tie-break follows the last direction, so "newest first" can walk one (occurred_at, id) index.
  const lastIsDesc = requested.at(-1)?.desc ?? false;
  orderBy.push(lastIsDesc ? desc(definition.tieBreak) : asc(definition.tieBreak));
  return orderBy;
}
