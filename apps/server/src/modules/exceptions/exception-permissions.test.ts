import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@tideline/contracts';
import { auditLog, roles } from '../../db/schema';
import { createRole, createTestContext, type TestContext } from '../../../test/test-context';

// Issue 43 point 3 (permissions.md "Beyond the spec"): Admins, Advisors and Analysts view and act on
// the exception queue; Client Viewers view their clients'. Databases seeded before get them by 0034.

const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations/0034_exception_permissions.sql',
);
const WANTED: Record<string, string[]> = {
  Admin: ['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS'],
  Advisor: ['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS'],
  Analyst: ['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS'],
  'Client Viewer': ['VIEW_EXCEPTIONS'],
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

class Rollback extends Error {}

describe('the exception permissions of the default roles', () => {
  it('are seeded as permissions.md says: the Client Viewer views only', () => {
    for (const [roleName, perms] of Object.entries(WANTED)) {
      const seeded = DEFAULT_ROLES.find((r) => r.roleName === roleName)!.permissions;
      expect(seeded, roleName).toEqual(expect.arrayContaining(perms));
    }
    const viewer = DEFAULT_ROLES.find((r) => r.roleName === 'Client Viewer')!.permissions;
    expect(viewer).not.toContain('EDIT_EXCEPTIONS');
  });

  it('are added by migration 0034 to roles seeded before, once, audited, other roles untouched', async () => {
    const other = await createRole(ctx, ['VIEW_REPORTS']);
    const text = await readFile(MIGRATION, 'utf8');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        const stripped = sql`array_remove(array_remove(${roles.permissions}, 'VIEW_EXCEPTIONS'), 'EDIT_EXCEPTIONS')`;
        await tx.update(roles).set({ permissions: stripped });
        await tx.execute(sql.raw(text));
        await tx.execute(sql.raw(text));
        for (const [roleName, perms] of Object.entries(WANTED)) {
          const [row] = await tx.select().from(roles).where(eq(roles.roleName, roleName));
          expect(row!.permissions.filter((p) => p.endsWith('_EXCEPTIONS')).sort(), roleName).toEqual(
            [...perms].sort(),
          );
          const audits = await tx
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.action, 'role.updated'),
                eq(auditLog.entityId, String(row!.roleId)),
                eq(auditLog.actorEmail, 'system'),
                sql`${auditLog.after}->'permissions' ? 'VIEW_EXCEPTIONS'`,
                sql`not (${auditLog.before}->'permissions' ? 'VIEW_EXCEPTIONS')`,
              ),
            );
          expect(audits, roleName).toHaveLength(1);
        }
        const [otherRow] = await tx.select().from(roles).where(eq(roles.roleId, other.roleId));
        expect(otherRow!.permissions).toEqual(['VIEW_REPORTS']);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});
