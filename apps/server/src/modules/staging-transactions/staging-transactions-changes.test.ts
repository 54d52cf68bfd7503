import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import {
  notInBatchAccountMessage,
  STAGING_TRANSACTION_MSG,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { auditLog, batchAccountFiles, batchAccounts, batches, stagingTransactions } from '../../db/schema';
import { createKeyword, insertTransactions } from '../../../test/account-fixtures';
import {
  addBatchAccount,
  createStagingWorld,
  stageTransactions,
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

// ingestion-analysis.md 4 "Staging row validationStatus", 5 (edit and bulk edit), 6 and 8: the changes
// to staged transactions, who may make them, and what is refused with nothing changed.

let ctx: TestContext;
let admin: SignedInUser;
let keywordId: number;
let clientId: number;
let otherClientId: number;
let worldCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  [otherClientId] = (await createClients(ctx, 1, 'Staging other')) as [number];
  keywordId = await createKeyword(ctx);
});
afterAll(() => ctx.close());

let world: StagingWorld;
let ids: number[];
beforeEach(async () => {
  // A client of its own per test: the fixture's batch is the client's one Transaction batch.
  [clientId] = (await createClients(ctx, 1, `Staging changes ${++worldCount}`)) as [number];
  world = await createStagingWorld(ctx, clientId);
  ids = (
    await stageTransactions(ctx, world, [
      { transactionDate: '2024-02-29', description: 'Leap wire', amount: '10.00' },
      { transactionDate: '2024-03-01', description: 'Deposit', amount: '20.00' },
      { transactionDate: '2024-03-02', description: 'Fee', amount: '-5.00', validationStatus: true },
    ])
  ).ids;
});

const db = () => ctx.database.db;
const rowsOf = (rowIds: readonly number[]) =>
  db()
    .select()
    .from(stagingTransactions)
    .where(inArray(stagingTransactions.stagingTransactionId, [...rowIds]))
    .orderBy(stagingTransactions.stagingTransactionId);
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

const edit = (id: number, body: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', `/api/transactions/staging/update/${id}`, user, {
    amount: '12.34',
    description: 'Edited',
    keyword: keywordId,
    date: '2024-03-05',
    ...body,
  });
