import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyLiquidityLevel, parseIsoDate } from '@tideline/analytics';
import { INVESTMENT_MSG } from '@tideline/contracts/investments/investments.schemas';
import {
  investmentsNotInBatchAccountMessage,
  STAGING_INVESTMENT_MSG,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import { STAGING_ROW_MSG } from '@tideline/contracts/data-ingestion/staging-rows.schemas';
import {
  auditLog,
  batchAccountFiles,
  batchAccounts,
  batches,
  investments,
  stagingInvestments,
} from '../../db/schema';
import { dayFromToday, investmentTypeId } from '../../../test/investment-fixtures';
import {
  addBatchAccount,
  createStagingWorld,
  stageInvestments,
  type StagingWorld,
} from '../../../test/staging-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// ingestion-analysis.md 3 "Staging investment", 4 "Staging row validationStatus", 6, 7 "Staging
// investments" and 8: the list, the edit, Validate / Invalidate and delete, who may use them, and what
// is refused with nothing changed.

let ctx: TestContext;
let admin: SignedInUser;
let billTypeId: number;
let worldCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  billTypeId = await investmentTypeId(ctx, 'Treasury Bill');
});
afterAll(() => ctx.close());

let world: StagingWorld;
let ids: number[];
beforeEach(async () => {
  const [clientId] = (await createClients(ctx, 1, `Staging investments ${++worldCount}`)) as [number];
  world = await createStagingWorld(ctx, clientId);
  ids = (
    await stageInvestments(
      ctx,
      world,
      [
        { marketIdentifier: '912797GK7', maturityDate: '2027-01-01', couponRate: '2' },
        { marketIdentifier: '3133EPXY1', maturityDate: '2026-10-01', investmentTypeName: 'Mystery Note' },
        { marketIdentifier: 'US0000001', settlementAmount: '101000.00', validationStatus: true },
      ],
      'holdings.csv',
    )
  ).ids;
});

const db = () => ctx.database.db;
/** The model's level of a maturity, counted from today (UTC). */
const levelFromToday = (maturityDate: string) =>
  classifyLiquidityLevel(parseIsoDate(maturityDate)!, parseIsoDate(dayFromToday(0))!);
const rowsOf = (rowIds: readonly number[]) =>
  db()
    .select()
    .from(stagingInvestments)
    .where(inArray(stagingInvestments.stagingInvestmentId, [...rowIds]))
    .orderBy(stagingInvestments.stagingInvestmentId);
const statusOf = async (batchAccountId: number) =>
  (await db().select().from(batchAccounts).where(eq(batchAccounts.batchAccountId, batchAccountId)))[0]!
    .status;
const setAccountStatus = (status: 'Validated' | 'Ignored') =>
  db()
    .update(batchAccounts)
    .set(status === 'Ignored' ? { status, restoreStatus: 'Needs Validation' } : { status })
    .where(eq(batchAccounts.batchAccountId, world.batchAccountId));
const validateBatch = () =>
  db().update(batches).set({ validatedAt: new Date() }).where(eq(batches.batchId, world.batchId));
const userWith = async (permissions: string[], clientIds?: number[]) =>
  createSignedInUser(ctx, (await createRole(ctx, permissions, clientIds !== undefined)).roleName, clientIds);

const list = (body: Record<string, unknown> = {}, user = admin, batchAccountId = world.batchAccountId) =>
  call(ctx, 'POST', `/api/investments/staging/all/${batchAccountId}`, user, body);
const EDIT = {
  faceValue: '50000',
  maturityDate: '2027-07-01',
  investmentTypeId: 0,
  fund: 'Operating',
  interestRate: '4.1234',
  investmentId: '912797ZZ9',
  couponRate: '1.5',
  callDate: '',
  settlementDate: '2026-07-01',
  settlementAmount: '49000',
};
const edit = (id: number, body: Record<string, unknown> = {}, user = admin) =>
  call(ctx, 'PUT', `/api/investments/staging/${id}`, user, {
    investment: { ...EDIT, investmentTypeId: billTypeId, ...body },
  });
const setValidation = (verb: 'validate' | 'invalidate', body: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', `/api/investments/staging/${verb}`, user, {
    batchAccountId: world.batchAccountId,
    stagingInvestmentIds: ids,
    ...body,
  });
