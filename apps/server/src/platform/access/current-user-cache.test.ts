import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { roles, userClients, users } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type TestContext,
} from '../../../test/test-context';
import { buildLogger } from '../logger';
import { loadConfig } from '../config';
import { createCurrentUserCache, type CurrentUserCache } from './current-user-cache';
import type { LoadedUser } from './load-current-user';

// The API with its cache on, as in production on PostgreSQL. Other test files run with it off
// (test-context.ts) because they change users, roles and associations with plain SQL and expect the
// very next request to see it; here every such change waits for its notification first.
let ctx: TestContext;
let cache: CurrentUserCache;
// Notifications reach a listener only on a PostgreSQL server: the PGlite socket that stands in for one
// when DATABASE_URL is unset multiplexes every connection onto one database and delivers NOTIFY to none
// of the others. The cache is a server-mode feature (embedded mode never caches, app.ts), so the tests
// that wait for a notification run on PostgreSQL only (CI); the rest run on both.
const notifies = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestContext({ ACCESS_CACHE_SECONDS: '60' });
  cache = ctx.app.accessCache!;
  await vi.waitFor(() => expect(cache.stats().isListening).toBe(true));
});
afterAll(() => ctx.close());

/** Waits for the notification of a change made with plain SQL to evict the user. */
const whenForgotten = (userId: number) => vi.waitFor(() => expect(cache.isCached(userId)).toBe(false));

describe('the signed-in user cache in the API', () => {
  it('answers the next requests of a signed-in user from memory', async () => {
    const analyst = await createSignedInUser(ctx, 'Analyst');
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(200);
    expect(cache.isCached(analyst.userId)).toBe(true);
    const { hits, misses } = cache.stats();
    const again = await call(ctx, 'GET', '/api/users/logged-user', analyst);
    expect(again.json()).toMatchObject({ email: analyst.email });
    expect(cache.stats()).toMatchObject({ hits: hits + 1, misses });
  });

  it.skipIf(!notifies)("applies a role's permissions changed in the database once notified", async () => {
    const role = await createRole(ctx, ['VIEW_BANKS']);
    const user = await createSignedInUser(ctx, role.roleName);
    expect((await call(ctx, 'GET', '/api/banks/all', user)).statusCode).toBe(200);
    await ctx.database.db.update(roles).set({ permissions: [] }).where(eq(roles.roleId, role.roleId));
    await whenForgotten(user.userId);
    expect((await call(ctx, 'GET', '/api/banks/all', user)).statusCode).toBe(403);
  });

  it.skipIf(!notifies)('applies a client association removed in the database once notified', async () => {
    const [kept, removed] = await createClients(ctx, 2);
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [kept!, removed!]);
    expect((await call(ctx, 'GET', `/api/clients/${removed}`, viewer)).statusCode).toBe(200);
    await ctx.database.db
      .delete(userClients)
      .where(sql`${userClients.userId} = ${viewer.userId} and ${userClients.clientId} = ${removed}`);
    await whenForgotten(viewer.userId);
    expect((await call(ctx, 'GET', `/api/clients/${removed}`, viewer)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/clients/${kept}`, viewer)).statusCode).toBe(200);
  });

  it.skipIf(!notifies)('refuses a user deactivated in the database once notified', async () => {
    const analyst = await createSignedInUser(ctx, 'Analyst');
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.userId, analyst.userId));
    await whenForgotten(analyst.userId);
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(401);
  });

  it("ends a session's access token at once on sign-out, without waiting for the notification", async () => {
    const analyst = await createSignedInUser(ctx, 'Analyst');
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(200);
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { tideline_refresh: analyst.refreshCookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(401);
  });

  it("ends a user's tokens at once when an admin resets their MFA through the API", async () => {
    const analyst = await createSignedInUser(ctx, 'Analyst');
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(200);
    const admin = await createSignedInUser(ctx, 'Admin');
    const url = `/api/users/reset-mfa/${encodeURIComponent(analyst.email)}`;
    expect((await call(ctx, 'PUT', url, admin)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(401);
  });

  it.skipIf(!notifies)(
    'refuses an old token once a token version bumped in the database is notified',
    async () => {
      const analyst = await createSignedInUser(ctx, 'Analyst');
      expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(200);
      await ctx.database.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.userId, analyst.userId));
      await whenForgotten(analyst.userId);
      expect((await call(ctx, 'GET', '/api/users/logged-user', analyst)).statusCode).toBe(401);
    },
  );

  it.skipIf(!notifies)(
    'reads every request from the database while its connection is lost, and listens again',
    async () => {
      const analyst = await createSignedInUser(ctx, 'Analyst');
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN tideline_access'`,
      );
      await vi.waitFor(() => expect(cache.stats().isListening).toBe(false));
      const { hits } = cache.stats();
      await call(ctx, 'GET', '/api/users/logged-user', analyst);
      await call(ctx, 'GET', '/api/users/logged-user', analyst);
      expect(cache.stats().hits).toBe(hits);
      expect(cache.isCached(analyst.userId)).toBe(false);
      await vi.waitFor(() => expect(cache.stats().isListening).toBe(true), { timeout: 5000 });
      await call(ctx, 'GET', '/api/users/logged-user', analyst);
      expect(cache.isCached(analyst.userId)).toBe(true);
    },
  );
});

