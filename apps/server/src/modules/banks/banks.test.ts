import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANK_MSG, CLIENT_MSG, type Bank, type BankClientRelationship } from '@tideline/contracts';
import { accounts, auditLog, transactions } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let editorNoDeactivate: SignedInUser;
let nobody: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  editorNoDeactivate = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_BANKS', 'ADD_BANKS', 'EDIT_BANKS'])).roleName,
  );
  nobody = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_DASHBOARD'])).roleName);
});
afterAll(() => ctx.close());

const bankInput = (overrides: Record<string, unknown> = {}) => ({
  bankName: `First Federal ${randomUUID().slice(0, 8)}`,
  assetSize: '1250.5',
  defaultDataGatheringFrequency: 3,
  dataAvailabilityDate: 5,
  fdicCode: '12345',
  ...overrides,
});

async function addBank(overrides: Record<string, unknown> = {}): Promise<Bank> {
  const res = await call(ctx, 'POST', '/api/banks/add', admin, { bank: bankInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bank as Bank;
}

async function relate(clientId: number, bankId: number, user: SignedInUser = admin) {
  return call(ctx, 'POST', '/api/clients/banks', user, { bankClientRel: { clientId, bankId } });
}

describe('banks', () => {
  it('creates a bank (active, with its institution type) and audits it; same names are allowed', async () => {
    const types = (await call(ctx, 'GET', '/api/banks/types/list', admin)).json() as {
      value: number;
      label: string;
    }[];
    const creditUnion = types.find((t) => t.label === 'Credit Union')!;
    const bank = await addBank({ institutionTypeId: creditUnion.value, dataAvailabilityDate: null });
    expect(bank).toMatchObject({
      status: 1,
      assetSize: 1250.5,
      dataAvailabilityDate: null,
      institutionType: 'Credit Union',
    });
    const twin = await addBank({ bankName: bank.bankName.toLowerCase() });
    expect(twin.bankId).not.toBe(bank.bankId);
    const exists = await call(
      ctx,
      'GET',
      `/api/banks/name-exists?name=${encodeURIComponent(bank.bankName)}`,
      admin,
    );
    expect(exists.json()).toEqual({ exists: true });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bank'), eq(auditLog.entityId, String(bank.bankId))));
    expect(audit).toMatchObject({ action: 'bank.created', userId: admin.userId });
  });

  it("answers 400 with the spec's messages", async () => {
    const res = await call(ctx, 'POST', '/api/banks/add', admin, {
      bank: bankInput({
        bankName: '',
        assetSize: '-4',
        defaultDataGatheringFrequency: 5,
        dataAvailabilityDate: 25,
      }),
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json() as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors['bank.bankName']).toEqual(['Required!']);
    expect(fieldErrors['bank.assetSize']).toEqual(['Field must be a positive number.']);
    expect(fieldErrors['bank.defaultDataGatheringFrequency']).toEqual(['Required!']);
    expect(fieldErrors['bank.dataAvailabilityDate']).toEqual(['Required!']);
    const zero = await call(ctx, 'POST', '/api/banks/add', admin, { bank: bankInput({ assetSize: 0 }) });
    expect(zero.json().fieldErrors['bank.assetSize']).toEqual([BANK_MSG.positiveNumber]);
    const missing = await call(ctx, 'POST', '/api/banks/add', admin, {
      bank: { bankName: 'x', assetSize: '1', defaultDataGatheringFrequency: 3 },
    });
    expect(missing.json().fieldErrors['bank.dataAvailabilityDate']).toEqual(['Required!']);
  });

  it('edits a bank; the status only with DEACTIVATE_BANKS; 404 and 403', async () => {
    const bank = await addBank();
    const edited = await call(ctx, 'PUT', `/api/banks/${bank.bankId}`, editorNoDeactivate, {
      bank: bankInput({ bankName: bank.bankName, assetSize: 99 }),
    });
    expect(edited.json()).toMatchObject({ msg: BANK_MSG.updated, bank: { assetSize: 99, status: 1 } });
    const deactivate = { bank: bankInput({ bankName: bank.bankName, status: 0 }) };
    expect(
      (await call(ctx, 'PUT', `/api/banks/${bank.bankId}`, editorNoDeactivate, deactivate)).statusCode,
    ).toBe(403);
    expect((await call(ctx, 'PUT', `/api/banks/${bank.bankId}`, admin, deactivate)).json().bank.status).toBe(
      0,
    );
    expect((await call(ctx, 'PUT', '/api/banks/99999999', admin, deactivate)).statusCode).toBe(404);
    expect((await call(ctx, 'PUT', `/api/banks/${bank.bankId}`, nobody, deactivate)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/banks/all', nobody)).statusCode).toBe(403);
  });

  it('serves the pickers; a client-scoped user sees only banks related to their clients', async () => {
    const [mine, theirs] = await createClients(ctx, 2);
    const related = await addBank();
    const unrelated = await addBank();
    await relate(mine!, related.bankId);
    await relate(theirs!, unrelated.bankId);
    const scoped = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_BANKS'], true)).roleName, [
      mine!,
    ]);
    const seen = ((await call(ctx, 'GET', '/api/banks/all', scoped)).json() as Bank[]).map((b) => b.bankId);
    expect(seen).toEqual([related.bankId]);
    const names = (await call(ctx, 'GET', '/api/banks/list', admin)).json() as { bankId: number }[];
    expect(names.map((b) => b.bankId)).toEqual(expect.arrayContaining([related.bankId, unrelated.bankId]));
    expect((await call(ctx, 'GET', '/api/banks/allowed-data-gathering-values', admin)).json()).toEqual([
      1, 2, 3, 4, 6, 12,
    ]);
    const defaults = (await call(ctx, 'GET', '/api/banks/default-data-gathering-frequencies', scoped)).json();
    expect(defaults).toEqual([{ bankId: related.bankId, defaultDataGatheringFrequency: 3 }]);
  });
});

describe('client-bank relationships (/api/clients/banks)', () => {
  it('relates a bank once, lists it with its account count, and edits status and collection type', async () => {
    const [clientId] = await createClients(ctx, 1);
    const bank = await addBank();
    const created = await relate(clientId!, bank.bankId);
    expect(created.statusCode).toBe(201);
    const rel = created.json().bankClientRel as BankClientRelationship;
    expect(rel).toMatchObject({
      bankName: bank.bankName,
      status: 1,
      collectionType: 'File Upload',
      numOfAccounts: 0,
    });
    expect((await relate(clientId!, bank.bankId)).statusCode).toBe(409);

    const db = ctx.database.db;
    const [account] = await db
      .insert(accounts)
      .values({
        clientId: clientId!,
        bankId: bank.bankId,
        accountName: 'Operating',
        accountNumber: '1001',
        accountAlias: 'OP',
        accountType: 'Transaction',
        accountCategory: 'Operating',
        accountBalanceDate: '2024-01-01',
      })
      .returning();
    await db.insert(accounts).values({
      clientId: clientId!,
      bankId: bank.bankId,
      accountName: 'New',
      accountNumber: '1002',
      isStaging: true,
    });
    await db.insert(transactions).values({
      clientId: clientId!,
      accountId: account!.accountId,
      transactionDate: '2024-03-31',
      amount: '12.50',
      description: 'Interest',
    });
    const list = (
      await call(ctx, 'GET', `/api/clients/banks/all/${clientId}`, admin)
    ).json() as BankClientRelationship[];
    expect(list).toEqual([
      expect.objectContaining({ bankClientRelId: rel.bankClientRelId, numOfAccounts: 1 }),
    ]);
    expect((await call(ctx, 'GET', `/api/clients/${clientId}`, admin)).json().dataUntil).toBe('2024-03-31');

    const edited = await call(ctx, 'PUT', `/api/clients/banks/${rel.bankClientRelId}`, admin, {
      bankClientRel: { status: 0, collectionType: 'Plaid' },
    });
    expect(edited.json()).toMatchObject({
      msg: CLIENT_MSG.relationshipUpdated,
      bankClientRel: { status: 0, collectionType: 'Plaid' },
    });
    const bad = await call(ctx, 'PUT', `/api/clients/banks/${rel.bankClientRelId}`, admin, {
      bankClientRel: { status: 1, collectionType: 'Carrier Pigeon' },
    });
    expect(bad.json().fieldErrors['bankClientRel.collectionType']).toEqual(['Required!']);
  });

  it('gives a client-scoped user 404 for other clients and refuses without the permissions', async () => {
    const [mine, theirs] = await createClients(ctx, 2);
    const bank = await addBank();
    const rel = (await relate(theirs!, bank.bankId)).json().bankClientRel as BankClientRelationship;
    const scoped = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_BANK_CLIENT_RELATIONSHIPS', 'EDIT_BANK_CLIENT_RELATIONSHIPS'], true))
        .roleName,
      [mine!],
    );
    expect((await call(ctx, 'GET', `/api/clients/banks/all/${theirs}`, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/clients/banks/all/${mine}`, scoped)).json()).toEqual([]);
    const edit = { bankClientRel: { status: 0, collectionType: 'Email' } };
    const res = await call(ctx, 'PUT', `/api/clients/banks/${rel.bankClientRelId}`, scoped, edit);
    expect(res.statusCode).toBe(404);
    expect((await relate(theirs!, bank.bankId, scoped)).statusCode).toBe(404);
    expect(
      (await call(ctx, 'PUT', `/api/clients/banks/${rel.bankClientRelId}`, nobody, edit)).statusCode,
    ).toBe(403);
    expect((await call(ctx, 'GET', `/api/clients/banks/all/${mine}`, nobody)).statusCode).toBe(403);
    expect((await relate(mine!, 99999999)).statusCode).toBe(404);
  });
});
