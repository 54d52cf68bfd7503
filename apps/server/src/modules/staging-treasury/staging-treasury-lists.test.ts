import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankLevelExceptionListSchema,
  ClientLevelExceptionListSchema,
  FeeCategoryListSchema,
  STAGING_TREASURY_MSG,
  StagingAccountBalanceListSchema,
  StagingBalanceListSchema,
  StagingFeeListSchema,
  StandardizedDescriptionListSchema,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { createBatchRow } from '../../../test/batch-fixtures';
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

// ingestion-analysis.md 2 "Treasury staging dialog", 3 and 7 "Treasury services": the three sections of
// a batch's analysis statement and the four pick lists, and who may read them.

const BASE = '/api/data-ingestion-treasury-services';
let ctx: TestContext;
let admin: SignedInUser;
let world: TreasuryStagingWorld;
let otherClientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  const [clientId, other] = (await createClients(ctx, 2, 'Treasury lists')) as [number, number];
  otherClientId = other;
  world = await createTreasuryStagingWorld(ctx, clientId);
});
afterAll(() => ctx.close());

describe('GET the staging sections of a batch', () => {
  it('answers the fees with their columns, a one-figure line under the single Amount header', async () => {
    const res = await call(ctx, 'GET', `${BASE}/fees/staging/${world.batchId}`, admin);
    expect(res.statusCode).toBe(200);
    const body = StagingFeeListSchema.parse(res.json());
    expect(body).toMatchObject({
      msg: STAGING_TREASURY_MSG.loaded,
      batchId: world.batchId,
      batchAccount: { batchAccountId: world.sections.Fees, status: 'Needs Validation' },
      resultCount: 3,
    });
    expect(body.results.map((r) => r.stagingFeeId)).toEqual(world.feeIds);
    expect(body.results[0]).toMatchObject({
      description: 'Wire out',
      headers: ['Jul'],
      amounts: [[0, 25]],
      unitPrice: 12.5,
      validationStatus: 'No',
      category: null,
      categoryId: null,
    });
    expect(body.results[1]).toMatchObject({
      afpCode: '010000',
      headers: ['Amount'],
      amounts: [[0, 30]],
      volumes: [[0, 1]],
      validationStatus: 'No',
    });
    expect(body.results[2]!.validationStatus).toBe('Yes');
  });

  it('answers the balances, rate rows flagged (ecr, or a description with the word Rate)', async () => {
    const res = await call(ctx, 'GET', `${BASE}/balances/staging/${world.batchId}`, admin);
    expect(res.statusCode).toBe(200);
    const body = StagingBalanceListSchema.parse(res.json());
    expect(body.results.map((r) => [r.id, r.description, r.isRate, r.headers, r.amounts])).toEqual([
      [world.balanceIds[0], 'ecr', true, ['Amount'], [[0, 0.015]]],
      [
        world.balanceIds[1],
        'Average ledger',
        false,
        ['Jan', 'Feb'],
        [
          [0, 1000],
          [1, 2000],
        ],
      ],
      [world.balanceIds[2], 'Reserve Rate', true, ['Amount'], [[0, 0.1]]],
    ]);
  });

  it('answers the account balances', async () => {
    const res = await call(ctx, 'GET', `${BASE}/account-balances/staging/${world.batchId}`, admin);
    expect(res.statusCode).toBe(200);
    const body = StagingAccountBalanceListSchema.parse(res.json());
    expect(body.results.map((r) => [r.accountNumber, r.isRate, r.amounts])).toEqual([
      ['1234', false, [[0, 1000]]],
      [
        '1234',
        true,
        [
          [0, 0.015],
          [1, 0.0125],
        ],
      ],
      ['5678', false, [[0, 500]]],
    ]);
  });

  it('answers an empty section for a batch without it, and 404 for a batch that does not exist', async () => {
    const transactionBatch = await createBatchRow(ctx, world.clientId, 'Transaction');
    const empty = await call(ctx, 'GET', `${BASE}/fees/staging/${transactionBatch}`, admin);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ batchAccount: null, results: [], resultCount: 0 });
    const missing = await call(ctx, 'GET', `${BASE}/balances/staging/999999999`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(STAGING_TREASURY_MSG.batchNotFound);
  });

  it("answers 404 for another client's batch to a client-scoped user, 403 without the permission", async () => {
    const { roleName } = await createRole(
      ctx,
      ['VIEW_STAGING_FEES', 'VIEW_STAGING_BALANCES', 'VIEW_STAGING_ACCOUNT_BALANCES'],
      true,
    );
    const outsider = await createSignedInUser(ctx, roleName, [otherClientId]);
    const insider = await createSignedInUser(ctx, roleName, [world.clientId]);
    for (const section of ['fees', 'balances', 'account-balances']) {
      const url = `${BASE}/${section}/staging/${world.batchId}`;
      expect((await call(ctx, 'GET', url, outsider)).statusCode).toBe(404);
      expect((await call(ctx, 'GET', url, insider)).statusCode).toBe(200);
    }
    const feesOnly = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_STAGING_FEES'])).roleName);
    expect((await call(ctx, 'GET', `${BASE}/balances/staging/${world.batchId}`, feesOnly)).statusCode).toBe(
      403,
    );
    expect(
      (await call(ctx, 'GET', `${BASE}/account-balances/staging/${world.batchId}`, feesOnly)).statusCode,
    ).toBe(403);
    expect((await call(ctx, 'GET', `${BASE}/fees/staging/${world.batchId}`, feesOnly)).statusCode).toBe(200);
  });
});

