import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import { SETTING_TYPE_KINDS, SETTING_TYPES } from '@tideline/contracts/settings/setting-types.schemas';
import { auditLog } from '../../db/schema';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let nobody: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  nobody = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_GLOBAL_SETTINGS'])).roleName);
});
afterAll(() => ctx.close());

const url = (path: string, id?: number) => `/api/administration/${path}${id === undefined ? '' : `/${id}`}`;
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

describe.each(SETTING_TYPE_KINDS)('%s', (kind) => {
  const d = SETTING_TYPES[kind];
  const body = (fields: Record<string, unknown>) => ({ [d.bodyKey]: fields });
  const deactivateBody = (ids: number[]) => ({ [d.idsBody[0]]: { [d.idsBody[1]]: ids } });

  async function add(name = uniqueName('Type')) {
    const res = await call(ctx, 'POST', url(d.path), admin, body({ [d.nameKey]: name }));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Record<string, Record<string, number | string>>)[d.bodyKey]!;
  }

  it('adds an active type, lists it and audits it', async () => {
    const name = uniqueName('Added');
    const res = await call(ctx, 'POST', url(d.path), admin, body({ [d.nameKey]: `  ${name} ` }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Record<string, Record<string, unknown>>;
    expect(created.msg).toBe(d.msg.created);
    expect(created[d.bodyKey]).toMatchObject({ [d.nameKey]: name, status: 1 });
    const id = created[d.bodyKey]![d.idKey] as number;

    const list = (await call(ctx, 'GET', url(d.path), admin)).json() as Record<string, unknown>[];
    const row = list.find((r) => r[d.idKey] === id)!;
    expect(row).toEqual({
      [d.idKey]: id,
      [d.nameKey]: name,
      status: 1,
      createdAt: expect.any(String),
      ...(d.hasCallable ? { callable: false } : {}),
    });
    expect((await call(ctx, 'GET', url(d.path, id), admin)).json()).toEqual(row);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, d.label.replace(/ /g, '_')), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action)).toEqual([`${d.label.replace(/ /g, '_')}.created`]);
  });

  it('refuses callers without the permission', async () => {
    expect((await call(ctx, 'GET', url(d.path), nobody)).statusCode).toBe(403);
    expect((await call(ctx, 'POST', url(d.path), nobody, body({ [d.nameKey]: 'x' }))).statusCode).toBe(403);
    const type = await add();
    const id = type[d.idKey] as number;
    const edit = await call(ctx, 'PUT', url(d.path, id), nobody, body({ [d.nameKey]: 'x', status: 1 }));
    expect(edit.statusCode).toBe(403);
    expect((await call(ctx, 'PUT', url(d.path), nobody, deactivateBody([id]))).statusCode).toBe(403);

    // Renaming is allowed with the edit permission; changing the status needs the deactivate one.
    const editor = await createSignedInUser(
      ctx,
      (await createRole(ctx, [d.permissions.view, d.permissions.edit])).roleName,
    );
    const renamed = uniqueName('Renamed');
    const rename = await call(ctx, 'PUT', url(d.path, id), editor, body({ [d.nameKey]: renamed, status: 1 }));
    expect(rename.statusCode, rename.body).toBe(200);
    const off = await call(ctx, 'PUT', url(d.path, id), editor, body({ [d.nameKey]: renamed, status: 0 }));
    expect(off.statusCode).toBe(403);
  });

  it('answers the spec messages for a missing name or status', async () => {
    const blank = await call(ctx, 'POST', url(d.path), admin, body({ [d.nameKey]: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors[`${d.bodyKey}.${d.nameKey}`]).toEqual([d.nameRequired]);
    const type = await add();
    const noStatus = await call(
      ctx,
      'PUT',
      url(d.path, type[d.idKey] as number),
      admin,
      body({ [d.nameKey]: 'x' }),
    );
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.json().fieldErrors[`${d.bodyKey}.status`]).toEqual([MSG.required]);
    const missing = await call(
      ctx,
      'PUT',
      url(d.path, 999_999_999),
      admin,
      body({ [d.nameKey]: 'x', status: 1 }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(d.msg.notFound);
  });

  it('refuses a name another type has, whatever its case (409)', async () => {
    const name = uniqueName('Taken');
    await add(name);
    const again = await call(ctx, 'POST', url(d.path), admin, body({ [d.nameKey]: name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(d.msg.duplicate(name.toUpperCase()));
    const other = await add();
    const rename = await call(ctx, 'PUT', url(d.path, other[d.idKey] as number), admin, {
      [d.bodyKey]: { [d.nameKey]: name.toLowerCase(), status: 1 },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('deactivates one or many, keeps them listed as inactive, and reactivates by edit', async () => {
    const [a, b, c] = [await add(), await add(), await add()];
    const ids = [a, b, c].map((t) => t[d.idKey] as number);
    const one = await call(ctx, 'PUT', url(d.path), admin, deactivateBody([ids[0]!]));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ msg: d.msg.deactivated, deactivatedCount: 1 });
    // The first is already inactive: only the other two change.
    const many = await call(ctx, 'PUT', url(d.path), admin, deactivateBody(ids));
    expect(many.json()).toEqual({ msg: d.msg.deactivated, deactivatedCount: 2 });
    const list = (await call(ctx, 'GET', url(d.path), admin)).json() as Record<string, unknown>[];
    expect(list.filter((r) => ids.includes(r[d.idKey] as number)).map((r) => r.status)).toEqual([0, 0, 0]);

    const unknown = await call(ctx, 'PUT', url(d.path), admin, deactivateBody([ids[0]!, 999_999_999]));
    expect(unknown.statusCode).toBe(404);
    expect((await call(ctx, 'PUT', url(d.path), admin, deactivateBody([]))).statusCode).toBe(400);

    const back = await call(ctx, 'PUT', url(d.path, ids[0]!), admin, {
      [d.bodyKey]: { [d.nameKey]: a[d.nameKey], status: 1 },
    });
    expect(back.json()[d.bodyKey].status).toBe(1);
    const audits = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, d.label.replace(/ /g, '_')), inArray(auditLog.entityId, ids.map(String))),
      );
    expect(audits.filter((x) => x.action.endsWith('.deactivated'))).toHaveLength(3);
  });
});

describe('choice lists', () => {
  async function addAndDeactivate(kind: (typeof SETTING_TYPE_KINDS)[number]) {
    const d = SETTING_TYPES[kind];
    const res = await call(ctx, 'POST', url(d.path), admin, {
      [d.bodyKey]: { [d.nameKey]: uniqueName('Gone') },
    });
    const id = res.json()[d.bodyKey][d.idKey] as number;
    const active = await call(ctx, 'POST', url(d.path), admin, {
      [d.bodyKey]: { [d.nameKey]: uniqueName('Kept') },
    });
    await call(ctx, 'PUT', url(d.path), admin, { [d.idsBody[0]]: { [d.idsBody[1]]: [id] } });
    return { inactiveId: id, activeId: active.json()[d.bodyKey][d.idKey] as number };
  }
  const valuesOf = async (path: string) =>
    ((await call(ctx, 'GET', path, admin)).json() as { value: number }[]).map((o) => o.value);

  it('offer only active quote, institution and investment types', async () => {
    for (const [kind, path] of [
      ['quoteType', '/api/administration/quote-types/list'],
      ['institutionType', '/api/banks/types/list'],
      ['investmentType', '/api/investments/types/list'],
    ] as const) {
      const { inactiveId, activeId } = await addAndDeactivate(kind);
      const values = await valuesOf(path);
      expect(values, kind).toContain(activeId);
      expect(values, kind).not.toContain(inactiveId);
    }
  });

  it('adds and edits whether an investment type is callable, keeping it when an edit leaves it out', async () => {
    const d = SETTING_TYPES.investmentType;
    const name = uniqueName('Callable Bond');
    const res = await call(ctx, 'POST', url(d.path), admin, {
      investmentType: { investmentTypeName: name, callable: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().investmentType.investmentTypeId as number;
    expect(res.json().investmentType.callable).toBe(true);
    const renamed = await call(ctx, 'PUT', url(d.path, id), admin, {
      investmentType: { investmentTypeName: `${name} II`, status: 1 },
    });
    expect(renamed.json().investmentType).toMatchObject({ investmentTypeName: `${name} II`, callable: true });
    const cleared = await call(ctx, 'PUT', url(d.path, id), admin, {
      investmentType: { investmentTypeName: `${name} II`, status: 1, callable: false },
    });
    expect(cleared.json().investmentType.callable).toBe(false);
    const options = (await call(ctx, 'GET', '/api/investments/types/list', admin)).json() as {
      value: number;
      callable: boolean;
    }[];
    expect(options.find((o) => o.value === id)?.callable).toBe(false);
  });

  it('lets the negotiated-rate form read quote types without the settings permission', async () => {
    const rates = await createSignedInUser(ctx, (await createRole(ctx, ['ADD_NEGOTIATED_RATES'])).roleName);
    expect((await call(ctx, 'GET', '/api/administration/quote-types/list', rates)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/administration/quote-types', rates)).statusCode).toBe(403);
  });
});
