import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GLOBAL_SETTING_DEFAULTS,
  GLOBAL_SETTING_MSG,
} from '@tideline/contracts/settings/global-settings.schemas';
import { auditLog, globalSettings } from '../../db/schema';
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
  it('reads the upload date, the maturity range and the minimum of transactions with VIEW_GLOBAL_SETTINGS', async () => {
    for (const id of [1, 2, 3]) {
      const res = await call(ctx, 'GET', url(id), viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ globalSettingId: id, globalSettingValue: expect.any(Number) });
    }
    expect((await call(ctx, 'GET', url(4), viewer)).statusCode).toBe(400);
  });

  it('seeds the minimum of transactions a month with its default of 5', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(globalSettings)
      .where(eq(globalSettings.globalSettingId, 3));
    expect(row).toMatchObject({ globalSettingId: 3, value: expect.any(Number) });
    expect(GLOBAL_SETTING_DEFAULTS[3]).toBe(5);
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

  it('updates the minimum of transactions a month (0 to 1000) with EDIT_GLOBAL_SETTINGS and audits it', async () => {
    const audits = () =>
      ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'global_setting.updated'), eq(auditLog.entityId, '3')));
    const before = (await call(ctx, 'GET', url(3), admin)).json().globalSettingValue as number;
    const auditsBefore = (await audits()).length;
    expect((await put(3, before + 1, viewer)).statusCode).toBe(403);
    const outsider = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
    expect((await call(ctx, 'GET', url(3), outsider)).statusCode).toBe(403);
    expect(await audits()).toHaveLength(auditsBefore);
    try {
      // One more keeps the reports other files render listing the same accounts.
      const res = await put(3, before + 1);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        msg: GLOBAL_SETTING_MSG.updated,
        globalSetting: { globalSettingId: 3, globalSettingValue: before + 1 },
      });
      expect((await call(ctx, 'GET', url(3), viewer)).json().globalSettingValue).toBe(before + 1);
      const after = await audits();
      expect(after).toHaveLength(auditsBefore + 1);
      expect(after.at(-1)).toMatchObject({ before: { value: before }, after: { value: before + 1 } });
    } finally {
      // Other test files read the setting: put the default back.
      await put(3, GLOBAL_SETTING_DEFAULTS[3]);
    }
  });

  it('refuses a minimum of transactions outside 0 to 1000 with a 400 and the field message', async () => {
    const res = await put(3, 1001);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      msg: GLOBAL_SETTING_MSG.minTransactionsRange,
      fieldErrors: { 'globalSetting.value': [GLOBAL_SETTING_MSG.minTransactionsRange] },
    });
    expect((await put(3, -1)).json().fieldErrors['globalSetting.value']).toEqual(['Minimum is 0.']);
    for (const bad of [2.5, 'abc', null]) expect((await put(3, bad)).statusCode).toBe(400);
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