describe('GET the pick lists', () => {
  it('answers the seeded lists', async () => {
    const standard = StandardizedDescriptionListSchema.parse(
      (await call(ctx, 'GET', `${BASE}/standardized-description/list`, admin)).json(),
    );
    expect(standard.results.find((d) => d.name === 'Earnings Credit Rate (ECR)')?.isRate).toBe(true);
    expect(standard.results.find((d) => d.name === 'Average Ledger Balance')?.isRate).toBe(false);
    const bank = BankLevelExceptionListSchema.parse(
      (await call(ctx, 'GET', `${BASE}/bank-level-exception/list`, admin)).json(),
    );
    expect(bank.results.map((e) => e.name)).toContain('Waived');
    const client = ClientLevelExceptionListSchema.parse(
      (await call(ctx, 'GET', `${BASE}/client-level-exception/list`, admin)).json(),
    );
    expect(client.results.map((e) => e.name)).toContain('Exclude from Analysis');
    const categories = FeeCategoryListSchema.parse(
      (await call(ctx, 'GET', `${BASE}/fee-categories/list`, admin)).json(),
    );
    const ach = categories.results.find((c) => c.code === '25')!;
    expect(ach.name).toBe('General ACH Services');
    expect(ach.subCategories.map((s) => s.name)).toContain('ACH Originated Items');
    expect(ach.subCategories.every((s) => s.categoryId === ach.categoryId)).toBe(true);
  });

  it('serves the fee lists to fee viewers and the descriptions to balance or account balance viewers', async () => {
    const user = async (permission: string) =>
      createSignedInUser(ctx, (await createRole(ctx, [permission])).roleName);
    const fees = await user('VIEW_STAGING_FEES');
    const balances = await user('VIEW_STAGING_BALANCES');
    const accountBalances = await user('VIEW_STAGING_ACCOUNT_BALANCES');
    const status = async (path: string, who: SignedInUser) =>
      (await call(ctx, 'GET', `${BASE}/${path}/list`, who)).statusCode;
    for (const path of ['bank-level-exception', 'client-level-exception', 'fee-categories']) {
      expect(await status(path, fees)).toBe(200);
      expect(await status(path, balances)).toBe(403);
    }
    expect(await status('standardized-description', balances)).toBe(200);
    expect(await status('standardized-description', accountBalances)).toBe(200);
    expect(await status('standardized-description', fees)).toBe(403);
  });
});
