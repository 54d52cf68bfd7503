import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import {
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { loggedUser, signInPassword } from './auth-test-support';

// Issue 14: bad input ends in a clear 4xx with a { msg }, other users go on being served, no user changes.
let ctx: TestContext;
let victim: SignedInUser;
let bystander: SignedInUser;
beforeAll(async () => {
  ctx = await createTestContext();
  victim = await createSignedInUser(ctx, 'Advisor');
  bystander = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

const userRow = async (userId: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.userId, userId)))[0]!;

describe('bad input to the identity calls', () => {
  it('answers every case with a 4xx and a message, and changes no user', async () => {
    const before = await userRow(victim.userId);
    const session = await signInPassword(ctx, victim);
    const huge = 'x'.repeat(200_000);
    const cases: { url: string; payload?: unknown; headers?: Record<string, string>; cookie?: string }[] = [
      { url: '/api/auth/sign-in' },
      { url: '/api/auth/sign-in', payload: { email: ['a@b.co'], password: 7 } },
      { url: '/api/auth/sign-in', payload: { email: victim.email, password: huge } },
      { url: '/api/auth/mfa/setup', payload: { session: 42 } },
      { url: '/api/auth/mfa/setup', payload: { session: huge } },
      { url: '/api/auth/mfa/setup', payload: { session: victim.accessToken } }, // an access token is no session
      { url: '/api/auth/mfa/verify', payload: { session, code: '12345x' } },
      { url: '/api/auth/mfa/verify', payload: { session: `${session}x`, code: '123456' } },
      { url: '/api/auth/mfa/verify-setup', payload: { session, code: '123456' } }, // the wrong challenge
      { url: '/api/auth/refresh', cookie: huge },
      { url: '/api/auth/refresh', cookie: '' },
      {
        url: '/api/auth/confirm-password',
        payload: { username: victim.email, code: huge, newPassword: 'A-b-3' },
      },
      {
        url: '/api/auth/confirm-password',
        payload: { username: victim.email, code: huge, newPassword: 'Another-Strong-Pass-9' },
      },
      { url: '/api/auth/forgot-password', payload: { email: 'not-an-email' } },
      {
        url: '/api/auth/change-password',
        payload: { currentPassword: 'x', newPassword: 'Another-Strong-Pass-9' },
        headers: { authorization: `Bearer ${session}` }, // a sign-in session token is no access token
      },
      {
        url: '/api/auth/change-password',
        payload: { currentPassword: 'Wrong-Current-1!', newPassword: 'Another-Strong-Pass-9' },
        headers: victim.auth,
      },
      { url: '/api/auth/mfa/reset', headers: { authorization: 'Bearer ' } },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: c.url,
        headers: c.headers ?? {},
        ...(c.payload === undefined ? {} : { payload: c.payload as object }),
        ...(c.cookie === undefined ? {} : { cookies: { tideline_refresh: c.cookie } }),
      });
      expect(res.statusCode, `${c.url} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.url).toBeLessThan(500);
      expect(typeof res.json().msg, c.url).toBe('string');
    }
    const after = await userRow(victim.userId);
    for (const field of ['passwordHash', 'tokenVersion', 'mfaSecret', 'mfaLastStep', 'status'] as const)
      expect(after[field], field).toEqual(before[field]);
    expect((await loggedUser(ctx, victim.auth.authorization)).statusCode).toBe(200);
    expect((await loggedUser(ctx, bystander.auth.authorization)).statusCode).toBe(200);
  });
});
