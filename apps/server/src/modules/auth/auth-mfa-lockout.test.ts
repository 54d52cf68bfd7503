import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import {
  createSignedInUser,
  createTestContext,
  post,
  totpCode,
  type TestContext,
} from '../../../test/test-context';
import {
  auditActionsOf,
  auditRowsOf,
  forgetAuthenticator,
  forgetLastStep,
  signInPassword,
  wrongCode,
} from './auth-test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('MFA brute force (issue 14 point 5)', () => {
  it('locks the account after (password + 4 wrong codes) x 3, whatever the right password resets', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const session = await signInPassword(ctx, user); // a right password: the sign-in counter resets
      for (let i = 0; i < 4; i += 1) {
        const res = await post(ctx, '/api/auth/mfa/verify', { session, code: await wrongCode(user) });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toEqual({ msg: MSG.tooManyAttempts });
      }
    }
    // MFA_MAX_FAILURES_PER_ACCOUNT is 5: the sixth try is refused before its code is looked at.
    expect(statuses).toEqual([401, 401, 401, 401, 401, ...Array<number>(7).fill(429)]);
    const session = await signInPassword(ctx, user);
    const right = await post(ctx, '/api/auth/mfa/verify', {
      session,
      code: await totpCode(user.mfaSecret, 1),
    });
    expect(right.statusCode).toBe(429);

    const actions = await auditActionsOf(ctx, user);
    expect(actions.filter((a) => a === 'auth.mfa.failed')).toHaveLength(5);
    expect(actions.filter((a) => a === 'auth.mfa.throttled')).toHaveLength(8);
    const throttled = (await auditRowsOf(ctx, user)).find((r) => r.action === 'auth.mfa.throttled');
    expect(throttled).toMatchObject({ entity: 'user', userId: user.userId, actorEmail: user.email });
  });

  it('counts per account, not per sign-in, and a completed sign-in clears the count', async () => {
    const locked = await createTestContext({ MFA_MAX_FAILURES_PER_ACCOUNT: '3' });
    try {
      const user = await createSignedInUser(locked, 'Advisor');
      for (let i = 0; i < 2; i += 1) {
        const session = await signInPassword(locked, user);
        const res = await post(locked, '/api/auth/mfa/verify', { session, code: await wrongCode(user) });
        expect(res.statusCode).toBe(401);
      }
      const session = await signInPassword(locked, user);
      const ok = await post(locked, '/api/auth/mfa/verify', {
        session,
        code: await totpCode(user.mfaSecret, 1),
      });
      expect(ok.statusCode).toBe(200);
      // Cleared: two more wrong codes do not reach the limit of three.
      const next = await signInPassword(locked, user);
      for (let i = 0; i < 2; i += 1) {
        const res = await post(locked, '/api/auth/mfa/verify', {
          session: next,
          code: await wrongCode(user),
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await locked.close();
    }
  });

  it('locks the enrolment step the same way', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    await forgetAuthenticator(ctx, user.userId);
    const session = await signInPassword(ctx, user);
    const { secretCode } = (await post(ctx, '/api/auth/mfa/setup', { session })).json();
    const codes = await Promise.all([0, 1, 2, 3, 4, 5].map(() => totpCode(secretCode, 20)));
    const statuses = [];
    for (const code of codes)
      statuses.push((await post(ctx, '/api/auth/mfa/verify-setup', { session, code })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('single-use sign-in session tokens (issue 14 point 8)', () => {
  it('refuses a session token that completed a sign-in, even with a code that would pass', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const session = await signInPassword(ctx, user);
    const first = await post(ctx, '/api/auth/mfa/verify', {
      session,
      code: await totpCode(user.mfaSecret, 1),
    });
    expect(first.statusCode).toBe(200);
    await forgetLastStep(ctx, user.userId); // the replayed code itself would be accepted again
    const replay = await post(ctx, '/api/auth/mfa/verify', { session, code: await totpCode(user.mfaSecret) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ msg: MSG.mfaSessionExpired });
    expect(await auditActionsOf(ctx, user)).toContain('auth.mfa.session-reused');
  });

  it('lets the enrolment view reopen until enrolment completes, and never after', async () => {
    const user = await createSignedInUser(ctx, 'Client Viewer');
    await forgetAuthenticator(ctx, user.userId);
    const session = await signInPassword(ctx, user);
    const setup = await post(ctx, '/api/auth/mfa/setup', { session });
    const { secretCode } = setup.json();
    expect((await post(ctx, '/api/auth/mfa/setup', { session })).json().secretCode).toBe(secretCode);
    const done = await post(ctx, '/api/auth/mfa/verify-setup', { session, code: await totpCode(secretCode) });
    expect(done.statusCode).toBe(200);
    for (const url of ['/api/auth/mfa/setup', '/api/auth/mfa/verify-setup']) {
      const again = await post(ctx, url, { session, code: await totpCode(secretCode, 1) });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ msg: MSG.mfaSessionExpired });
    }
  });

  it('lets only one of two racing verifications with the same token sign in', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const session = await signInPassword(ctx, user);
    await forgetLastStep(ctx, user.userId);
    // Whichever commits first, the other is refused: by its older step, or by the used token.
    const [a, b] = await Promise.all([
      post(ctx, '/api/auth/mfa/verify', { session, code: await totpCode(user.mfaSecret, 1) }),
      post(ctx, '/api/auth/mfa/verify', { session, code: await totpCode(user.mfaSecret, -1) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
  });
});
