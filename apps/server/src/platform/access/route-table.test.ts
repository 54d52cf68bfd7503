import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('route access declarations', () => {
  it('has every /api route declare its access; public ones only for identity, health, docs and signed links', () => {
    const routes = ctx.app.routeTable;
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !r.declared)).toEqual([]);
    const publicReasons = new Set(routes.filter((r) => r.access.startsWith('public')).map((r) => r.access));
    expect([...publicReasons].sort()).toEqual(
      [
        'public (API documentation)',
        'public (health check)',
        'public (identity)',
        'public (signed download link)',
        'public (signed upload form)',
      ].sort(),
    );
  });

  it('matches the reviewed route -> permission table', () => {
    const table = ctx.app.routeTable
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(40)} ${r.access}`)
      .sort()
      .join('\n');
    expect(table).toMatchSnapshot();
  });

  it('documents every route in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/users/add', '/api/roles/{id}', '/api/audit/list', '/api/clients/list'])
      expect(paths).toContain(path);
  });
});
