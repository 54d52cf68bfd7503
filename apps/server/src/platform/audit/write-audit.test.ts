import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { AUDIT_ENTITIES, type AuditEntity } from './audit-entities';
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

  it('refuses an entity name outside the catalogue, writing nothing', async () => {
    const entityId = `unknown-${Date.now()}`;
    const entry = { action: 'test.changed', entity: 'notes' as AuditEntity, entityId };
    await expect(writeAudit(ctx.database.db, context, entry)).rejects.toThrow("Unknown audit entity 'notes'");
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).toEqual([]);
  });

  it('has one name per table in its catalogue: singular snake_case, each once', () => {
    expect(new Set(AUDIT_ENTITIES).size).toBe(AUDIT_ENTITIES.length);
    for (const name of AUDIT_ENTITIES) expect(name).toMatch(/^[a-z]+(_[a-z]+)*[^s]$|^[a-z_]*ss$/);
  });

  it('writes inside the caller transaction: a rollback leaves no row', async () => {
    const entityId = `rollback-${Date.now()}`;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await writeAudit(tx, context, {
          action: 'test.changed',
          entity: 'note',
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
      entity: 'note',
      entityId,
      before: { a: 1, b: 1 },
      after: { a: 2, b: 1 },
    });
    const [row] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
    expect(row).toMatchObject({
      ...context,
      action: 'test.changed',
      entity: 'note',
      before: { a: 1 },
      after: { a: 2 },
    });
  });

  it('is append-only', async () => {
    await expect(ctx.database.pool.query("update audit_log set action = 'x'")).rejects.toThrow(/append-only/);
    await expect(ctx.database.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});