const bulk = (body: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', '/api/transactions/staging/update', user, { stagingTransactionIds: ids, ...body });
const setValidation = (verb: 'validate' | 'invalidate', body: Record<string, unknown>, user = admin) =>
  call(ctx, 'PUT', `/api/transactions/staging/${verb}`, user, {
    batchAccountId: world.batchAccountId,
    stagingTransactionIds: ids,
    ...body,
  });
const remove = (rowIds: number[], user = admin) =>
  call(ctx, 'DELETE', '/api/transactions/staging', user, { stagingTransactionId: rowIds });

describe('PUT /api/transactions/staging/update/:stagingTransactionId', () => {
  it('changes every field, answers the row and audits the change', async () => {
    const res = await edit(ids[0]!, { amount: -7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: STAGING_TRANSACTION_MSG.updated,
      transaction: {
        stagingTransactionId: ids[0],
        amount: -7,
        transactionDescription: 'Edited',
        keywordId,
        transactionDate: '2024-03-05',
      },
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staging_transaction'), eq(auditLog.entityId, String(ids[0]))));
    expect(audit.map((a) => a.action)).toEqual(['staging_transaction.updated']);
    expect(audit[0]!.after).toMatchObject({ description: 'Edited', amount: '-7.00' });
  });

  it("refuses missing or malformed fields with the spec's messages, changing nothing", async () => {
    const before = await rowsOf(ids);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ amount: 'ten' }, { amount: [MSG.fieldMustBeNumber] }],
      [{ amount: '' }, { amount: [MSG.required] }],
      [{ description: '' }, { description: [MSG.required] }],
      [{ keyword: null }, { keyword: [MSG.required] }],
      [{ date: '' }, { date: [MSG.required] }],
      [{ date: '2025-02-29' }, { date: ['Not a real date.'] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await edit(ids[0]!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    const unknownKeyword = await edit(ids[0]!, { keyword: 999999999 });
    expect(unknownKeyword.statusCode).toBe(400);
    expect(unknownKeyword.json().msg).toBe('Keyword not found.');
    expect(await rowsOf(ids)).toEqual(before);
  });

  it('returns a Validated batch account to Needs Validation', async () => {
    await setAccountStatus('Validated');
    expect((await edit(ids[1]!, {})).statusCode).toBe(200);
    expect(await statusOf(world.batchAccountId)).toBe('Needs Validation');
  });

  it('re-decides the duplicate flags when the matched fields change', async () => {
    const [booked] = (await insertTransactions(ctx, clientId, world.accountId, [
      { transactionDate: '2024-03-05', description: 'Edited', amount: '12.34' },
    ])) as [number];
    const later = await stageTransactions(ctx, world, [
      { transactionDate: '2024-03-01', description: 'Deposit', amount: '20.00' },
    ]);
    await db()
      .update(stagingTransactions)
      .set({ duplicateOfStagingTransactionId: ids[1]!, duplicateOfBatchFileId: null })
      .where(eq(stagingTransactions.stagingTransactionId, later.ids[0]!));
    // ids[1] now equals the booked transaction; the later row no longer equals ids[1].
    expect((await edit(ids[1]!, {})).statusCode).toBe(200);
    const [edited, laterRow] = await rowsOf([ids[1]!, later.ids[0]!]);
    expect(edited!.duplicateOfTransactionId).toBe(booked);
    expect(laterRow!.duplicateOfStagingTransactionId).toBeNull();
    // Only the keyword changes: the flags stay.
    expect((await edit(ids[1]!, { keyword: await createKeyword(ctx) })).statusCode).toBe(200);
    expect((await rowsOf([ids[1]!]))[0]!.duplicateOfTransactionId).toBe(booked);
  });
});

describe('PUT /api/transactions/staging/update (bulk)', () => {
  it('changes only the sent fields of the selected rows', async () => {
    const res = await bulk({ stagingTransactionIds: [ids[1], ids[2]], keyword: keywordId, description: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: STAGING_TRANSACTION_MSG.updated, changedCount: 2 });
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.keywordId, r.description, r.amount])).toEqual([
      [null, 'Leap wire', '10.00'],
      [keywordId, 'Deposit', '20.00'],
      [keywordId, 'Fee', '-5.00'],
    ]);
  });

  it("replaces the year of each row's date", async () => {
    const res = await bulk({ stagingTransactionIds: [ids[1], ids[2]], year: 2026 });
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(ids)).map((r) => r.transactionDate)).toEqual([
      '2024-02-29',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('refuses a year that makes 29 February impossible, naming the rows, changing nothing', async () => {
    const before = await rowsOf(ids);
    const res = await bulk({ year: 2025 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      `2025 has no 29 February: staging transaction(s) ${ids[0]} cannot take that year.`,
    );
    expect(await rowsOf(ids)).toEqual(before);
  });

  it("refuses a year that is not four digits and a non-number amount with the spec's messages", async () => {
    const before = await rowsOf(ids);
    for (const year of [20261, 999, '2026', 2026.5]) {
      const res = await bulk({ year });
      expect(res.statusCode, String(year)).toBe(400);
      expect(res.json().fieldErrors, String(year)).toEqual({
        year: [STAGING_TRANSACTION_MSG.mustBeFourDigit],
      });
    }
    const amount = await bulk({ amount: '1,00' });
    expect(amount.json().fieldErrors).toEqual({ amount: [MSG.fieldMustBeNumber] });
    expect(await rowsOf(ids)).toEqual(before);
  });
});

describe('PUT /api/transactions/staging/validate and /invalidate', () => {
  it('validates the rows without changing the account status, then invalidates them', async () => {
    const res = await setValidation('validate', {});
    expect(res.json()).toEqual({ msg: STAGING_TRANSACTION_MSG.validated, changedCount: 2 });
    expect((await rowsOf(ids)).every((r) => r.validationStatus)).toBe(true);
    expect(await statusOf(world.batchAccountId)).toBe('Needs Validation');
    const back = await setValidation('invalidate', { stagingTransactionIds: [ids[0]] });
    expect(back.json()).toEqual({ msg: STAGING_TRANSACTION_MSG.invalidated, changedCount: 1 });
    expect((await rowsOf(ids)).map((r) => r.validationStatus)).toEqual([false, true, true]);
  });

  it('returns a Validated batch account to Needs Validation on invalidate', async () => {
    await setAccountStatus('Validated');
    expect((await setValidation('validate', {})).statusCode).toBe(200);
    expect(await statusOf(world.batchAccountId)).toBe('Validated');
    expect((await setValidation('invalidate', { stagingTransactionIds: [ids[2]] })).statusCode).toBe(200);
    expect(await statusOf(world.batchAccountId)).toBe('Needs Validation');
  });

  it('refuses ids of another batch account, or none at all, naming them, changing nothing', async () => {
    const elsewhere = await addBatchAccount(ctx, world);
    const [stranger] = (
      await stageTransactions(ctx, elsewhere, [{ transactionDate: '2024-03-01', amount: '1' }])
    ).ids as [number];
    const before = await rowsOf([...ids, stranger]);
    for (const verb of ['validate', 'invalidate'] as const) {
      const res = await setValidation(verb, { stagingTransactionIds: [ids[0], stranger, 999999999] });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(notInBatchAccountMessage([stranger, 999999999], world.batchAccountId));
    }
    expect(await rowsOf([...ids, stranger])).toEqual(before);
  });
});

describe('DELETE /api/transactions/staging', () => {
  it('deletes the rows, keeps the list total right and audits each', async () => {
    const res = await remove([ids[0]!, ids[1]!]);
    expect(res.json()).toEqual({ msg: STAGING_TRANSACTION_MSG.deleted, changedCount: 2 });
    expect(await rowsOf(ids)).toHaveLength(1);
    const [file] = await db()
      .select()
      .from(batchAccountFiles)
      .where(eq(batchAccountFiles.batchAccountId, world.batchAccountId));
    expect(file!.rowCount).toBe(1);
    const page = await call(ctx, 'POST', '/api/transactions/staging/inspect', admin, {
      batchAccountIds: [world.batchAccountId],
    });
    expect(page.json()).toMatchObject({ resultCount: 1, totalCount: 1 });
  });

  it('answers 404 when any id is missing, deleting nothing', async () => {
    expect((await remove([ids[0]!, 999999999])).statusCode).toBe(404);
    expect(await rowsOf(ids)).toHaveLength(3);
  });
});

describe('read-only rows', () => {
  const attempts = () => [
    edit(ids[0]!, {}),
    bulk({ keyword: keywordId }),
    setValidation('validate', {}),
    setValidation('invalidate', {}),
    remove([ids[0]!]),
  ];

  it('refuses every change once the batch is validated, with 409', async () => {
    await validateBatch();
    const before = await rowsOf(ids);
    for (const res of await Promise.all(attempts())) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().msg).toBe(STAGING_TRANSACTION_MSG.batchValidated);
    }
    expect(await rowsOf(ids)).toEqual(before);
  });

  it('refuses every change to an Ignored account, with 409', async () => {
    await setAccountStatus('Ignored');
    for (const res of await Promise.all(attempts())) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().msg).toBe(STAGING_TRANSACTION_MSG.accountIgnored);
    }
  });
});

