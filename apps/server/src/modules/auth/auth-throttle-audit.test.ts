import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestContext, post, uniqueEmail, type TestContext } from '../../../test/test-context';

// Issue 14 point 10: refused sign-ins are security events, rate-limited so a flood cannot fill the log.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('audit of throttled sign-ins', () => {
  it('writes at most 20 rows per account and address in a window, then says how many it left out', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i += 1)
      await post(ctx, '/api/auth/sign-in', { email, password: 'wrong-password' });
    const answers: number[] = [];
    for (let i = 0; i < 30; i += 1)
      answers.push((await post(ctx, '/api/auth/sign-in', { email, password: 'wrong-password' })).statusCode);
    expect(new Set(answers)).toEqual(new Set([429]));
    const rows = await ctx.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign-in.throttled'), sql`${auditLog.after}->>'email' = ${email}`));
    expect(rows).toHaveLength(20);
    expect(
      rows.every((r) => (r.after as { refusalsNotRecorded?: number }).refusalsNotRecorded === undefined),
    ).toBe(true);
  });
});