const remove = (rowIds: number[], user = admin) =>
  call(ctx, 'DELETE', '/api/investments/staging', user, { investment: { stagingInvestmentIds: rowIds } });

describe('GET and POST /api/investments/staging/all/:id', () => {
  it('answers the batch account’s rows with the computed fields, by maturity date', async () => {
    const res = await call(ctx, 'GET', `/api/investments/staging/all/${world.batchAccountId}`, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ resultCount: 3, totalCount: 3, pageCount: 1 });
    expect(page.results.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(page.results[1]).toMatchObject({
      stagingInvestmentId: ids[0],
      investmentId: '912797GK7',
      investmentTypeName: 'Treasury Bill',
      investmentTypeId: billTypeId,
      faceValue: 100000,
      interestRate: 4.5,
      couponRate: 2,
      // (100000 − 99000) + 100000 × 2 % × 184 / 365
      interestAtMaturity: 2008.22,
      premiumDiscount: 'Discount',
      validationStatus: 'No',
      // The level of its remaining term from today, as for investments.
      liquidityLevel: levelFromToday('2027-01-01'),
      fileName: 'holdings.csv',
      rowNumber: 2,
    });
    // A type the file named that is no known type stays the file's name, without an id.
    expect(page.results[0]).toMatchObject({ investmentTypeName: 'Mystery Note', investmentTypeId: null });
    expect(page.results[2]).toMatchObject({ premiumDiscount: 'Premium', validationStatus: 'Yes' });
    const expectedDays = Math.round((Date.parse('2027-01-01') - Date.parse(dayFromToday(0))) / 86_400_000);
    expect(page.results[1].daysUntilMaturity).toBe(expectedDays);
  });

  it('pages, filters, searches and sorts', async () => {
    const paged = (
      await list({ pageSize: 50, pageIndex: 0, sortOrder: [{ id: 'faceValue', desc: true }] })
    ).json();
    expect(paged.resultCount).toBe(3);
    const no = (await list({ filters: [{ id: 'validationStatus', value: 'No' }] })).json();
    expect(no).toMatchObject({ resultCount: 2, totalCount: 3 });
    const found = (await list({ searchTerm: 'EPXY' })).json();
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const premium = (await list({ filters: [{ id: 'premiumDiscount', value: ['Premium'] }] })).json();
    expect(premium.results.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    expect((await list({ pageSize: 501 })).statusCode).toBe(400);
  });

  it("answers 404 for another client's batch account to a client-scoped user, 403 without VIEW", async () => {
    const other = await createStagingWorld(
      ctx,
      ((await createClients(ctx, 1, 'Staging investments other')) as [number])[0],
    );
    const scoped = await userWith(['VIEW_STAGING_INVESTMENTS'], [other.clientId]);
    expect((await list({}, scoped, other.batchAccountId)).statusCode).toBe(200);
    const hidden = await list({}, scoped);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msg).toBe('Batch account not found.');
    expect((await list({}, await userWith(['EDIT_STAGING_INVESTMENTS']))).statusCode).toBe(403);
  });
});

