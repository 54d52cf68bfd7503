import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import {
  accountsNotAllowedMessage,
  BATCH_VALIDATION_MSG,
  type BatchAccountsChanged,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import { batchAccounts, batchFiles, batches, files, stagingTransactions } from '../../../db/schema';
import { createBatchAccountRow, createBatchFileRow } from '../../../../test/batch-fixtures';
import {
  createPromotionWorld,
  createTreasuryWorld,
  stageTransactionRows,
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

// ingestion-analysis.md 4 "Batch account status" and "Treasury validation": the Validate Batch
// dialog's account actions, their status rules, permissions and client scoping.

let ctx: TestContext;
let admin: SignedInUser;
let clientId: number;
let otherClientId: number;

const db = () => ctx.database.db;
const api = (method: 'PUT' | 'DELETE', url: string, body?: unknown, user = admin) =>
  call(ctx, method, `/api/data-ingestion${url}`, user, body);

async function statusOf(batchAccountId: number) {
  const [row] = await db()
    .select()
    .from(batchAccounts)
    .where(eq(batchAccounts.batchAccountId, batchAccountId));
  return row;
}

async function stagedOf(batchAccountId: number) {
  return db()
    .select()
    .from(stagingTransactions)
    .where(eq(stagingTransactions.batchAccountId, batchAccountId));
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  [clientId, otherClientId] = (await createClients(ctx, 2, 'Batch validation')) as [number, number];
});
afterAll(() => ctx.close());

describe('PUT /accounts/validate', () => {
  it('validates a Needs Validation account: every staged row Yes, the account Validated', async () => {
    const world = await createPromotionWorld(ctx, clientId);
    const [operating] = world.accounts;
    const res = await api('PUT', '/accounts/validate', {
      accounts: [{ batchAccountId: operating!.batchAccountId }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BatchAccountsChanged;
    expect(body.msg).toBe(BATCH_VALIDATION_MSG.accountsValidated);
    expect(body.accounts.map((a: BatchAccount) => [a.status, a.promotedAt])).toEqual([['Validated', null]]);
    expect((await stagedOf(operating!.batchAccountId)).every((r) => r.validationStatus)).toBe(true);
    // The other account is untouched.
    expect((await stagedOf(world.accounts[1]!.batchAccountId)).some((r) => r.validationStatus)).toBe(false);
  });

  it('refuses, naming them, accounts not in Needs Validation, and changes nothing', async () => {
    const world = await createPromotionWorld(ctx, otherClientId);
    const waiting = await createBatchAccountRow(ctx, otherClientId, world.batchId, {
      sectionType: 'Fees',
    });
    const ids = [world.accounts[0]!.batchAccountId, waiting];
    const res = await api('PUT', '/accounts/validate', {
      accounts: ids.map((batchAccountId) => ({ batchAccountId })),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(accountsNotAllowedMessage('validate', ['Fees']));
    expect((await statusOf(ids[0]!))!.status).toBe('Needs Validation');
    expect((await stagedOf(ids[0]!)).some((r) => r.validationStatus)).toBe(false);
  });
});

describe('PUT /accounts/ignore and /accounts/restore/{id}', () => {
  let world: PromotionWorld;
  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'Ignore')) as [number];
    world = await createPromotionWorld(ctx, clientId);
  });

  it("removes the account's rows but keeps a file another account still holds", async () => {
    const [operating, payroll] = world.accounts;
    const res = await api('PUT', '/accounts/ignore', [operating!.batchAccountId]);
    expect(res.statusCode, res.body).toBe(200);
    const [account] = (res.json() as BatchAccountsChanged).accounts;
    expect(account).toMatchObject({ status: 'Ignored', restoreStatus: 'Needs Validation', fileIdList: [] });
    expect(await stagedOf(operating!.batchAccountId)).toEqual([]);
    expect(await stagedOf(payroll!.batchAccountId)).toHaveLength(3);
    const kept = await db()
      .select()
      .from(batchFiles)
      .where(eq(batchFiles.batchFileId, world.file.batchFileId));
    expect(kept).toHaveLength(1);
  });

  it('removes the file, its stored object and row, once no account holds it', async () => {
    const res = await api('PUT', '/accounts/ignore', [world.accounts[1]!.batchAccountId]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await db().select().from(batchFiles).where(eq(batchFiles.batchFileId, world.file.batchFileId)),
    ).toEqual([]);
    expect(await db().select().from(files).where(eq(files.fileId, world.file.fileId))).toEqual([]);
    expect(await ctx.platform.storage.headObject(world.file.storageKey)).toBeNull();
    // Every account Ignored: the batch is closed, its report ready for analysis.
    const [batch] = await db().select().from(batches).where(eq(batches.batchId, world.batchId));
    expect(batch!.validatedAt).not.toBeNull();
  });

  it('refuses to ignore an Ignored or Validated account, naming it', async () => {
    const res = await api('PUT', '/accounts/ignore', [world.accounts[0]!.batchAccountId]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(accountsNotAllowedMessage('ignore', ['Operating']));
  });

  it('restores an Ignored account to Needs Files (its files are gone) and reopens the batch', async () => {
    const id = world.accounts[0]!.batchAccountId;
    const res = await api('PUT', `/accounts/restore/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BatchAccountsChanged).accounts[0]).toMatchObject({
      status: 'Needs Files',
      restoreStatus: null,
    });
    const [batch] = await db().select().from(batches).where(eq(batches.batchId, world.batchId));
    expect(batch!.validatedAt).toBeNull();
    const again = await api('PUT', `/accounts/restore/${id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(accountsNotAllowedMessage('restore', ['Operating']));
  });
});

describe('DELETE /accounts/{id}', () => {
  it('is refused on Needs Files, and takes another account back to Needs Files without its rows', async () => {
    const [id] = (await createClients(ctx, 1, 'Delete account')) as [number];
    const world = await createPromotionWorld(ctx, id);
    const waiting = await createBatchAccountRow(ctx, id, world.batchId, { sectionType: 'Balance' });
    const refused = await api('DELETE', `/accounts/${waiting}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(accountsNotAllowedMessage('delete', ['Balance']));

    const target = world.accounts[0]!.batchAccountId;
    const res = await api('DELETE', `/accounts/${target}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BatchAccountsChanged;
    expect(body.msg).toBe(BATCH_VALIDATION_MSG.accountDeleted);
    // Issue 42 point 3: the account stays in the batch, waiting for its files again.
    expect(body.accounts).toMatchObject([{ batchAccountId: target, status: 'Needs Files', fileIdList: [] }]);
    expect(await statusOf(target)).toMatchObject({ status: 'Needs Files', promotedAt: null });
    expect(await stagedOf(target)).toEqual([]);
    // The shared file stays for the other account.
    expect(await stagedOf(world.accounts[1]!.batchAccountId)).toHaveLength(3);
    const audit = await db().execute(
      sql`select 1 from audit_log where action = 'batch_account.deleted' and entity_id = ${String(target)}`,
    );
    expect(audit.rows).toHaveLength(1);
  });
});

describe('PUT /api/data-ingestion-treasury-services/staging/validate', () => {
  it('validates the sections of those types only', async () => {
    const [id] = (await createClients(ctx, 1, 'Treasury')) as [number];
    await createPromotionWorld(ctx, id);
    const treasury = await createTreasuryWorld(ctx, id);
    const res = await call(ctx, 'PUT', '/api/data-ingestion-treasury-services/staging/validate', admin, {
      treasuryServices: { batchTypes: ['Fees', 'Balance'], batchId: treasury.batchId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const accounts = (res.json() as BatchAccountsChanged).accounts;
    expect(accounts.map((a) => [a.type, a.status])).toEqual([
      ['Balance', 'Validated'],
      ['Fees', 'Validated'],
    ]);
    expect((await statusOf(treasury.sections['Account Balance']))!.status).toBe('Needs Validation');
    const fees = await db().execute(sql`select validation_status as v from staging_fees
      where batch_account_id = ${treasury.sections.Fees}`);
    expect(fees.rows).toEqual([{ v: true }]);
  });

  it('answers 422 for a batch without sections of those types', async () => {
    const [id] = (await createClients(ctx, 1, 'Not treasury')) as [number];
    const world = await createPromotionWorld(ctx, id);
    const res = await call(ctx, 'PUT', '/api/data-ingestion-treasury-services/staging/validate', admin, {
      treasuryServices: { batchTypes: ['Fees'], batchId: world.batchId },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msg).toBe(BATCH_VALIDATION_MSG.notTreasuryBatch);
  });
});

describe('permissions and client scoping', () => {
  let world: PromotionWorld;
  beforeAll(async () => {
    const [id] = (await createClients(ctx, 1, 'Scoping')) as [number];
    world = await createPromotionWorld(ctx, id);
  });

  const requests = (w: PromotionWorld) =>
    [
      [
        'VALIDATE_ACCOUNT_BATCHES',
        'PUT',
        '/api/data-ingestion/accounts/validate',
        {
          accounts: [{ batchAccountId: w.accounts[0]!.batchAccountId }],
        },
      ],
      [
        'IGNORE_ACCOUNT_BATCHES',
        'PUT',
        '/api/data-ingestion/accounts/ignore',
        [w.accounts[0]!.batchAccountId],
      ],
      [
        'IGNORE_ACCOUNT_BATCHES',
        'PUT',
        `/api/data-ingestion/accounts/restore/${w.accounts[0]!.batchAccountId}`,
      ],
      ['DELETE_ACCOUNT_BATCHES', 'DELETE', `/api/data-ingestion/accounts/${w.accounts[0]!.batchAccountId}`],
      [
        'VALIDATE_BATCHES',
        'PUT',
        '/api/data-ingestion/batches/validate',
        { accounts: [{ batchId: w.batchId }] },
      ],
      [
        'VALIDATE_ACCOUNT_BATCHES',
        'PUT',
        '/api/data-ingestion-treasury-services/staging/validate',
        {
          treasuryServices: { batchTypes: ['Fees'], batchId: w.batchId },
        },
      ],
    ] as const;

  it('answers 403 without the route permission', async () => {
    const viewer = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_BATCHES', 'VIEW_ACCOUNT_BATCHES'])).roleName,
    );
    for (const [, method, url, body] of requests(world)) {
      const res = await call(ctx, method, url, viewer, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("answers 404 for another client's batch or account to a client-scoped user", async () => {
    const role = await createRole(
      ctx,
      ['VALIDATE_ACCOUNT_BATCHES', 'IGNORE_ACCOUNT_BATCHES', 'DELETE_ACCOUNT_BATCHES', 'VALIDATE_BATCHES'],
      true,
    );
    const scoped = await createSignedInUser(ctx, role.roleName, [otherClientId]);
    for (const [, method, url, body] of requests(world)) {
      const res = await call(ctx, method, url, scoped, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed.
    const rows = await db()
      .select({ status: batchAccounts.status })
      .from(batchAccounts)
      .where(
        inArray(
          batchAccounts.batchAccountId,
          world.accounts.map((a) => a.batchAccountId),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['Needs Validation', 'Needs Validation']);
  });

  it('keeps a file shared with another batch account when one of them is deleted', async () => {
    const extra = await createBatchFileRow(ctx, world.clientId, world.batchId);
    const refs = {
      clientId: world.clientId,
      batchId: world.batchId,
      batchAccountId: world.accounts[1]!.batchAccountId,
      batchFileId: extra.batchFileId,
    };
    await stageTransactionRows(ctx, refs, 2, 500);
    const res = await api('DELETE', `/accounts/${world.accounts[1]!.batchAccountId}`);
    expect(res.statusCode, res.body).toBe(200);
    // The extra file was only that account's: gone; the shared one stays for Operating.
    expect(await db().select().from(batchFiles).where(eq(batchFiles.batchFileId, extra.batchFileId))).toEqual(
      [],
    );
    expect(
      await db().select().from(batchFiles).where(eq(batchFiles.batchFileId, world.file.batchFileId)),
    ).toHaveLength(1);
  });
});
