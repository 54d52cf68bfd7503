import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_VALIDATION_MSG,
  type BatchesValidated,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { batchAccounts, batches, investments, openReports, transactions } from '../../../db/schema';
import { insertInvestment, investmentTypeId } from '../../../../test/investment-fixtures';
import {
  createExtractingContext,
  createExtractionWorld,
  csvOf,
  extractOne,
} from '../../../../test/extraction-fixtures';
import {
  createPromotionWorld,
  createTreasuryWorld,
  stageInvestment,
  type PromotionWorld,
} from '../../../../test/promotion-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// VALIDATE THIS BATCH (ingestion.md "Batches and batch accounts"): validated staging rows into the books
// in one transaction, with provenance, idempotent, and the open report's analysis status after it.

let ctx: TestContext;
let admin: SignedInUser;

const db = () => ctx.database.db;
const validateAccounts = (ids: readonly number[], overrideReason?: string) =>
  call(ctx, 'PUT', '/api/data-ingestion/accounts/validate', admin, {
    accounts: ids.map((batchAccountId) => ({
      batchAccountId,
      ...(overrideReason ? { overrideReason } : {}),
    })),
  });
/** The test template's csv states no balances: its accounts are validated with a reason (issue 39). */
const NO_BALANCES = 'The csv export states no balances.';
const promote = (...batchIds: number[]) =>
  call(ctx, 'PUT', '/api/data-ingestion/batches/validate', admin, {
    accounts: batchIds.map((batchId) => ({ batchId })),
  });

async function countsOf(accountIds: readonly number[]) {
  const { rows } = await db().execute(sql`select a.account_id as "accountId",
      coalesce(c.transaction_count, 0)::int as kept, (select count(*)::int from transactions t
        where t.account_id = a.account_id) as real
    from accounts a left join account_transaction_counts c on c.account_id = a.account_id
    where a.account_id = any(${sql.param([...accountIds])}::int[]) order by a.account_id`);
  return rows as { accountId: number; kept: number; real: number }[];
}

async function analysisStatusOf(clientId: number) {
  const [row] = await db().select().from(openReports).where(eq(openReports.clientId, clientId));
  return row!.analysisStatus;
}

async function validateAll(world: PromotionWorld) {
  const res = await validateAccounts(world.accounts.map((a) => a.batchAccountId));
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createExtractingContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('promotion of transactions', () => {
  let world: PromotionWorld;
  let clientId: number;
  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'Promote')) as [number];
    world = await createPromotionWorld(ctx, clientId, { rows: 5 });
  });

  it('refuses a batch with no eligible account', async () => {
    const res = await promote(world.batchId);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(BATCH_VALIDATION_MSG.nothingToPromote);
  });

  it('moves the validated rows with their provenance and keeps the counts right', async () => {
    await validateAll(world);
    const res = await promote(world.batchId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BatchesValidated;
    expect(body).toEqual({
      msg: BATCH_VALIDATION_MSG.batchesValidated,
      batches: [
        {
          batchId: world.batchId,
          promoted: {
            transactions: 10,
            investmentsInserted: 0,
            investmentsUpdated: 0,
            fees: 0,
            balances: 0,
            accountBalances: 0,
          },
          batchValidated: true,
        },
      ],
      analysisStatus: 'Ready For Analysis',
    });
    const rows = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, world.accounts[0]!.accountId))
      .orderBy(transactions.sourceRowNumber);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      clientId,
      fileId: world.file.fileId,
      batchId: world.batchId,
      batchFileId: world.file.batchFileId,
      sourceRowNumber: 1,
      sourceSheetName: null,
      transactionDate: '2026-07-02',
      description: 'Line 1',
    });
    expect(rows.every((r) => r.stagingTransactionId !== null)).toBe(true);
    for (const c of await countsOf(world.accounts.map((a) => a.accountId))) expect(c.kept).toBe(c.real);
    const accounts = await db().select().from(batchAccounts).where(eq(batchAccounts.batchId, world.batchId));
    expect(accounts.every((a) => a.promotedAt !== null)).toBe(true);
    const [batch] = await db().select().from(batches).where(eq(batches.batchId, world.batchId));
    expect(batch!.validatedAt).not.toBeNull();
  });

  it('adds nothing when promoted twice', async () => {
    const again = await promote(world.batchId);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(BATCH_VALIDATION_MSG.alreadyValidated);
    // Even forced (the accounts made eligible again), the staging ids keep the books as they are.
    await db()
      .update(batchAccounts)
      .set({ promotedAt: null })
      .where(eq(batchAccounts.batchId, world.batchId));
    const forced = await promote(world.batchId);
    expect(forced.statusCode, forced.body).toBe(200);
    expect((forced.json() as BatchesValidated).batches[0]!.promoted.transactions).toBe(0);
    const [{ n }] = (
      await db().execute(sql`select count(*)::int as n from transactions where batch_id = ${world.batchId}`)
    ).rows as [{ n: number }];
    expect(n).toBe(10);
    for (const c of await countsOf(world.accounts.map((a) => a.accountId))) expect(c.kept).toBe(c.real);
  });
});

