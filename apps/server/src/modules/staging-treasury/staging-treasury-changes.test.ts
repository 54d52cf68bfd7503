import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import { STAGING_ROW_MSG } from '@tideline/contracts/data-ingestion/staging-rows.schemas';
import {
  notInTreasuryBatchMessage,
  STAGING_TREASURY_MSG,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import {
  auditLog,
  batchAccounts,
  batches,
  feeCategories,
  feeSubCategories,
  stagingAccountBalances,
  stagingBalances,
  stagingFees,
  standardizedDescriptions,
  bankLevelExceptions,
} from '../../db/schema';
import {
  createTreasuryStagingWorld,
  type TreasuryStagingWorld,
} from '../../../test/staging-treasury-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// ingestion-analysis.md 4 "Staging row validationStatus", 5 (edit staging account balance / balance /
// fee, bulk fee edit), 6 and 7 "Treasury services": the changes, who may make them, and what is refused
// with nothing changed.

const BASE = '/api/data-ingestion-treasury-services';
let ctx: TestContext;
let admin: SignedInUser;
let otherClientId: number;
let worldCount = 0;
let world: TreasuryStagingWorld;
let other: TreasuryStagingWorld;
let ecrId: number;
let ledgerId: number;
let achCategory: { categoryId: number; name: string };
let achItems: { subCategoryId: number; name: string };
let wireCategory: { categoryId: number };
let waived: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  [otherClientId] = (await createClients(ctx, 1, 'Treasury other')) as [number];
  other = await createTreasuryStagingWorld(ctx, otherClientId);
  const d = ctx.database.db;
  const byName = async (name: string) =>
    (await d.select().from(standardizedDescriptions).where(eq(standardizedDescriptions.name, name)))[0]!;
  ecrId = (await byName('Earnings Credit Rate (ECR)')).standardDescriptionId;
  ledgerId = (await byName('Average Ledger Balance')).standardDescriptionId;
  achCategory = (await d.select().from(feeCategories).where(eq(feeCategories.code, '25')))[0]!;
  wireCategory = (await d.select().from(feeCategories).where(eq(feeCategories.code, '35')))[0]!;
  achItems = (
    await d
      .select()
      .from(feeSubCategories)
      .where(
        and(
          eq(feeSubCategories.categoryId, achCategory.categoryId),
          eq(feeSubCategories.name, 'ACH Originated Items'),
        ),
      )
  )[0]!;
  waived = (await d.select().from(bankLevelExceptions).where(eq(bankLevelExceptions.name, 'Waived')))[0]!
    .bankLevelExceptionId;
});
afterAll(() => ctx.close());

beforeEach(async () => {
  // A client of its own per test: the batch's sections start Needs Validation.
  const [clientId] = (await createClients(ctx, 1, `Treasury changes ${++worldCount}`)) as [number];
  world = await createTreasuryStagingWorld(ctx, clientId);
});

const db = () => ctx.database.db;
const feesOf = (ids: readonly number[]) =>
  db()
    .select()
    .from(stagingFees)
    .where(inArray(stagingFees.stagingFeeId, [...ids]))
    .orderBy(stagingFees.stagingFeeId);
const balancesOf = (ids: readonly number[]) =>
  db()
    .select()
    .from(stagingBalances)
    .where(inArray(stagingBalances.stagingBalanceId, [...ids]))
    .orderBy(stagingBalances.stagingBalanceId);
const accountBalancesOf = (ids: readonly number[]) =>
  db()
    .select()
    .from(stagingAccountBalances)
    .where(inArray(stagingAccountBalances.stagingAccountBalanceId, [...ids]))
    .orderBy(stagingAccountBalances.stagingAccountBalanceId);
const statusOf = async (batchAccountId: number) =>
  (await db().select().from(batchAccounts).where(eq(batchAccounts.batchAccountId, batchAccountId)))[0]!
    .status;
const setStatus = (batchAccountId: number, status: 'Validated' | 'Ignored') =>
  db()
    .update(batchAccounts)
    .set(status === 'Ignored' ? { status, restoreStatus: 'Needs Validation' } : { status })
    .where(eq(batchAccounts.batchAccountId, batchAccountId));
const validateBatch = () =>
  db().update(batches).set({ validatedAt: new Date() }).where(eq(batches.batchId, world.batchId));
const auditOf = (entity: 'staging_fee' | 'staging_balance' | 'staging_account_balance', id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))));

const editBalance = (balance: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', `${BASE}/balances/staging`, user, {
    balance: { batchId: world.batchId, standardDescriptionId: ledgerId, balanceAmounts: [], ...balance },
  });
const editAccountBalance = (balance: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', `${BASE}/account-balances/staging`, user, {
    balance: { batchId: world.batchId, accountBalanceAmounts: [], ...balance },
  });
