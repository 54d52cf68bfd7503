import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_RECOVERY_MSG,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { RECONCILIATION_MSG } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { batchAccounts, batches, openReports, transactions } from '../../../db/schema';
import { createAccountRow } from '../../../../test/account-fixtures';
import { createBatchAccountRow, createBatchRow } from '../../../../test/batch-fixtures';
import {
  createPromotionWorld,
  createTreasuryWorld,
  stageInvestment,
  type PromotionWorld,
} from '../../../../test/promotion-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// Issue 42 point 2: PUT /batches/validate-all validates every reconciled account of the batches and
// then the batches, in one action; accounts that need a person's decision are left, with the reason.

let ctx: TestContext;
let admin: SignedInUser;

const db = () => ctx.database.db;
const validateAll = (batchIds: number[], user = admin) =>
  call(ctx, 'PUT', '/api/data-ingestion/batches/validate-all', user, {
    batches: batchIds.map((batchId) => ({ batchId })),
  });

async function statusesOf(batchId: number) {
  const rows = await db()
    .select({
      id: batchAccounts.batchAccountId,
      status: batchAccounts.status,
      promotedAt: batchAccounts.promotedAt,
    })
    .from(batchAccounts)
    .where(eq(batchAccounts.batchId, batchId))
    .orderBy(batchAccounts.batchAccountId);
  return rows.map((r) => [r.status, r.promotedAt !== null]);
}

async function validatedAtOf(batchId: number) {
  const [row] = await db().select().from(batches).where(eq(batches.batchId, batchId));
  return row!.validatedAt;
}

async function newWorld(name: string) {
  const [clientId] = (await createClients(ctx, 1, name)) as [number];
  return createPromotionWorld(ctx, clientId);
}

