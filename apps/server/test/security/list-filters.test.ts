import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditList } from '../../src/modules/audit/audit.service';
import { exceptionList } from '../../src/modules/exceptions/exceptions.queries';
import { investmentListFor } from '../../src/modules/investments/investment-list';
import { stagingInvestmentList } from '../../src/modules/staging-investments/staging-investments.service';
import { stagingTransactionList } from '../../src/modules/staging-transactions/staging-transactions.service';
import { transactionList } from '../../src/modules/transactions/transactions.service';
import type { CurrentUser } from '../../src/platform/access/route-access';
import { NUL_TEXT_MSG } from '../../src/platform/http/refuse-nul-text';
import type { PagedListDefinition } from '../../src/platform/paging/paged-list';
import { createTestContext, type TestContext } from '../test-context';
import { createSecurityWorld, type SecurityWorld } from './security-world';

// Issue 14 point 8: a NUL byte or a wrong-typed value in a list's filters, search or sort is a 400
// with a message, never a 500, on every server-paged list; a NUL anywhere in a request is a 400.

let ctx: TestContext;
let world: SecurityWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createSecurityWorld(ctx);
}, 120_000);
afterAll(() => ctx.close());

const anyone = { isClientScoped: false, userId: 1 } as CurrentUser;
/** Each paged route's list; a paged route missing here fails the first test. */
interface ListCase {
  url: (w: SecurityWorld) => string;
  list: PagedListDefinition;
  /** What the route needs in its body besides the paged request (the batch accounts it inspects). */
  body?: (w: SecurityWorld) => Record<string, unknown>;
}
const LISTS: Record<string, ListCase> = {
  'POST /api/audit/list': { url: () => '/api/audit/list', list: auditList },
  'POST /api/exceptions/list': { url: () => '/api/exceptions/list', list: exceptionList },
  'POST /api/transactions/account/:accountId': {
    url: (w) => `/api/transactions/account/${w.a.accountId}`,
    list: transactionList,
  },
  'POST /api/investments/all/': { url: () => '/api/investments/all/', list: investmentListFor(anyone) },
  'POST /api/investments/client/:id': {
    url: (w) => `/api/investments/client/${w.a.clientId}`,
    list: investmentListFor(anyone),
  },
  'POST /api/investments/account/:id': {
    url: (w) => `/api/investments/account/${w.a.accountId}`,
    list: investmentListFor(anyone),
  },
  'POST /api/transactions/staging/inspect': {
    url: () => '/api/transactions/staging/inspect',
    list: stagingTransactionList,
    body: (w) => ({ batchAccountIds: [w.a.batchAccountId] }),
  },
  'POST /api/investments/staging/all/:id': {
    url: (w) => `/api/investments/staging/all/${w.a.batchAccountId}`,
    list: stagingInvestmentList,
  },
};

// Values of every JSON type and the usual mistakes: text for numbers, numbers past any column's range,
// broken ranges, impossible days, nesting where a scalar belongs.
const HOSTILE_VALUES: unknown[] = [
  'abc',
  '',
  '-1',
  123,
  -5,
  1e300,
  1.5,
  true,
  [1, 'a'],
  ['a', 'b'],
  [2 ** 53],
  { low: 'abc', high: 'x' },
  { low: 1e300 },
  { from: '2026-02-30', to: 'tomorrow' },
  { from: '2026-01-01', to: '2026-12-31' },
  { nested: { deeper: true } },
  null,
];

function post(c: ListCase, body: Record<string, unknown>) {
  const payload = { ...c.body?.(world), ...body };
  return ctx.app.inject({ method: 'POST', url: c.url(world), headers: world.admin.auth, payload });
}

describe('list filters refuse bad input with a 400', () => {
  it('covers every paged list route', () => {
    const paged = ctx.app.routeTable.filter((r) => r.isPagedList).map((r) => `${r.method} ${r.url}`);
    expect(paged.sort()).toEqual(Object.keys(LISTS).sort());
  });

  it.each(Object.entries(LISTS))('%s: every column x every hostile value is a 200 or a 400', async (_, c) => {
    const unexpected: string[] = [];
    for (const id of Object.keys(c.list.columns)) {
      for (const value of HOSTILE_VALUES) {
        const res = await post(c, { filters: [{ id, value }] });
        if (res.statusCode !== 200 && (res.statusCode !== 400 || !res.json().msg))
          unexpected.push(`${id}=${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
      }
      const sorted = await post(c, { sortOrder: [{ id, desc: true }] });
      if (![200, 400].includes(sorted.statusCode)) unexpected.push(`sort ${id}: ${sorted.statusCode}`);
    }
    expect(unexpected).toEqual([]);
  });

  it.each(Object.entries(LISTS))(
    '%s: a NUL in the search, a filter or a column id is a 400',
    async (_, c) => {
      const column = Object.keys(c.list.columns)[0]!;
      for (const body of [
        { searchTerm: 'wire\u0000' },
        { filters: [{ id: column, value: 'a\u0000b' }] },
        { filters: [{ id: column, value: ['\u0000'] }] },
        { filters: [{ id: `${column}\u0000`, value: 'a' }] },
        { sortOrder: [{ id: `\u0000${column}`, desc: false }] },
      ]) {
        const res = await post(c, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().msg).toBe(NUL_TEXT_MSG);
      }
    },
  );

  it('refuses a NUL in any body, query or path with a 400 and changes nothing', async () => {
    const note = await ctx.app.inject({
      method: 'POST',
      url: '/api/notes/add',
      headers: world.admin.auth,
      payload: { note: { noteTitle: 'Hello\u0000', noteDescription: 'x' } },
    });
    expect(note.statusCode).toBe(400);
    expect(note.json().msg).toBe(NUL_TEXT_MSG);
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/clients/name-exists?name=a%00b',
      headers: world.admin.auth,
    });
    expect(query.statusCode).toBe(400);
    const path = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/resend-invite/a%00b%40example.com',
      headers: world.admin.auth,
    });
    expect(path.statusCode).toBe(400);
  });
});
