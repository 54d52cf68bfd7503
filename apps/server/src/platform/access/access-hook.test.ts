import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { registerErrorHandler } from '../http/error-handler';
import { registerAccessHook } from './access-hook';

let ctx: TestContext;
let app: ReturnType<typeof Fastify>;
let viewer: SignedInUser;
let analyst: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  app = Fastify();
  registerErrorHandler(app);
  registerAccessHook(app, { db: ctx.database.db, signer: ctx.platform.signer });
  app.get('/api/undeclared', async () => ({ ok: true }));
  app.get(
    '/api/templates',
    { config: { access: { permissions: ['VIEW_TEMPLATES', 'MANAGE_TEMPLATES'] } } },
    async (req: FastifyRequest) => ({ user: req.currentUser?.email }),
  );
  app.get('/api/anyone', { config: { access: { permissions: [] } } }, async () => ({ ok: true }));
  await app.ready();
  viewer = await createSignedInUser(ctx, 'Client Viewer', await createClients(ctx, 1));
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('the access hook', () => {
  it('refuses a route that declares nothing, even to an admin-like user', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/undeclared', headers: analyst.auth });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 with the message when no listed permission is held, 200 when one is', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/templates', headers: viewer.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: MSG.forbidden });
    const allowed = await app.inject({ method: 'GET', url: '/api/templates', headers: analyst.auth });
    expect(allowed.json()).toEqual({ user: analyst.email });
  });

  it('lets any signed-in user through an empty permission list, and nobody unsigned', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/anyone', headers: viewer.auth })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/anyone' })).statusCode).toBe(401);
  });

  it('applies a role change on the next request', async () => {
    const { roles, users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [role] = await ctx.database.db
      .insert(roles)
      .values({ roleName: `Temp ${Date.now()}`, permissions: ['VIEW_TEMPLATES'] })
      .returning();
    await ctx.database.db.update(users).set({ roleId: role!.roleId }).where(eq(users.userId, viewer.userId));
    expect(
      (await app.inject({ method: 'GET', url: '/api/templates', headers: viewer.auth })).statusCode,
    ).toBe(200);
  });
});