describe('promotion of investments and treasury rows', () => {
  it('updates the investment of the same identifier, inserts the others, once', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Investments')) as [number];
    const world = await createPromotionWorld(ctx, clientId, { rows: 1, templateType: 'Investment' });
    const [operating] = world.accounts;
    const existing = await insertInvestment(ctx, clientId, operating!.accountId, {
      investmentTypeId: await investmentTypeId(ctx, 'Treasury Bill'),
      marketIdentifier: '912797KX4',
      faceValue: '5000.00',
    });
    const refs = {
      clientId,
      batchId: world.batchId,
      batchAccountId: operating!.batchAccountId,
      batchFileId: world.file.batchFileId,
    };
    await stageInvestment(ctx, refs, 10, { marketIdentifier: '912797kx4', faceValue: '250000.00' });
    await stageInvestment(ctx, refs, 11, { marketIdentifier: 'US912828ZT04', faceValue: '1000.00' });
    await stageInvestment(ctx, refs, 12, { marketIdentifier: null, faceValue: '2000.00' });
    await validateAll(world);
    const res = await promote(world.batchId);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BatchesValidated).batches[0]!.promoted).toMatchObject({
      investmentsInserted: 2,
      investmentsUpdated: 1,
    });
    const [updated] = await db().select().from(investments).where(eq(investments.id, existing));
    expect(updated).toMatchObject({
      faceValue: '250000.00',
      fileId: world.file.fileId,
      batchFileId: world.file.batchFileId,
      sourceRowNumber: 10,
    });
    const inAccount = await db()
      .select()
      .from(investments)
      .where(eq(investments.accountId, operating!.accountId));
    expect(inAccount).toHaveLength(3);
    // Issue 17 point 6: the account's Investments tab reads the promoted investments as they are now.
    const listed = await call(ctx, 'POST', `/api/investments/account/${operating!.accountId}`, admin, {
      pageSize: 50,
      pageIndex: 0,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json() as { results: { investmentId: string | null; faceValue: number }[] };
    expect(page.results.map((r) => [r.investmentId, r.faceValue]).sort()).toEqual(
      [
        ['912797KX4', 250000],
        ['US912828ZT04', 1000],
        [null, 2000],
      ].sort(),
    );

    await db()
      .update(batchAccounts)
      .set({ promotedAt: null })
      .where(eq(batchAccounts.batchId, world.batchId));
    const twice = await promote(world.batchId);
    expect((twice.json() as BatchesValidated).batches[0]!.promoted).toMatchObject({
      investmentsInserted: 0,
      investmentsUpdated: 0,
    });
  });

  it('puts fees and balances into their tables for the batch period', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Treasury books')) as [number];
    await createPromotionWorld(ctx, clientId, { rows: 1 });
    const treasury = await createTreasuryWorld(ctx, clientId);
    const res = await call(ctx, 'PUT', '/api/data-ingestion-treasury-services/staging/validate', admin, {
      treasuryServices: { batchTypes: ['Balance', 'Fees', 'Account Balance'], batchId: treasury.batchId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const promoted = await promote(treasury.batchId);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((promoted.json() as BatchesValidated).batches[0]!.promoted).toMatchObject({
      fees: 1,
      balances: 1,
      accountBalances: 1,
    });
    const { rows } = await db().execute(sql`select period_start::text as "periodStart",
        period_end::text as "periodEnd", file_id as "fileId", source_row_number as row, amount::text,
        headers, amounts from fees where batch_id = ${treasury.batchId}`);
    expect(rows).toEqual([
      {
        periodStart: '2026-07-01',
        periodEnd: '2026-09-30',
        fileId: treasury.file.fileId,
        row: 1,
        amount: '25.00',
        headers: ['Jul'],
        amounts: [[0, '25.00']],
      },
    ]);
    const balances = await db().execute(sql`select is_rate as "isRate", amount::float as amount
      from balances where batch_id = ${treasury.batchId}`);
    expect(balances.rows).toEqual([{ isRate: true, amount: 0.015 }]);
    // The report still waits for the transaction batch.
    expect(await analysisStatusOf(clientId)).toBe('Data Ingestion');
  });
});

describe('all or nothing', () => {
  it('rolls every book and staging change back when one row is refused', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Rollback')) as [number];
    const world = await createPromotionWorld(ctx, clientId, { rows: 4 });
    const [operating] = world.accounts;
    const refs = {
      clientId,
      batchId: world.batchId,
      batchAccountId: operating!.batchAccountId,
      batchFileId: world.file.batchFileId,
    };
    // investments_amounts_check refuses a negative face value; transactions go in first.
    await stageInvestment(ctx, refs, 20, { marketIdentifier: 'BAD', faceValue: '-1.00' });
    await validateAll(world);
    const before = await countsOf(world.accounts.map((a) => a.accountId));
    const res = await promote(world.batchId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toContain(BATCH_VALIDATION_MSG.validateBatchFailed);
    expect(res.json().msg).toContain('investments_amounts_check');
    expect(await countsOf(world.accounts.map((a) => a.accountId))).toEqual(before);
    expect(before.every((c) => c.real === 0)).toBe(true);
    const accounts = await db().select().from(batchAccounts).where(eq(batchAccounts.batchId, world.batchId));
    expect(accounts.map((a) => [a.status, a.promotedAt])).toEqual([
      ['Validated', null],
      ['Validated', null],
    ]);
    const [batch] = await db().select().from(batches).where(eq(batches.batchId, world.batchId));
    expect(batch!.validatedAt).toBeNull();
    expect(await analysisStatusOf(clientId)).toBe('Data Ingestion');
  });

  it('names a staged investment of an unknown type', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Untyped')) as [number];
    const world = await createPromotionWorld(ctx, clientId, { rows: 1 });
    const refs = {
      clientId,
      batchId: world.batchId,
      batchAccountId: world.accounts[0]!.batchAccountId,
      batchFileId: world.file.batchFileId,
    };
    await stageInvestment(ctx, refs, 7, { investmentTypeName: 'Moon Bond' });
    await validateAll(world);
    const res = await promote(world.batchId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toContain('row 7 of');
    expect(res.json().msg).toContain('(Moon Bond)');
  });
});

describe('the open report across batches and new files', () => {
  it("is 'Ready For Analysis' after the last batch, 'New Files Added' when a file reaches a validated one", async () => {
    const [clientId] = (await createClients(ctx, 1, 'Cycle')) as [number];
    const world = await createExtractionWorld(ctx, admin, clientId);
    const second = await createPromotionWorld(ctx, clientId, {
      rows: 2,
      templateType: 'Hybrid',
      bankId: world.bankId,
    });
    const [operating, payroll] = world.accounts;
    await extractOne(
      ctx,
      admin,
      world,
      'july.csv',
      csvOf([
        [operating!.accountNumber, '07/02/2026', 'Deposit', '100.00'],
        [payroll!.accountNumber, '07/03/2026', 'Payroll', '-40.00'],
      ]),
    );
    const ids = world.accounts.map((a) => a.batchAccountId);
    expect((await validateAccounts(ids)).statusCode).toBe(409);
    expect((await validateAccounts(ids, NO_BALANCES)).statusCode).toBe(200);
    const first = await promote(world.batchId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      batches: [{ batchValidated: true }],
      analysisStatus: 'Data Ingestion',
    });

    await validateAll(second);
    const last = await promote(second.batchId);
    expect(last.json()).toMatchObject({ analysisStatus: 'Ready For Analysis' });

    // Issue 17 point 5: the dashboard shows the batch validated, and still takes files for it.
    const batchRow = async () =>
      (await call(ctx, 'GET', `/api/data-ingestion/batches/${world.batchId}`, admin)).json() as ClientBatch;
    expect(await batchRow()).toMatchObject({ status: 'VALIDATED' });
    // A new statement for Operating reaches the validated batch.
    const august = await extractOne(
      ctx,
      admin,
      world,
      'august.csv',
      csvOf([[operating!.accountNumber, '08/04/2026', 'Interest', '3.00']]),
    );
    expect(august.status, august.extractionMessage ?? '').toBe('Extracted');
    expect(await analysisStatusOf(clientId)).toBe('New Files Added');
    expect(await batchRow()).toMatchObject({ status: 'IN PROGRESS', validatedAt: null });
    const [reopened] = await db()
      .select()
      .from(batchAccounts)
      .where(eq(batchAccounts.batchAccountId, operating!.batchAccountId));
    expect(reopened).toMatchObject({ status: 'Needs Validation', promotedAt: null });
    const [batch] = await db().select().from(batches).where(eq(batches.batchId, world.batchId));
    expect(batch!.validatedAt).toBeNull();

    // Validated and promoted again: only the new row is added, the report is ready again.
    expect((await validateAccounts([operating!.batchAccountId], NO_BALANCES)).statusCode).toBe(200);
    const again = await promote(world.batchId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      batches: [{ promoted: { transactions: 1 }, batchValidated: true }],
      analysisStatus: 'Ready For Analysis',
    });
    const counts = await countsOf([operating!.accountId]);
    expect(counts).toEqual([{ accountId: operating!.accountId, kept: 2, real: 2 }]);
  }, 90_000);
});