describe('permissions and client scoping', () => {
  it('answers 403 to a user without the route’s permission', async () => {
    const { roleName } = await createRole(ctx, ['VIEW_STAGING_TRANSACTIONS']);
    const viewer = await createSignedInUser(ctx, roleName);
    for (const res of [
      await edit(ids[0]!, {}, viewer),
      await bulk({ keyword: keywordId }, viewer),
      await setValidation('validate', {}, viewer),
      await setValidation('invalidate', {}, viewer),
      await remove([ids[0]!], viewer),
    ])
      expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another client's rows to a client-scoped user, changing nothing", async () => {
    const every = [
      'EDIT_STAGING_TRANSACTIONS',
      'VALIDATE_STAGING_TRANSACTIONS',
      'INVALIDATE_STAGING_TRANSACTIONS',
      'DELETE_STAGING_TRANSACTIONS',
    ];
    const { roleName } = await createRole(ctx, every, true);
    const outsider = await createSignedInUser(ctx, roleName, [otherClientId]);
    const before = await rowsOf(ids);
    for (const res of [
      await edit(ids[0]!, {}, outsider),
      await bulk({ keyword: keywordId }, outsider),
      await setValidation('validate', {}, outsider),
      await setValidation('invalidate', {}, outsider),
      await remove([ids[0]!], outsider),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect(await rowsOf(ids)).toEqual(before);
  });
});
