import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_SETTING_MSG } from '@tideline/contracts/settings/global-settings.schemas';
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
let viewer: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  viewer = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_GLOBAL_SETTINGS'])).roleName);
});
afterAll(() => ctx.close());

const url = (id: number | string) => `/api/administration/global-setting/${id}`;
const put = (id: number, value: unknown, user = admin) =>
  call(ctx, 'PUT', url(id), user, { globalSetting: { value } });

describe('global settings', () => {
  it('reads the upload date and the maturity range with VIEW_GLOBAL_SETTINGS', async () => {
    for (const id of [1, 2]) {
      const res = await call(ctx, 'GET', url(id), viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ globalSettingId: id, globalSettingValue: expect.any(Number) });
    }
    expect((await call(ctx, 'GET', url(3), viewer)).statusCode).toBe(400);
  });

  it('updates the upload date (1 to 24) with EDIT_GLOBAL_SETTINGS and audits it', async () => {
    const before = (await call(ctx, 'GET', url(1), admin)).json().globalSettingValue as number;
    expect((await put(1, 24, viewer)).statusCode).toBe(403);
    const next = before === 24 ? 23 : 24;
    const res = await put(1, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      msg: GLOBAL_SETTING_MSG.updated,
      globalSetting: { globalSettingValue: next },
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'global_setting.updated'), eq(auditLog.entityId, '1')));
    expect(audit.at(-1)).toMatchObject({ before: { value: before }, after: { value: next } });
    for (const bad of [0, 25, 1.5]) expect((await put(1, bad)).statusCode).toBe(400);
    await put(1, before);
  });

  it('keeps the maturity range a whole number of days from 0', async () => {
    // Other test files read the window: write back the value it has.
    const current = (await call(ctx, 'GET', url(2), admin)).json().globalSettingValue as number;
    expect((await put(2, current)).json().globalSetting.globalSettingValue).toBe(current);
    expect((await put(2, -1)).json().fieldErrors['globalSetting.value']).toEqual(['Minimum is 0.']);
    expect((await put(2, 'abc')).statusCode).toBe(400);
    expect((await put(2, 12.5)).statusCode).toBe(400);
  });
});
