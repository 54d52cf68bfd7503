import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYST_REPORT_PERMISSIONS, DEFAULT_ROLES, MSG, type RoleHolders } from '@tideline/contracts';
import { auditLog, roles } from '../../db/schema';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 42 point 4: the default Analyst generates, downloads and uploads reports and edits their
// comments; finalizing stays with Advisors and Admins (permissions.md "Default roles").

const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations/0031_analyst_report_permissions.sql',
);

let ctx: TestContext;
let analyst: SignedInUser;
let nobody: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
  nobody = await createSignedInUser(ctx, (await createRole(ctx, [])).roleName);
});
afterAll(() => ctx.close());

/** Thrown to roll a transaction back once its assertions have run: the role stays as other tests expect it. */
class Rollback extends Error {}

describe('the default Analyst and reports', () => {
  it('is seeded with the report permissions of permissions.md, not FINALIZE_REPORTS', async () => {
    const seeded = DEFAULT_ROLES.find((r) => r.roleName === 'Analyst')!.permissions;
    expect(seeded).toEqual(expect.arrayContaining([...ANALYST_REPORT_PERMISSIONS]));
    expect(seeded).not.toContain('FINALIZE_REPORTS');
    const [row] = await ctx.database.db.select().from(roles).where(eq(roles.roleName, 'Analyst'));
    expect(row!.permissions).toEqual(expect.arrayContaining([...ANALYST_REPORT_PERMISSIONS]));
    expect(row!.permissions).not.toContain('FINALIZE_REPORTS');
  });

  it('passes the permission check of generate, upload and download, and is refused finalize', async () => {
    const refused = async (method: 'GET' | 'POST' | 'PUT', url: string) =>
      (await call(ctx, method, url, analyst, method === 'GET' ? undefined : {})).statusCode === 403;
    expect(await refused('POST', '/api/reports/generate')).toBe(false);
    expect(await refused('POST', '/api/reports/upload/999999/999999')).toBe(false);
    expect(await refused('GET', '/api/reports/download/999999/system')).toBe(false);
    const finalize = await call(ctx, 'PUT', '/api/reports/finalize-status/999999', analyst, {});
    expect({ status: finalize.statusCode, msg: finalize.json().msg }).toEqual({
      status: 403,
      msg: MSG.forbidden,
    });
  });
});

describe('migration 0031_analyst_report_permissions', () => {
  const runMigration = async (
    tx: Parameters<Parameters<TestContext['database']['db']['transaction']>[0]>[0],
  ) => {
    const text = await readFile(MIGRATION, 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
  };

  it('adds what an existing Analyst role lacks, once, audited, and leaves other roles alone', async () => {
    const before = DEFAULT_ROLES.find((r) => r.roleName === 'Analyst')!.permissions.filter(
      (p) => !(ANALYST_REPORT_PERMISSIONS as readonly string[]).includes(p),
    );
    const other = await createRole(ctx, ['VIEW_REPORTS']);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        // An Analyst as seeded before the change, with one of the four already given by an administrator.
        await tx
          .update(roles)
          .set({ permissions: [...before, 'DOWNLOAD_REPORTS'] })
          .where(eq(roles.roleName, 'Analyst'));
        await runMigration(tx);
        await runMigration(tx);
        const [analystRow] = await tx.select().from(roles).where(eq(roles.roleName, 'Analyst'));
        const [otherRow] = await tx.select().from(roles).where(eq(roles.roleId, other.roleId));
        expect([...analystRow!.permissions].sort()).toEqual(
          [...before, ...ANALYST_REPORT_PERMISSIONS].sort(),
        );
        expect(otherRow!.permissions).toEqual(['VIEW_REPORTS']);
        const audits = await tx
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, 'role.updated'),
              eq(auditLog.entityId, String(analystRow!.roleId)),
              eq(auditLog.actorEmail, 'system'),
            ),
          )
          .orderBy(desc(auditLog.auditId))
          .limit(2);
        // The second run found nothing to add and wrote nothing.
        expect(
          audits.filter(
            (a) => (a.before as { permissions: string[] }).permissions.length === before.length + 1,
          ),
        ).toHaveLength(1);
        expect((audits[0]!.after as { permissions: string[] }).permissions).toEqual(analystRow!.permissions);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});

describe('GET /api/roles/holding/:permission', () => {
  it('names the roles holding a permission, to a user holding none', async () => {
    const res = await call(ctx, 'GET', '/api/roles/holding/FINALIZE_REPORTS', nobody);
    expect(res.statusCode).toBe(200);
    const body = res.json() as RoleHolders;
    expect(body.permission).toBe('FINALIZE_REPORTS');
    expect(body.roleNames).toEqual(expect.arrayContaining(['Admin', 'Advisor']));
    expect(body.roleNames).not.toContain('Analyst');
    const generate = (await call(ctx, 'GET', '/api/roles/holding/GENERATE_REPORTS', nobody)).json();
    expect((generate as RoleHolders).roleNames).toEqual(
      expect.arrayContaining(['Admin', 'Advisor', 'Analyst']),
    );
  });

  it('refuses an unknown permission (400) and an unsigned caller (401)', async () => {
    expect((await call(ctx, 'GET', '/api/roles/holding/FLY_TO_THE_MOON', nobody)).statusCode).toBe(400);
    expect((await call(ctx, 'GET', '/api/roles/holding/GENERATE_REPORTS')).statusCode).toBe(401);
  });
});
