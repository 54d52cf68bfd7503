import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { diffFields, writeAudit } from './write-audit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const context = {
  userId: 7,
  actorEmail: 'auditor@example.com',
  requestId: 'req-1',
  ipAddress: '198.51.100.4',
};

describe('audit', () => {
  it('keeps only changed fields and never secrets', () => {
    expect(diffFields({ a: 1, b: 'x', passwordHash: 'h1' }, { a: 1, b: 'y', passwordHash: 'h2' })).toEqual({
      before: { b: 'x', passwordHash: '[redacted]' },
      after: { b: 'y', passwordHash: '[redacted]' },
    });
  });

  it('writes inside the caller transaction: a rollback leaves no row', async () => {
    const entityId = `rollback-${Date.now()}`;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await writeAudit(tx, context, {
          action: 'test.changed',
          entity: 'probe',
          entityId,
          before: { a: 1 },
          after: { a: 2 },
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).toEqual([]);
  });

  it('records who, what, which entity, before and after, request and address', async () => {
    const entityId = `commit-${Date.now()}`;
    await writeAudit(ctx.database.db, context, {
      action: 'test.changed',
      entity: 'probe',
      entityId,
      before: { a: 1, b: 1 },
      after: { a: 2, b: 1 },
    });
    const [row] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
    expect(row).toMatchObject({
      ...context,
      action: 'test.changed',
      entity: 'probe',
      before: { a: 1 },
      after: { a: 2 },
    });
  });

  it('is append-only', async () => {
    await expect(ctx.database.pool.query("update audit_log set action = 'x'")).rejects.toThrow(/append-only/);
    await expect(ctx.database.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});
