import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PERMISSIONS } from '@tideline/contracts';
import type { RouteRecord } from '../../src/app';
import { auditLog, roles } from '../../src/db/schema';
import { PERMISSION_REFUSED_ACTION } from '../../src/platform/access/record-refusals';
import {
  createRole,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
  createTestContext,
} from '../test-context';

// Issue 14 point 11, permissions: every route x a role holding everything but the route's permissions
// -> 403, every route but the public ones x no token -> 401. Routes are read from the app itself, so
// a route added tomorrow is in the matrix the day it lands.

let ctx: TestContext;
let user: SignedInUser;
let roleId: number;
let routes: RouteRecord[];

beforeAll(async () => {
  ctx = await createTestContext();
  const role = await createRole(ctx, [...PERMISSIONS]);
  roleId = role.roleId;
  user = await createSignedInUser(ctx, role.roleName);
  routes = ctx.app.routeTable;
});
afterAll(() => ctx.close());

/** A concrete address for a route pattern: the access hook answers before parameters are read. */
const addressOf = (url: string) =>
  url
    .replace(/:jobId/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:email/g, 'someone%40example.com')
    .replace(/:type/g, 'Transaction')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*$/, 'x');

function inject(route: RouteRecord, auth?: { authorization: string }) {
  return ctx.app.inject({
    method: route.method as 'GET',
    url: addressOf(route.url),
    ...(auth ? { headers: auth } : {}),
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

describe('the permission matrix', () => {
  it('reads a route table with permissions on every non-public route', () => {
    expect(routes.length).toBeGreaterThan(150);
    for (const r of routes) expect(r.permissions !== null || r.access.startsWith('public'), r.url).toBe(true);
  });

  it('refuses every non-public route without a token: 401', async () => {
    const answers = await Promise.all(
      routes
        .filter((r) => r.permissions !== null)
        .map(async (r) => [`${r.method} ${r.url}`, (await inject(r)).statusCode]),
    );
    expect(answers.filter(([, status]) => status !== 401)).toEqual([]);
  });

  it('refuses every route to a role holding every permission but the ones it needs: 403', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (!route.permissions?.length) continue;
      const lacking = PERMISSIONS.filter((p) => !route.permissions!.includes(p));
      await ctx.database.db.update(roles).set({ permissions: lacking }).where(eq(roles.roleId, roleId));
      const res = await inject(route, user.auth);
      if (res.statusCode !== 403 || res.json().msg !== MSG.forbidden)
        wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('records refused permission checks as security events, at most 20 a user per window', async () => {
    const since = new Date(Date.now() - 60_000);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, PERMISSION_REFUSED_ACTION),
          eq(auditLog.userId, user.userId),
          gt(auditLog.occurredAt, since),
        ),
      );
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ entity: 'user', entityId: String(user.userId), actorEmail: user.email });
    expect(rows[0]!.after).toMatchObject({
      method: expect.any(String),
      route: expect.stringMatching(/^\/api\//),
    });
  });
});
