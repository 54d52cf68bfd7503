import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import type { PasswordHasher } from '../../platform/auth/password-hasher';
import type { AuditContext } from '../../platform/audit/write-audit';
import type { MailMessage } from '../../platform/mail/mailer';
import {
  createAdmin,
  createSignedInUser,
  createTestContext,
  post,
  readOutbox,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-context';
import { createAuthService, type AuthService } from './auth.service';
import { auditActionsOf, auditRowsOf } from './auth-test-support';

// Issue 14 point 8 (auth parts) and the audit of point 10.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const anonymous: AuditContext = {
  userId: null,
  actorEmail: null,
  requestId: null,
  ipAddress: '198.51.100.7',
};
const codeOf = (link: string) => link.split('/').pop()!;

/** The auth service on the test database, with a hasher that counts and a mailer that takes its time. */
function createProbedAuth(options: { mailDelayMs?: number; floorMs?: number } = {}) {
  const calls = { hash: 0, mails: [] as MailMessage[] };
  const hasher: PasswordHasher = {
    hashPassword: (password) => ((calls.hash += 1), ctx.platform.hasher.hashPassword(password)),
    verifyPassword: (hashed, password) => ctx.platform.hasher.verifyPassword(hashed, password),
  };
  const auth: AuthService = createAuthService({
    db: ctx.database.db,
    hasher,
    signer: ctx.platform.signer,
    mailer: {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, options.mailDelayMs ?? 0));
        calls.mails.push(message);
      },
    },
    log: { error: () => undefined },
    decoyHash: 'unused',
    settings: {
      publicUrl: 'http://tideline.test',
      refreshTokenTtlDays: 14,
      sessionMaxHours: 12,
      inviteTtlHours: 72,
      resetTtlMinutes: 60,
      signInWindowMinutes: 15,
      maxFailuresPerAccount: 5,
      maxFailuresPerAddress: 100_000,
      mfaMaxFailuresPerAccount: 5,
      forgotPasswordFloorMs: options.floorMs ?? 300,
    },
  });
  return { auth, calls };
}

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('confirm-password', () => {
  it('checks the code before hashing: a wrong link costs no hash, a right one exactly one', async () => {
    const { auth, calls } = createProbedAuth();
    const user = await createSignedInUser(ctx, 'Advisor');
    const newPassword = 'Another-Strong-Pass-9';
    for (const input of [
      { username: user.email, code: 'not-a-code', newPassword },
      { username: uniqueEmail('ghost'), code: 'not-a-code', newPassword },
    ]) {
      await expect(auth.confirmPassword(input, anonymous)).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(calls.hash).toBe(0);

    await auth.forgotPassword(user.email, anonymous);
    await auth.settleMail();
    const code = codeOf(calls.mails[0]!.text.match(/http\S+/)![0]);
    await auth.confirmPassword({ username: user.email, code, newPassword }, anonymous);
    expect(calls.hash).toBe(1);
  });

  it('throttles wrong links per username and per address, and audits them', async () => {
    const throttled = await createTestContext({
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '6',
    });
    try {
      // Failures are counted in the database the test files share, per address too: the user is made
      // through the file's own context and the guesses come from an address of their own, so other
      // files' failed sign-ins from 127.0.0.1 never reach the low limits set here.
      const user = await createSignedInUser(ctx, 'Advisor');
      const confirm = (username: string, code: string, remoteAddress = '198.51.100.7') =>
        throttled.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-password',
          remoteAddress,
          payload: { username, code, newPassword: 'Another-Strong-Pass-9' },
        });
      for (let i = 0; i < 3; i += 1) expect((await confirm(user.email, `guess-${i}`)).statusCode).toBe(400);
      await throttled.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '198.51.100.7',
        payload: { email: user.email },
      });
      await throttled.platform.auth.settleMail();
      const code = codeOf((await readOutbox(throttled, user.email))[0]!.links[0]!);
      const blocked = await confirm(user.email, code);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ msg: MSG.tooManyAttempts });
      const actions = await auditActionsOf(throttled, user);
      expect(actions.filter((a) => a === 'auth.password.link-refused')).toHaveLength(3);
      expect(actions).toContain('auth.password.link-throttled');

      // Per address: other usernames from the same address are refused once it failed too often.
      for (let i = 0; i < 6; i += 1) await confirm(uniqueEmail('probe'), 'guess', '203.0.113.9');
      expect((await confirm(uniqueEmail('probe'), 'guess', '203.0.113.9')).statusCode).toBe(429);
      expect((await confirm(uniqueEmail('probe'), 'guess', '203.0.113.10')).statusCode).toBe(400);
    } finally {
      await throttled.close();
    }
  });
});