describe('createCurrentUserCache', () => {
  const claims = { userId: 987_654, sessionId: '00000000-0000-0000-0000-000000000001' };
  const userOf = (sessionExpiresAt: Date): LoadedUser => ({
    ...claims,
    email: 'cache@example.com',
    firstName: 'Cache',
    lastName: 'Test',
    roleId: 1,
    roleName: 'Admin',
    permList: [],
    isClientScoped: false,
    clientIds: [],
    status: 1,
    tokenVersion: 0,
    isSessionLive: true,
    sessionExpiresAt,
  });
  let own: CurrentUserCache;

  beforeAll(async () => {
    own = createCurrentUserCache({
      databaseUrl: inject('databaseUrl'),
      ttlSeconds: 60,
      log: buildLogger(loadConfig({ LOG_LEVEL: 'silent' })),
    });
    await own.start();
  });
  afterAll(() => own.stop());

  it('does not keep a load that a change overlapped', async () => {
    let finish!: (user: LoadedUser) => void;
    const pending = own.get(claims, () => new Promise((resolve) => (finish = resolve)));
    own.evict(claims.userId); // a notification arrives while the load is under way
    finish(userOf(new Date(Date.now() + 60_000)));
    await pending;
    expect(own.isCached(claims.userId)).toBe(false);
    const load = vi.fn(async () => userOf(new Date(Date.now() + 60_000)));
    await own.get(claims, load);
    await own.get(claims, load);
    expect(load).toHaveBeenCalledTimes(1);
    own.evict('all');
  });

  it("never serves an entry past its session's end, nor a refused user", async () => {
    const load = vi.fn(async () => userOf(new Date(Date.now() + 30)));
    await own.get(claims, load);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await own.get(claims, load);
    expect(load).toHaveBeenCalledTimes(2);
    const refused = vi.fn(async () => ({ ...userOf(new Date(Date.now() + 60_000)), isSessionLive: false }));
    own.evict('all');
    await own.get(claims, refused);
    await own.get(claims, refused);
    expect(refused).toHaveBeenCalledTimes(2);
  });

  it.skipIf(!notifies)('forgets a user when the database notifies a change to them', async () => {
    await own.get(claims, async () => userOf(new Date(Date.now() + 60_000)));
    expect(own.isCached(claims.userId)).toBe(true);
    await ctx.database.db.execute(sql`select pg_notify('tideline_access', ${String(claims.userId)})`);
    await vi.waitFor(() => expect(own.isCached(claims.userId)).toBe(false));
  });
});