/** One staged row changed after its statement was recorded: the account no longer reconciles. */
async function breakReconciliation(world: PromotionWorld, accountIndex: number) {
  await db().execute(sql`update staging_transactions set amount = amount + 1
    where staging_transaction_id = (select min(staging_transaction_id) from staging_transactions
      where batch_account_id = ${world.accounts[accountIndex]!.batchAccountId})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
});
afterAll(() => ctx.close());

describe('PUT /batches/validate-all', () => {
  it('validates every reconciled account, promotes them and closes the batch in one action', async () => {
    const world = await newWorld('One step');
    const res = await validateAll([world.batchId]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BatchesValidatedInOneStep;
    expect(body.msg).toBe(BATCH_RECOVERY_MSG.batchesValidated);
    expect(body.batches).toHaveLength(1);
    expect(body.batches[0]).toMatchObject({
      batchId: world.batchId,
      validatedAccounts: ['Operating', 'Payroll'],
      accountsLeft: [],
      promoted: { transactions: 6 },
      batchValidated: true,
      refusal: null,
    });
    expect(body.batches[0]!.batch).toContain('(Transaction)');
    expect(await statusesOf(world.batchId)).toEqual([
      ['Validated', true],
      ['Validated', true],
    ]);
    expect(await validatedAtOf(world.batchId)).not.toBeNull();
    const [report] = await db().select().from(openReports).where(eq(openReports.clientId, world.clientId));
    expect(report!.analysisStatus).toBe('Ready For Analysis');
    const booked = await db().select().from(transactions).where(eq(transactions.clientId, world.clientId));
    expect(booked).toHaveLength(6);
    // Again: nothing left to do, said so, nothing promoted twice.
    const again = (await validateAll([world.batchId])).json() as BatchesValidatedInOneStep;
    expect(again.batches[0]).toMatchObject({ batchValidated: true, promoted: null, refusal: null });
    expect(
      await db().select().from(transactions).where(eq(transactions.clientId, world.clientId)),
    ).toHaveLength(6);
  });

  it('leaves an account that does not reconcile, or has undecided duplicates, and says why', async () => {
    const world = await newWorld('One step left');
    await breakReconciliation(world, 0);
    // A Payroll row flagged as a possible duplicate of an Operating row, not decided yet.
    await db().execute(sql`update staging_transactions set duplicate_rule = 'match',
        duplicate_of_staging_transaction_id = (select min(staging_transaction_id) from staging_transactions
          where batch_account_id = ${world.accounts[0]!.batchAccountId})
      where staging_transaction_id = (select max(staging_transaction_id) from staging_transactions
        where batch_account_id = ${world.accounts[1]!.batchAccountId})`);
    const res = await validateAll([world.batchId]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BatchesValidatedInOneStep;
    expect(body.msg).toBe(BATCH_RECOVERY_MSG.batchesPartlyValidated(0, 1));
    const [result] = body.batches;
    expect(result!.validatedAccounts).toEqual([]);
    expect(result!.accountsLeft.map((a) => a.account)).toEqual(['Operating', 'Payroll']);
    expect(result!.accountsLeft[0]!.reason).toMatch(/^Operating does not reconcile: /);
    expect(result!.accountsLeft[1]!.reason).toBe(RECONCILIATION_MSG.undecidedDuplicates('Payroll', 1));
    expect(result).toMatchObject({ promoted: null, batchValidated: false, refusal: null });
    expect(await statusesOf(world.batchId)).toEqual([
      ['Needs Validation', false],
      ['Needs Validation', false],
    ]);
    expect(await validatedAtOf(world.batchId)).toBeNull();
  });

  it('validates the reconciled accounts and leaves the batch open while one waits', async () => {
    const world = await newWorld('One step partly');
    await breakReconciliation(world, 1);
    const body = (await validateAll([world.batchId])).json() as BatchesValidatedInOneStep;
    expect(body.batches[0]).toMatchObject({
      validatedAccounts: ['Operating'],
      accountsLeft: [{ batchAccountId: world.accounts[1]!.batchAccountId, account: 'Payroll' }],
      promoted: { transactions: 3 },
      batchValidated: false,
    });
    expect(await statusesOf(world.batchId)).toEqual([
      ['Validated', true],
      ['Needs Validation', false],
    ]);
    // The one left is validated with an override (a person's reason), then the batch closes.
    const override = await call(ctx, 'PUT', '/api/data-ingestion/accounts/validate', admin, {
      accounts: [
        { batchAccountId: world.accounts[1]!.batchAccountId, overrideReason: 'Bank fee posted late.' },
      ],
    });
    expect(override.statusCode, override.body).toBe(200);
    const closed = (await validateAll([world.batchId])).json() as BatchesValidatedInOneStep;
    expect(closed.msg).toBe(BATCH_RECOVERY_MSG.batchesValidated);
    expect(closed.batches[0]).toMatchObject({ validatedAccounts: [], batchValidated: true });
  });

  it('validates several batches; one the books refuse is rolled back alone, with its reason', async () => {
    const [clientId] = (await createClients(ctx, 1, 'One step several')) as [number];
    const good = await createPromotionWorld(ctx, clientId);
    const treasury = await createTreasuryWorld(ctx, clientId);
    const investments = await createPromotionWorld(ctx, clientId, {
      templateType: 'Investment',
      rows: 0,
      bankId: good.bankId,
    });
    const refs = {
      clientId,
      batchId: investments.batchId,
      batchAccountId: investments.accounts[0]!.batchAccountId,
      batchFileId: investments.file.batchFileId,
    };
    await stageInvestment(ctx, refs, 1, { investmentTypeName: 'No such type', investmentTypeId: null });
    const res = await validateAll([good.batchId, treasury.batchId, investments.batchId]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BatchesValidatedInOneStep;
    expect(body.msg).toBe(BATCH_RECOVERY_MSG.batchesPartlyValidated(2, 3));
    expect(body.batches.map((b) => [b.batchId, b.batchValidated])).toEqual([
      [good.batchId, true],
      [treasury.batchId, true],
      [investments.batchId, false],
    ]);
    expect(body.batches[1]!.validatedAccounts).toEqual(['Balance', 'Fees', 'Account Balance']);
    expect(body.batches[2]!.refusal).toMatch(/^Failed to Validate the Batch\. Unknown investment type/);
    // The refused batch is as it was: its accounts not validated.
    expect(await statusesOf(investments.batchId)).toEqual([
      ['Needs Validation', false],
      ['Needs Validation', false],
    ]);
  });

  it('calls it validated when only accounts waiting for their files keep the batch open', async () => {
    const world = await newWorld('One step waiting');
    const reserve = await createAccountRow(ctx, world.clientId, world.bankId, { accountName: 'Reserve' });
    await createBatchAccountRow(ctx, world.clientId, world.batchId, { accountId: reserve });
    const body = (await validateAll([world.batchId])).json() as BatchesValidatedInOneStep;
    expect(body.msg).toBe(BATCH_RECOVERY_MSG.batchesValidated);
    expect(body.batches[0]).toMatchObject({
      validatedAccounts: ['Operating', 'Payroll'],
      accountsLeft: [],
      batchValidated: false,
      refusal: null,
    });
  });

  it('says when a batch has nothing to validate', async () => {
    const world = await newWorld('One step empty');
    const empty = await createBatchRow(ctx, world.clientId, 'Hybrid');
    await createBatchAccountRow(ctx, world.clientId, empty, { accountId: world.accounts[0]!.accountId });
    const body = (await validateAll([empty])).json() as BatchesValidatedInOneStep;
    expect(body.batches[0]).toMatchObject({
      validatedAccounts: [],
      accountsLeft: [],
      promoted: null,
      batchValidated: false,
      refusal: BATCH_RECOVERY_MSG.nothingToValidate,
    });
    expect(await statusesOf(empty)).toEqual([['Needs Files', false]]);
  });

  it('needs VALIDATE_BATCHES, and VALIDATE_ACCOUNT_BATCHES for the accounts; 404 for another client', async () => {
    const world = await newWorld('One step access');
    const batchOnly = await createSignedInUser(ctx, (await createRole(ctx, ['VALIDATE_BATCHES'])).roleName);
    const refused = await validateAll([world.batchId], batchOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(BATCH_RECOVERY_MSG.needsAccountPermission);
    const accountsOnly = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VALIDATE_ACCOUNT_BATCHES'])).roleName,
    );
    expect((await validateAll([world.batchId], accountsOnly)).statusCode).toBe(403);
    const [otherClient] = (await createClients(ctx, 1, 'One step other')) as [number];
    const role = await createRole(ctx, ['VALIDATE_BATCHES', 'VALIDATE_ACCOUNT_BATCHES'], true);
    const scoped = await createSignedInUser(ctx, role.roleName, [otherClient]);
    const leaked = await validateAll([world.batchId], scoped);
    const ghost = await validateAll([2_000_000_000], scoped);
    expect(leaked.statusCode).toBe(404);
    expect(leaked.body).toBe(ghost.body);
    expect(await statusesOf(world.batchId)).toEqual([
      ['Needs Validation', false],
      ['Needs Validation', false],
    ]);
  });
});