describe('forgot-password', () => {
  it('does the same for known and unknown emails: the floor, and never the mail server', async () => {
    const { auth, calls } = createProbedAuth({ mailDelayMs: 2000, floorMs: 300 });
    const user = await createSignedInUser(ctx, 'Advisor');
    const known = await timed(() => auth.forgotPassword(user.email, anonymous));
    const unknown = await timed(() => auth.forgotPassword(uniqueEmail('ghost'), anonymous));
    for (const ms of [known, unknown]) {
      expect(ms).toBeGreaterThanOrEqual(295);
      expect(ms).toBeLessThan(1500); // the 2-second mail server is not waited for
    }
    await auth.settleMail();
    expect(calls.mails.map((m) => m.to)).toEqual([user.email]);
  });

  it('audits every request, known email or not', async () => {
    const ghost = uniqueEmail('ghost');
    await post(ctx, '/api/auth/forgot-password', { email: ghost });
    expect(await auditRowsOf(ctx, { email: ghost })).toEqual([
      expect.objectContaining({ action: 'auth.password.reset-requested', entity: 'user', entityId: null }),
    ]);
  });
});

describe('common passwords', () => {
  const common = 'Password123!'; // passes every composition rule of the spec

  it('refuses one on confirm-password without using up the link', async () => {
    const email = uniqueEmail('invitee');
    const { link } = await createAdmin(
      { db: ctx.database.db, auth: ctx.platform.auth },
      { email, firstName: 'Ada', lastName: 'Lovelace' },
    );
    const body = { username: email, code: codeOf(link) };
    const refused = await post(ctx, '/api/auth/confirm-password', { ...body, newPassword: common });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      msg: MSG.passwordTooCommon,
      fieldErrors: { newPassword: [MSG.passwordTooCommon] },
    });
    expect(
      (await post(ctx, '/api/auth/confirm-password', { ...body, newPassword: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    // An invitation setting the first password is no change to warn about.
    await ctx.platform.auth.settleMail();
    expect((await readOutbox(ctx, email)).map((m) => m.subject)).toEqual(['Your Tideline account']);
  });

  it('refuses one on change-password', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    for (const newPassword of [common, 'P@ssw0rd2024!']) {
      const res = await post(
        ctx,
        '/api/auth/change-password',
        { currentPassword: STRONG_PASSWORD, newPassword },
        user.auth,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ newPassword: [MSG.passwordTooCommon] });
    }
  });
});

describe('mail on password change and reset', () => {
  it('tells the user when the password changes from My Account', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    const res = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Pass-77' },
      user.auth,
    );
    expect(res.statusCode).toBe(200);
    await ctx.platform.auth.settleMail();
    const [mail] = await readOutbox(ctx, user.email);
    expect(mail).toMatchObject({
      subject: 'Your Tideline password was changed',
      links: ['http://tideline.test'],
    });
    expect(mail!.text).toContain('from My Account');
  });

  it('tells the user when the password is reset with a link', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    await ctx.platform.auth.settleMail();
    const code = codeOf((await readOutbox(ctx, user.email))[0]!.links[0]!);
    const res = await post(ctx, '/api/auth/confirm-password', {
      username: user.email,
      code,
      newPassword: 'Another-Strong-Pass-9',
    });
    expect(res.statusCode).toBe(200);
    await ctx.platform.auth.settleMail();
    const subjects = (await readOutbox(ctx, user.email)).map((m) => m.subject);
    expect(subjects).toEqual(['Reset your Tideline password', 'Your Tideline password was changed']);
    expect((await readOutbox(ctx, user.email))[1]!.text).toContain('with a password reset link');
  });
});

describe('change-password throttling', () => {
  it('refuses (429) after too many wrong current passwords, even the right one, and audits it', async () => {
    const throttled = await createTestContext({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    try {
      const user = await createSignedInUser(throttled, 'Analyst');
      const change = (currentPassword: string) =>
        post(
          throttled,
          '/api/auth/change-password',
          { currentPassword, newPassword: 'Brand-New-Pass-77' },
          user.auth,
        );
      for (let i = 0; i < 3; i += 1) expect((await change(`Wrong-Current-${i}!`)).statusCode).toBe(400);
      const blocked = await change(STRONG_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ msg: MSG.tooManyAttempts });
      const actions = await auditActionsOf(throttled, user);
      expect(actions.filter((a) => a === 'auth.password.change-failed')).toHaveLength(3);
      expect(actions).toContain('auth.password.change-throttled');
    } finally {
      await throttled.close();
    }
  });
});

describe('audit of refused sign-ins (issue 14 point 10)', () => {
  it('records wrong passwords and throttled attempts, known account or not', async () => {
    const throttled = await createTestContext({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: '2' });
    try {
      const user = await createSignedInUser(throttled, 'Advisor');
      for (const email of [user.email, uniqueEmail('nobody')]) {
        for (let i = 0; i < 3; i += 1)
          await post(throttled, '/api/auth/sign-in', { email, password: 'Nope-nope-123!' });
        const rows = await auditRowsOf(throttled, { email });
        expect(rows.map((r) => r.action)).toEqual([
          'auth.sign-in.failed',
          'auth.sign-in.failed',
          'auth.sign-in.throttled',
        ]);
        const throttledRow = rows.find((r) => r.action === 'auth.sign-in.throttled');
        expect(throttledRow).toMatchObject({ entity: 'user', after: { email }, ipAddress: '127.0.0.1' });
      }
    } finally {
      await throttled.close();
    }
  });
});
