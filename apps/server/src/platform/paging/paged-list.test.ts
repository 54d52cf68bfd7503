import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { boolean, date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PagedListRequestSchema, type PagedListRequest } from '@tideline/contracts';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { whereClientVisible } from '../access/client-scope';
import type { CurrentUser } from '../access/route-access';
import { definePagedList, fetchPagedList, isDefaultOrder } from './paged-list';

// A table of its own, so the counts are exact while other test files share the database.
const table = `paged_probe_${Date.now()}`;
const probe = pgTable(table, {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }),
  happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
  day: date('day').notNull(),
  kind: text('kind').notNull(),
  isActive: boolean('is_active').notNull(),
  note: text('note'),
});

const list = definePagedList({
  columns: {
    name: { sql: probe.name, kind: 'text', sortable: true, filterable: true, searchable: true },
    amount: { sql: probe.amount, kind: 'number', sortable: true, filterable: true },
    happenedAt: { sql: probe.happenedAt, kind: 'date', sortable: true, filterable: true },
    day: { sql: probe.day, kind: 'date', filterable: true, isDayColumn: true },
    kind: { sql: probe.kind, kind: 'enum', sortable: true, filterable: true, searchable: true },
    isActive: { sql: probe.isActive, kind: 'boolean', filterable: true },
    note: { sql: probe.note, kind: 'text' },
  },
  tieBreak: probe.id,
  defaultSort: [{ id: 'name', desc: false }],
});

const rows = [
  // name, client, amount, happenedAt (UTC), day, kind, active, note
  ['Acme Holdings', 1, '-5.00', '2026-02-28T23:59:59Z', '2026-02-28', 'bank', true, 'findme'],
  ['acme two', 1, '0.00', '2026-03-01T00:00:00Z', '2026-03-01', 'bank', false, null],
  ['Beta 100%', 1, '100.00', '2026-03-15T12:00:00Z', '2026-03-15', 'fund', true, null],
  ['Beta 100x', 1, '250.50', '2026-03-31T23:59:59Z', '2026-03-31', 'fund', true, null],
  ['Bez_1', 2, '500.00', '2026-04-01T00:00:00Z', '2026-04-01', 'trust', false, null],
  ['Bezx1', 2, '1000000.00', '2026-04-02T00:00:00Z', '2026-04-02', 'trust', true, null],
  ['Gamma', 3, null, '2026-05-01T00:00:00Z', '2026-05-01', 'bank', true, 'search-me'],
] as const;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.db.execute(
    sql.raw(`create table ${table} (id serial primary key, client_id int not null, name text not null,
      amount numeric(14,2), happened_at timestamptz not null, day date not null, kind text not null,
      is_active boolean not null, note text)`),
  );
  await ctx.database.db.insert(probe).values(
    rows.map(([name, clientId, amount, happenedAt, day, kind, isActive, note]) => ({
      name,
      clientId,
      amount,
      happenedAt: new Date(happenedAt),
      day,
      kind,
      isActive,
      note,
    })),
  );
});
afterAll(async () => {
  await ctx.database.db.execute(sql.raw(`drop table ${table}`));
  await ctx.close();
});

const unscoped = { isClientScoped: false, clientIds: [] } as unknown as CurrentUser;

function fetchList(request: PagedListRequest, user: CurrentUser = unscoped) {
  const db = ctx.database.db;
  return fetchPagedList(list, PagedListRequestSchema.parse(request), {
    where: whereClientVisible(user, probe.clientId),
    count: (fields, where) => db.select(fields).from(probe).where(where),
    page: (p) =>
      db
        .select({ name: probe.name })
        .from(probe)
        .where(p.where)
        .orderBy(...p.orderBy)
        .limit(p.limit)
        .offset(p.offset),
  });
}

async function names(request: PagedListRequest, user?: CurrentUser) {
  return (await fetchList({ pageSize: 100, ...request }, user)).results.map((r) => r.name);
}