describe('PUT /api/investments/staging/:id', () => {
  it('changes the fields, recomputes the derived ones and audits the change', async () => {
    const res = await edit(ids[1]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: STAGING_INVESTMENT_MSG.updated,
      investment: {
        id: ids[1],
        faceValue: 50000,
        investmentTypeId: billTypeId,
        investmentTypeName: 'Treasury Bill',
        fund: 'Operating',
        interestRate: 4.1234,
        investmentId: '912797ZZ9',
        couponRate: 1.5,
        callDate: null,
        // (50000 − 49000) + 50000 × 1.5 % × 365 / 365
        interestAtMaturity: 1750,
        premiumDiscount: 'Discount',
      },
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staging_investment'), eq(auditLog.entityId, String(ids[1]))));
    expect(audit.map((a) => a.action)).toEqual(['staging_investment.updated']);
  });

  it('refuses what the investment edit refuses, changing nothing', async () => {
    const before = await rowsOf(ids);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ faceValue: 'abc' }, 'faceValue', 'Field must be a number.'],
      [{ maturityDate: '' }, 'maturityDate', 'Required!'],
      [{ maturityDate: '2026-01-01' }, 'maturityDate', INVESTMENT_MSG.maturityBeforeSettlement],
      [{ interestRate: 'x' }, 'interestRate', 'Field must be a number.'],
      [{ fund: 'F'.repeat(51) }, 'fund', INVESTMENT_MSG.fundTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await edit(ids[0]!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { fieldErrors } = res.json();
      expect(fieldErrors[`investment.${field}`] ?? fieldErrors[field], field).toContain(message);
    }
    const unknownType = await edit(ids[0]!, { investmentTypeId: 999_999 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().msg).toBe(INVESTMENT_MSG.typeNotFound);
    expect(await rowsOf(ids)).toEqual(before);
  });

  it('returns a Validated account to Needs Validation; 409 on a validated batch or an Ignored account', async () => {
    await setAccountStatus('Validated');
    expect((await edit(ids[0]!)).statusCode).toBe(200);
    expect(await statusOf(world.batchAccountId)).toBe('Needs Validation');
    await setAccountStatus('Ignored');
    const ignored = await edit(ids[0]!, { fund: 'Other' });
    expect(ignored.statusCode).toBe(409);
    expect(ignored.json().msg).toBe(STAGING_INVESTMENT_MSG.accountIgnored);
    await db()
      .update(batchAccounts)
      .set({ status: 'Needs Validation', restoreStatus: null })
      .where(eq(batchAccounts.batchAccountId, world.batchAccountId));
    await validateBatch();
    const locked = await edit(ids[0]!, { fund: 'Other' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe(STAGING_INVESTMENT_MSG.batchValidated);
  });

  it('refuses to change a row already in the books, whose change would never reach it (issue 39 point 4)', async () => {
    await db().insert(investments).values({
      clientId: world.clientId,
      accountId: world.accountId,
      investmentTypeId: billTypeId,
      marketIdentifier: '912797GK7',
      faceValue: '100000.00',
      settlementAmount: '99000.00',
      interestRate: '4',
      settlementDate: '2026-07-01',
      maturityDate: '2027-01-01',
      stagingInvestmentId: ids[0]!,
    });
    const booked = STAGING_ROW_MSG.bookedRows(1, 'Investments');
    expect(booked).toBe(
      "1 of these rows is already in the books: a booked investment is changed in the account's Investments, not in staging.",
    );
    const refused = await edit(ids[0]!, { fund: 'Other' });
    expect([refused.statusCode, refused.json().msg]).toEqual([409, booked]);
    const invalidate = await setValidation('invalidate', { stagingInvestmentIds: [ids[0]!] });
    expect([invalidate.statusCode, invalidate.json().msg]).toEqual([409, booked]);
    expect((await remove([ids[0]!])).statusCode).toBe(409);
    expect((await edit(ids[1]!)).statusCode).toBe(200);
  });

  it("answers 404 for another client's row to a client-scoped user, 403 without EDIT", async () => {
    const other = (await createClients(ctx, 1, 'Staging investments edit other')) as [number];
    const scoped = await userWith(['EDIT_STAGING_INVESTMENTS'], other);
    const hidden = await edit(ids[0]!, {}, scoped);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msg).toBe(STAGING_INVESTMENT_MSG.notFound);
    expect((await edit(ids[0]!, {}, await userWith(['VIEW_STAGING_INVESTMENTS']))).statusCode).toBe(403);
  });
});

describe('PUT /api/investments/staging/validate and /invalidate', () => {
  it('validates only the No rows and invalidates the Yes rows; invalidate reopens a Validated account', async () => {
    const validated = await setValidation('validate', {});
    expect(validated.json()).toEqual({ msg: STAGING_INVESTMENT_MSG.validated, changedCount: 2 });
    expect((await rowsOf(ids)).map((r) => r.validationStatus)).toEqual([true, true, true]);
    await setAccountStatus('Validated');
    const invalidated = await setValidation('invalidate', { stagingInvestmentIds: [ids[2]] });
    expect(invalidated.json()).toEqual({ msg: STAGING_INVESTMENT_MSG.invalidated, changedCount: 1 });
    expect(await statusOf(world.batchAccountId)).toBe('Needs Validation');
  });

  it('refuses ids of another batch account or none at all with 400 naming them, changing nothing', async () => {
    const other = await addBatchAccount(ctx, world);
    const { ids: otherIds } = await stageInvestments(ctx, other, [{}]);
    const before = await rowsOf([...ids, ...otherIds]);
    const res = await setValidation('validate', { stagingInvestmentIds: [ids[0], otherIds[0], 999_999_999] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      investmentsNotInBatchAccountMessage([otherIds[0]!, 999_999_999], world.batchAccountId),
    );
    expect(await rowsOf([...ids, ...otherIds])).toEqual(before);
    expect((await setValidation('validate', { stagingInvestmentIds: [] })).statusCode).toBe(400);
  });

  it('answers 409 on a validated batch, 404 to another client, 403 per permission', async () => {
    const outsider = await userWith(
      ['VALIDATE_STAGING_INVESTMENTS'],
      (await createClients(ctx, 1, 'Staging investments validate other')) as [number],
    );
    expect((await setValidation('validate', {}, outsider)).statusCode).toBe(404);
    const validator = await userWith(['VALIDATE_STAGING_INVESTMENTS']);
    expect((await setValidation('invalidate', {}, validator)).statusCode).toBe(403);
    const invalidator = await userWith(['INVALIDATE_STAGING_INVESTMENTS']);
    expect((await setValidation('validate', {}, invalidator)).statusCode).toBe(403);
    await validateBatch();
    const locked = await setValidation('validate', {});
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toBe(STAGING_INVESTMENT_MSG.batchValidated);
  });
});

describe('DELETE /api/investments/staging', () => {
  it('deletes the rows, keeps the file row count and audits each', async () => {
    const res = await remove([ids[0]!, ids[1]!]);
    expect(res.json()).toEqual({ msg: STAGING_INVESTMENT_MSG.deleted, changedCount: 2 });
    expect((await rowsOf(ids)).map((r) => r.stagingInvestmentId)).toEqual([ids[2]]);
    const [counts] = await db()
      .select()
      .from(batchAccountFiles)
      .where(eq(batchAccountFiles.batchAccountId, world.batchAccountId));
    expect(counts!.rowCount).toBe(1);
  });

  it('refuses another client’s rows (404), without DELETE (403), on a validated batch (409)', async () => {
    const outsider = await userWith(
      ['DELETE_STAGING_INVESTMENTS'],
      (await createClients(ctx, 1, 'Staging investments delete other')) as [number],
    );
    expect((await remove([ids[0]!], outsider)).statusCode).toBe(404);
    expect((await remove([ids[0]!], await userWith(['EDIT_STAGING_INVESTMENTS']))).statusCode).toBe(403);
    await validateBatch();
    expect((await remove([ids[0]!])).statusCode).toBe(409);
    expect(await rowsOf(ids)).toHaveLength(3);
  });
});

describe('liquidity level of a staging investment (issue 41 point 6)', () => {
  it('is the level of its remaining term, on every boundary, and follows an edit of the maturity', async () => {
    const maturities = [
      dayFromToday(-3), // matured: 1
      dayFromToday(30), // 30 days: still 1
      dayFromToday(31),
      dayFromToday(210), // 30 weeks: still 2
      dayFromToday(211),
      dayFromToday(400),
      dayFromToday(1000),
    ];
    const staged = await stageInvestments(
      ctx,
      world,
      maturities.map((maturityDate, i) => ({ marketIdentifier: `LVL${i}`, maturityDate })),
      'ladder.csv',
    );
    const levelsOf = async () => {
      const page = (await list({ pageSize: 50, pageIndex: 0 })).json() as {
        results: { id: number; liquidityLevel: number }[];
      };
      return staged.ids.map((id) => page.results.find((r) => r.id === id)!.liquidityLevel);
    };
    expect(await levelsOf()).toEqual([1, 1, 2, 2, 3, 4, 5]);
    expect(await levelsOf()).toEqual(maturities.map(levelFromToday));
    // Filterable like the investments' column.
    const filtered = (
      await list({ filters: [{ id: 'liquidityLevel', value: { low: 2, high: 2 } }] })
    ).json() as { results: { id: number }[] };
    expect(filtered.results.map((r) => r.id).sort((a, b) => a - b)).toEqual([staged.ids[2], staged.ids[3]]);

    // Moving the 400-day row (level 4) to 20 days takes it to level 1, on the edit's answer and on the list.
    const res = await edit(staged.ids[5]!, {
      maturityDate: dayFromToday(20),
      settlementDate: dayFromToday(-10),
    });
    expect(res.statusCode).toBe(200);
    expect((await levelsOf())[5]).toBe(1);
  });
});