const editFees = (fees: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', `${BASE}/fees/staging`, user, {
    fees: {
      batchId: world.batchId,
      categoryId: achCategory.categoryId,
      subCategoryId: achItems.subCategoryId,
      feeIds: world.feeIds,
      ...fees,
    },
  });

describe('PUT /balances/staging', () => {
  it('stores the standardized description and the amounts as sent, audits, reopens the section', async () => {
    await setStatus(world.sections.Balance, 'Validated');
    const [ecr, ledger] = world.balanceIds as [number, number];
    const res = await editBalance({
      stagingBalanceId: ecr,
      standardDescriptionId: ecrId,
      balanceAmounts: [[0, 0.0175]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: STAGING_TREASURY_MSG.balanceUpdated, changedCount: 1 });
    const multi = await editBalance({ stagingBalanceId: ledger, balanceAmounts: [[1, '2500.5']] });
    expect(multi.statusCode).toBe(200);
    const [ecrRow, ledgerRow] = await balancesOf([ecr, ledger]);
    expect(ecrRow).toMatchObject({
      standardizedDescription: 'Earnings Credit Rate (ECR)',
      amount: '0.017500',
    });
    expect(ledgerRow).toMatchObject({
      standardizedDescription: 'Average Ledger Balance',
      amounts: [
        [0, '1000.00'],
        [1, '2500.5'],
      ],
    });
    expect((await auditOf('staging_balance', ecr)).map((a) => a.action)).toEqual(['staging_balance.updated']);
    expect(await statusOf(world.sections.Balance)).toBe('Needs Validation');
  });

  it("refuses with the spec's messages, changing nothing", async () => {
    const [ecr, ledger] = world.balanceIds as [number, number];
    const before = await balancesOf(world.balanceIds);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { stagingBalanceId: ledger, standardDescriptionId: '' },
        'balance.standardDescriptionId',
        MSG.required,
      ],
      [
        { stagingBalanceId: ledger, balanceAmounts: [[0, 'abc']] },
        'balance.balanceAmounts.0.1',
        MSG.fieldMustBeNumber,
      ],
      [
        { stagingBalanceId: ecr, balanceAmounts: [[0, -0.01]] },
        'balance.balanceAmounts',
        STAGING_TREASURY_MSG.ecrBelowZero,
      ],
      [
        { stagingBalanceId: ledger, standardDescriptionId: 999999 },
        'balance.standardDescriptionId',
        STAGING_TREASURY_MSG.unknownStandardDescription,
      ],
      [
        { stagingBalanceId: ledger, balanceAmounts: [[2, '1']] },
        'balance.balanceAmounts',
        STAGING_TREASURY_MSG.unknownAmountColumn,
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await editBalance(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([msg]);
    }
    expect(await balancesOf(world.balanceIds)).toEqual(before);
  });
});

describe('PUT /account-balances/staging', () => {
  it('stores each amount, an ECR row as sent (already /100)', async () => {
    const [, ecr] = world.accountBalanceIds as [number, number];
    const res = await editAccountBalance({
      stagingAccountBalanceId: ecr,
      accountBalanceAmounts: [
        [0, 0.02],
        [1, 0],
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(STAGING_TREASURY_MSG.accountBalanceUpdated);
    expect((await accountBalancesOf([ecr]))[0]!.amounts).toEqual([
      [0, '0.02'],
      [1, '0'],
    ]);
    expect((await auditOf('staging_account_balance', ecr)).length).toBe(1);
  });

  it("refuses a blank amount ('Required!') and a negative ECR, changing nothing", async () => {
    const [plain, ecr] = world.accountBalanceIds as [number, number];
    const before = await accountBalancesOf(world.accountBalanceIds);
    const blank = await editAccountBalance({
      stagingAccountBalanceId: plain,
      accountBalanceAmounts: [[0, '']],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors['balance.accountBalanceAmounts.0.1']).toEqual([MSG.required]);
    const negative = await editAccountBalance({
      stagingAccountBalanceId: ecr,
      accountBalanceAmounts: [[0, -0.001]],
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toBe(STAGING_TREASURY_MSG.ecrBelowZero);
    // A negative amount on an ordinary row is a balance like any other.
    expect(
      (await editAccountBalance({ stagingAccountBalanceId: plain, accountBalanceAmounts: [[0, -5]] }))
        .statusCode,
    ).toBe(200);
    const after = await accountBalancesOf(world.accountBalanceIds);
    expect(after[1]).toEqual(before[1]);
  });
});

describe('PUT /fees/staging', () => {
  it('edits one fee (category, sub category, unit price, exceptions) by name', async () => {
    const [fee] = world.feeIds as [number];
    const res = await editFees({
      feeIds: [fee],
      unitPrice: '13.25',
      bankLevelException: waived,
      clientLevelException: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: STAGING_TREASURY_MSG.feesUpdated, changedCount: 1 });
    expect((await feesOf([fee]))[0]).toMatchObject({
      category: 'General ACH Services',
      subCategory: 'ACH Originated Items',
      unitPrice: '13.250000',
      bankLevelException: 'Waived',
      clientLevelException: null,
    });
    const listed = await call(ctx, 'GET', `${BASE}/fees/staging/${world.batchId}`, admin);
    expect(listed.json().results[0]).toMatchObject({
      categoryId: achCategory.categoryId,
      subCategoryId: achItems.subCategoryId,
      bankLevelExceptionId: waived,
    });
  });

  it('bulk edits the category of several fees, leaving prices and exceptions alone', async () => {
    const before = await feesOf(world.feeIds);
    const res = await editFees({});
    expect(res.json()).toEqual({ msg: STAGING_TREASURY_MSG.feesUpdated, changedCount: 3 });
    const after = await feesOf(world.feeIds);
    expect(after.map((f) => [f.category, f.subCategory, f.unitPrice])).toEqual(
      before.map((f) => ['General ACH Services', 'ACH Originated Items', f.unitPrice]),
    );
    expect((await auditOf('staging_fee', world.feeIds[2]!)).map((a) => a.action)).toEqual([
      'staging_fee.updated',
    ]);
  });

  it("refuses with the spec's messages, changing nothing", async () => {
    const before = await feesOf(world.feeIds);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ categoryId: null }, 'fees.categoryId', MSG.required],
      [{ subCategoryId: '' }, 'fees.subCategoryId', MSG.required],
      [{ unitPrice: 'ten' }, 'fees.unitPrice', MSG.fieldMustBeNumber],
      [
        { categoryId: wireCategory.categoryId },
        'fees.subCategoryId',
        STAGING_TREASURY_MSG.unknownSubCategory,
      ],
      [{ categoryId: 999999 }, 'fees.categoryId', STAGING_TREASURY_MSG.unknownCategory],
      [
        { bankLevelException: 999999 },
        'fees.bankLevelException',
        STAGING_TREASURY_MSG.unknownBankLevelException,
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await editFees(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([msg]);
    }
    expect(await feesOf(world.feeIds)).toEqual(before);
  });
});

type Verb = 'validate' | 'invalidate';
const sectionCalls = {
  fees: { wrap: 'fees', idsKey: 'stagingFeesIds', kind: 'fee', section: 'Fees' },
  balances: { wrap: 'balance', idsKey: 'stagingBalanceIds', kind: 'balance', section: 'Balance' },
  'account-balances': {
    wrap: 'accountBalances',
    idsKey: 'stagingAccountBalanceIds',
    kind: 'accountBalance',
    section: 'Account Balance',
  },
} as const;
type SectionPath = keyof typeof sectionCalls;
const idsOf = (path: SectionPath, w = world) =>
  path === 'fees' ? w.feeIds : path === 'balances' ? w.balanceIds : w.accountBalanceIds;
const setValidation = (path: SectionPath, verb: Verb, ids: number[], user = admin, batchId = world.batchId) =>
  call(ctx, 'PUT', `${BASE}/${path}/staging/${verb}`, user, {
    [sectionCalls[path].wrap]: { batchId, [sectionCalls[path].idsKey]: ids },
  });
const remove = (path: 'fees' | 'balances', ids: number[], user = admin) =>
  call(ctx, 'DELETE', `${BASE}/${path}/staging`, user, {
    [sectionCalls[path].wrap]: { batchId: world.batchId, [sectionCalls[path].idsKey]: ids },
  });
const flags = async (path: SectionPath) =>
  (path === 'fees'
    ? await feesOf(world.feeIds)
    : path === 'balances'
      ? await balancesOf(world.balanceIds)
      : await accountBalancesOf(world.accountBalanceIds)
  ).map((r) => r.validationStatus);

describe.each(Object.keys(sectionCalls) as SectionPath[])(
  'PUT /%s/staging/validate and /invalidate',
  (path) => {
    const { section } = sectionCalls[path];
    it('moves No -> Yes and Yes -> No, counting only the rows that changed; invalidate reopens', async () => {
      const ids = idsOf(path);
      const res = await setValidation(path, 'validate', ids);
      expect(res.statusCode).toBe(200);
      expect(res.json().changedCount).toBe(2);
      expect(await flags(path)).toEqual([true, true, true]);
      await setStatus(world.sections[section], 'Validated');
      const back = await setValidation(path, 'invalidate', [ids[0]!]);
      expect(back.json().changedCount).toBe(1);
      expect(await flags(path)).toEqual([false, true, true]);
      expect(await statusOf(world.sections[section])).toBe('Needs Validation');
    });

    it("answers 400 naming another batch's ids, 404 for another client's batch, 409 once validated", async () => {
      const ids = idsOf(path);
      const foreign = idsOf(path, other);
      const mixed = await setValidation(path, 'validate', [ids[0]!, foreign[0]!, 999999999]);
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().msg).toBe(
        notInTreasuryBatchMessage(sectionCalls[path].kind, [foreign[0]!, 999999999], world.batchId),
      );
      expect(await flags(path)).toEqual([false, false, true]);
      const every = [
        'VIEW_STAGING_FEES',
        'VALIDATE_STAGING_FEES',
        'VALIDATE_STAGING_BALANCES',
        'VALIDATE_STAGING_ACCOUNT_BALANCES',
      ];
      const outsider = await createSignedInUser(ctx, (await createRole(ctx, every, true)).roleName, [
        otherClientId,
      ]);
      expect((await setValidation(path, 'validate', ids, outsider)).statusCode).toBe(404);
      await setStatus(world.sections[section], 'Ignored');
      expect((await setValidation(path, 'validate', ids)).statusCode).toBe(409);
      await validateBatch();
      const locked = await setValidation(path, 'validate', ids);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().msg).toBe(STAGING_TREASURY_MSG.batchValidated);
      expect(await flags(path)).toEqual([false, false, true]);
    });
  },
);

describe('DELETE /balances/staging and /fees/staging', () => {
  it('deletes the rows, audited; foreign ids are refused with nothing deleted', async () => {
    const refused = await remove('fees', [world.feeIds[0]!, other.feeIds[0]!]);
    expect(refused.statusCode).toBe(400);
    expect((await feesOf(world.feeIds)).length).toBe(3);
    const res = await remove('fees', [world.feeIds[0]!, world.feeIds[1]!]);
    expect(res.json()).toEqual({ msg: STAGING_TREASURY_MSG.feesDeleted, changedCount: 2 });
    expect((await feesOf(world.feeIds)).map((f) => f.stagingFeeId)).toEqual([world.feeIds[2]]);
    expect((await auditOf('staging_fee', world.feeIds[0]!)).map((a) => a.action)).toEqual([
      'staging_fee.deleted',
    ]);
    const balances = await remove('balances', [world.balanceIds[1]!]);
    expect(balances.json()).toEqual({ msg: STAGING_TREASURY_MSG.balancesDeleted, changedCount: 1 });
    expect((await balancesOf(world.balanceIds)).length).toBe(2);
  });
});

describe('rows already in the books (issue 39 point 4)', () => {
  it("refuses to change a promoted section's rows, which the books would never take again", async () => {
    const validated = await call(ctx, 'PUT', `${BASE}/staging/validate`, admin, {
      treasuryServices: { batchTypes: ['Fees'], batchId: world.batchId },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const promoted = await call(ctx, 'PUT', '/api/data-ingestion/batches/validate', admin, {
      accounts: [{ batchId: world.batchId }],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const booked = STAGING_ROW_MSG.bookedRows(3, 'Analysis');
    const edit = await editFees({});
    expect([edit.statusCode, edit.json().msg]).toEqual([409, booked]);
    const invalidate = await setValidation('fees', 'invalidate', world.feeIds);
    expect([invalidate.statusCode, invalidate.json().msg]).toEqual([409, booked]);
    expect((await remove('fees', [world.feeIds[0]!])).statusCode).toBe(409);
    // Validating them again changes nothing and is not refused.
    expect((await setValidation('fees', 'validate', world.feeIds)).json().changedCount).toBe(0);
    expect((await feesOf(world.feeIds)).map((f) => f.validationStatus)).toEqual([true, true, true]);
  });
});

describe('permissions', () => {
  it('answers 403 to a user holding only the view permissions', async () => {
    const viewer = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_STAGING_FEES', 'VIEW_STAGING_BALANCES', 'VIEW_STAGING_ACCOUNT_BALANCES']))
        .roleName,
    );
    const [fee] = world.feeIds as [number];
    const responses = [
      await editBalance({ stagingBalanceId: world.balanceIds[1] }, viewer),
      await editAccountBalance({ stagingAccountBalanceId: world.accountBalanceIds[0] }, viewer),
      await editFees({ feeIds: [fee] }, viewer),
      await setValidation('fees', 'validate', [fee], viewer),
      await setValidation('balances', 'invalidate', [world.balanceIds[2]!], viewer),
      await setValidation('account-balances', 'validate', [world.accountBalanceIds[0]!], viewer),
      await remove('fees', [fee], viewer),
      await remove('balances', [world.balanceIds[0]!], viewer),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 403));
  });
});