describe('the paged list helper', () => {
  it('sorts by the default order when none is asked, ignoring case', async () => {
    expect(await names({})).toEqual([
      'Acme Holdings',
      'acme two',
      'Beta 100%',
      'Beta 100x',
      'Bez_1',
      'Bezx1',
      'Gamma',
    ]);
  });

  it("knows the list's own order, stated or not, from any other", () => {
    expect(isDefaultOrder(list, [])).toBe(true);
    expect(isDefaultOrder(list, [{ id: 'name', desc: false }])).toBe(true);
    expect(isDefaultOrder(list, [{ id: 'name', desc: true }])).toBe(false);
    expect(isDefaultOrder(list, [{ id: 'amount', desc: false }])).toBe(false);
    expect(
      isDefaultOrder(list, [
        { id: 'name', desc: false },
        { id: 'amount', desc: false },
      ]),
    ).toBe(false);
  });

  it('reads numeric ranges as the spec does: swapped ends, blank low = 0, blank high unbounded', async () => {
    const amount = (value: unknown) => names({ filters: [{ id: 'amount', value: value as never }] });
    expect(await amount({ low: '500', high: '100' })).toEqual(['Beta 100%', 'Beta 100x', 'Bez_1']);
    expect(await amount({ low: '100', high: '500' })).toEqual(['Beta 100%', 'Beta 100x', 'Bez_1']);
    // Blank low is 0: the negative amount stays out, the zero one is in.
    expect(await amount({ low: '', high: '100' })).toEqual(['acme two', 'Beta 100%']);
    expect(await amount({ low: 250.5, high: null })).toEqual(['Beta 100x', 'Bez_1', 'Bezx1']);
    expect(await amount({ low: '$1,000,000.00' })).toEqual(['Bezx1']);
    expect(await amount({ low: '', high: '' })).toHaveLength(rows.length);
  });

  it('matches text filters by case-insensitive prefix, with LIKE wildcards taken literally', async () => {
    const name = (value: string) => names({ filters: [{ id: 'name', value }] });
    expect(await name('ACME')).toEqual(['Acme Holdings', 'acme two']);
    expect(await name('holdings')).toEqual([]);
    expect(await name('beta 100%')).toEqual(['Beta 100%']);
    expect(await name('bez_')).toEqual(['Bez_1']);
    expect(await name('  ')).toHaveLength(rows.length);
  });

  it('compares date ranges by whole days, inclusive at both ends, swapping reversed ends', async () => {
    const march = { from: '2026-03-01', to: '2026-03-31' };
    const inMarch = ['acme two', 'Beta 100%', 'Beta 100x'];
    expect(await names({ filters: [{ id: 'happenedAt', value: march }] })).toEqual(inMarch);
    expect(
      await names({ filters: [{ id: 'happenedAt', value: { from: '2026-03-31', to: '2026-03-01' } }] }),
    ).toEqual(inMarch);
    expect(await names({ filters: [{ id: 'day', value: march }] })).toEqual(inMarch);
    expect(await names({ filters: [{ id: 'happenedAt', value: { from: '2026-04-02' } }] })).toEqual([
      'Bezx1',
      'Gamma',
    ]);
    expect(await names({ filters: [{ id: 'happenedAt', value: { to: '2026-02-28' } }] })).toEqual([
      'Acme Holdings',
    ]);
  });

  it("reads a timestamp's day in the viewer's time zone when the request names one", async () => {
    // In Berlin (UTC+1) 2026-02-28T23:59:59Z is already March 1st and 2026-03-31T23:59:59Z April 1st;
    // in New York (UTC-5/-4) 2026-03-01T00:00:00Z is still February 28th and 2026-04-01T00:00:00Z March 31st.
    const march = { from: '2026-03-01', to: '2026-03-31' };
    const filters = [{ id: 'happenedAt', value: march }];
    expect(await names({ filters, timeZone: 'Europe/Berlin' })).toEqual([
      'Acme Holdings',
      'acme two',
      'Beta 100%',
    ]);
    expect(await names({ filters, timeZone: 'America/New_York' })).toEqual([
      'Beta 100%',
      'Beta 100x',
      'Bez_1',
    ]);
    expect(PagedListRequestSchema.safeParse({ timeZone: 'Mars/Olympus' }).error?.issues[0]?.message).toBe(
      'Unknown time zone.',
    );
  });

  it('filters enums by a list of values and booleans by value, combining filters with AND', async () => {
    expect(await names({ filters: [{ id: 'kind', value: ['fund', 'trust'] }] })).toEqual([
      'Beta 100%',
      'Beta 100x',
      'Bez_1',
      'Bezx1',
    ]);
    expect(
      await names({
        filters: [
          { id: 'kind', value: ['bank'] },
          { id: 'isActive', value: false },
        ],
      }),
    ).toEqual(['acme two']);
  });

  it('searches a case-insensitive substring over the searchable columns only', async () => {
    expect(await names({ searchTerm: 'TA 10' })).toEqual(['Beta 100%', 'Beta 100x']);
    expect(await names({ searchTerm: 'trus' })).toEqual(['Bez_1', 'Bezx1']);
    expect(await names({ searchTerm: '%' })).toEqual(['Beta 100%']);
    // note is not searchable
    expect(await names({ searchTerm: 'findme' })).toEqual([]);
  });

  it('pages stably with the primary key as tie-break and counts filtered and total rows', async () => {
    const seen: string[] = [];
    for (let pageIndex = 0; pageIndex < 3; pageIndex += 1) {
      const page = await fetchList({ pageSize: 3, pageIndex, sortOrder: [{ id: 'kind', desc: true }] });
      expect(page).toMatchObject({ pageCount: 3, resultCount: 7, totalCount: 7 });
      seen.push(...page.results.map((r) => r.name));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Within one kind the rows come in id order (the tie-break follows the last direction: desc).
    expect(seen.slice(0, 2)).toEqual(['Bezx1', 'Bez_1']);
    const past = await fetchList({ pageSize: 3, pageIndex: 5 });
    expect(past).toEqual({ results: [], pageCount: 3, resultCount: 7, totalCount: 7 });
  });

  it('composes with client scoping: the total is what the user may see at all', async () => {
    const scoped = { isClientScoped: true, clientIds: [2, 3] } as unknown as CurrentUser;
    const page = await fetchList({ filters: [{ id: 'name', value: 'bez' }] }, scoped);
    expect(page).toEqual({
      results: [{ name: 'Bez_1' }, { name: 'Bezx1' }],
      pageCount: 1,
      resultCount: 2,
      totalCount: 3,
    });
    const nothing = { isClientScoped: true, clientIds: [] } as unknown as CurrentUser;
    expect(await fetchList({}, nothing)).toEqual({
      results: [],
      pageCount: 0,
      resultCount: 0,
      totalCount: 0,
    });
  });

  it('takes the total from the source when given, and counts rows only for a narrowing request', async () => {
    const db = ctx.database.db;
    const counted: number[] = [];
    const user = { isClientScoped: true, clientIds: [1, 2] } as unknown as CurrentUser;
    const fetchWithTotal = (request: PagedListRequest) =>
      fetchPagedList(list, PagedListRequestSchema.parse({ pageSize: 2, ...request }), {
        where: whereClientVisible(user, probe.clientId),
        // A stand-in for a maintained counter: clients 1 and 2 hold 6 rows.
        total: () => Promise.resolve(6),
        count: async (fields, where) => {
          const result = await db.select(fields).from(probe).where(where);
          counted.push(result[0]!.resultCount);
          return result;
        },
        page: (p) =>
          db
            .select({ name: probe.name })
            .from(probe)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
      });
    expect(await fetchWithTotal({})).toMatchObject({ pageCount: 3, resultCount: 6, totalCount: 6 });
    expect(counted).toEqual([]);
    const searched = await fetchWithTotal({ searchTerm: 'ACME' });
    expect(searched).toMatchObject({ pageCount: 1, resultCount: 2, totalCount: 6 });
    expect(searched.results.map((r) => r.name)).toEqual(['Acme Holdings', 'acme two']);
    // The search and the scoping narrow together: 'Gamma' (client 3) matches 'a' but is not visible.
    expect(await fetchWithTotal({ searchTerm: 'a' })).toMatchObject({ resultCount: 4, totalCount: 6 });
    expect(counted).toEqual([2, 4]);
  });

  it('counts a search up to the source limit only, and says when more rows match', async () => {
    const db = ctx.database.db;
    const limits: number[] = [];
    const user = { isClientScoped: true, clientIds: [1, 2] } as unknown as CurrentUser;
    const fetchBounded = (request: PagedListRequest) =>
      fetchPagedList(list, PagedListRequestSchema.parse({ pageSize: 2, ...request }), {
        where: whereClientVisible(user, probe.clientId),
        total: () => Promise.resolve(6),
        count: () => Promise.reject(new Error('a search must use the bounded count')),
        searchCount: {
          limit: 3,
          countUpTo: async (where, limit) => {
            limits.push(limit);
            const matches = db.select({ id: probe.id }).from(probe).where(where).limit(limit).as('m');
            const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
            return row!.n;
          },
        },
        page: (p) =>
          db
            .select({ name: probe.name })
            .from(probe)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
      });
    // Four visible rows hold an 'a': more than the limit of 3, so the count stops at 3 and says so.
    const many = await fetchBounded({ searchTerm: 'a' });
    expect(many).toMatchObject({ resultCount: 3, totalCount: 6, pageCount: 2, resultCountBounded: true });
    expect(many.results).toHaveLength(2);
    // Two matches are under the limit: exact, and not marked.
    const few = await fetchBounded({ searchTerm: 'ACME' });
    expect(few).toMatchObject({ resultCount: 2, totalCount: 6, pageCount: 1 });
    expect(few).not.toHaveProperty('resultCountBounded');
    // It reads one row past the limit, to know whether more match.
    expect(limits).toEqual([4, 4]);
  });

  it('refuses unknown columns, forbidden uses and values of the wrong shape with 400', async () => {
    const refused = async (request: PagedListRequest) => {
      const error = await fetchList(request).then(
        () => null,
        (e: unknown) => e as { statusCode: number; message: string },
      );
      expect(error?.statusCode).toBe(400);
      return error!.message;
    };
    expect(await refused({ filters: [{ id: 'password', value: 'x' }] })).toBe("Unknown column 'password'.");
    expect(await refused({ sortOrder: [{ id: 'constructor', desc: false }] })).toBe(
      "Unknown column 'constructor'.",
    );
    expect(await refused({ sortOrder: [{ id: 'day', desc: false }] })).toBe("Column 'day' cannot be sorted.");
    expect(await refused({ filters: [{ id: 'note', value: 'x' }] })).toBe(
      "Column 'note' cannot be filtered.",
    );
    expect(await refused({ filters: [{ id: 'amount', value: { low: 'abc' } }] })).toBe(
      'Field must be a number.',
    );
    expect(await refused({ filters: [{ id: 'amount', value: 'cheap' }] })).toBe('Field must be a number.');
    expect(await refused({ filters: [{ id: 'name', value: ['a'] }] })).toMatch(/expects text/);
    expect(await refused({ filters: [{ id: 'happenedAt', value: 'yesterday' }] })).toMatch(/date range/);
    expect(await refused({ filters: [{ id: 'happenedAt', value: { from: '2026-02-30' } }] })).toMatch(
      /date range/,
    );
    expect(await refused({ filters: [{ id: 'isActive', value: 'yes' }] })).toMatch(/true or false/);
    expect(await refused({ filters: [{ id: 'kind', value: { from: '2026-01-01' } }] })).toMatch(/list/);
  });
});
