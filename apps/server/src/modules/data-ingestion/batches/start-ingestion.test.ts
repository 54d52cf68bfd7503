import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { START_INGESTION_MSG } from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import { auditLog, bankClientRelationships, importTemplates, openReports } from '../../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let scoped: SignedInUser;
let noStart: SignedInUser;
let clientX: number;
let clientY: number;
let clientZ: number;
let bankOne: number;
let relOne: number;
let relTwo: number;

const ALL = ['transactions', 'investments', 'hybridAccount', 'treasuryServices'];
const PERIOD = { startDate: '2026-07-15', endDate: '2026-09-10' };
const db = () => ctx.database.db;
const relOf = async (clientId: number, bankId: number) =>
  (
    await db()
      .select({ id: bankClientRelationships.bankClientRelId })
      .from(bankClientRelationships)
      .where(and(eq(bankClientRelationships.clientId, clientId), eq(bankClientRelationships.bankId, bankId)))
  )[0]!.id;
const startReport = (clientId: number) =>
  call(ctx, 'POST', `/api/clients/start-report/${clientId}`, admin, {
    client: { startDate: '2026-07-01', endDate: '2026-09-30' },
  });
const ingest = (path: string, user: SignedInUser, body: unknown) =>
  call(ctx, 'POST', `/api/data-ingestion/start-ingestion/${path}`, user, body);

beforeAll(async () => {
  ctx = await createTestContext();
  [clientX, clientY, clientZ] = (await createClients(ctx, 3, 'Ingestion')) as [number, number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  scoped = await createSignedInUser(ctx, (await createRole(ctx, ['START_REPORT'], true)).roleName, [clientY]);
  noStart = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_BATCHES'])).roleName);
  bankOne = await createRelatedBank(ctx, clientX);
  const bankTwo = await createRelatedBank(ctx, clientX);
  [relOne, relTwo] = [await relOf(clientX, bankOne), await relOf(clientX, bankTwo)];
  const account = (bankId: number, accountType: string, extra = {}) =>
    createAccountRow(ctx, clientX, bankId, { accountType, ...extra });
  await account(bankOne, 'Transaction', { accountName: 'Operating' });
  await account(bankOne, 'Transaction', {
    accountName: 'Payroll',
    accountClosed: true,
    accountDateClosed: '2026-08-05',
  });
  await account(bankOne, 'Transaction', {
    accountName: 'Old',
    accountClosed: true,
    accountDateClosed: '2026-06-30',
  });
  await account(bankOne, 'Investment');
  await account(bankOne, 'Treasury Services');
  await account(bankTwo, 'Transaction');
  await account(bankTwo, 'Hybrid');
  await account(bankTwo, 'Transaction', { isStaging: true });
  await db()
    .insert(importTemplates)
    .values({
      clientId: clientX,
      bankClientRelId: relOne,
      type: 'Treasury',
      templateType: 'Header',
      jsonTransform: { accountGroupName: 'Operating Group' },
    });
  // Y and Z bank at bankOne too; Y has an open report, Z none.
  await db()
    .insert(bankClientRelationships)
    .values([
      { clientId: clientY, bankId: bankOne },
      { clientId: clientZ, bankId: bankOne },
    ]);
  await createAccountRow(ctx, clientY, bankOne, { accountType: 'Transaction' });
  await createAccountRow(ctx, clientZ, bankOne, { accountType: 'Transaction' });
  await startReport(clientY);
});
afterAll(() => ctx.close());

describe('POST /api/data-ingestion/start-ingestion/...', () => {
  it('needs an open report first', async () => {
    const res = await ingest(`bank/${relOne}`, admin, { ...PERIOD, types: ['transactions'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      msg: `Failed to start transactions ingestion for bank. ${START_INGESTION_MSG.noOpenReport}`,
    });
  });

  it("creates a relationship's batches and accounts (Needs Files) and moves ingestion to IN PROGRESS", async () => {
    await startReport(clientX);
    const res = await ingest(`bank/${relOne}`, admin, {
      ...PERIOD,
      types: ['transactions', 'treasuryServices'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { msg, batches, failures } = res.json() as {
      msg: string;
      batches: ClientBatch[];
      failures: unknown[];
    };
    expect(msg).toBe(START_INGESTION_MSG.started(2));
    expect(failures).toEqual([]);
    const byType = Object.fromEntries(batches.map((b) => [b.templateType, b]));
    // Operating owes July-September (3), Payroll July-August (2); Old closed before the period.
    expect(byType.Transaction).toMatchObject({
      bankClientRelId: relOne,
      sourcesRequired: 5,
      accountName: 'Operating, Payroll',
      accountCount: 2,
      startDate: PERIOD.startDate,
      endDate: PERIOD.endDate,
      status: 'NOT STARTED',
      numberOfFiles: 0,
      inProgressCount: 0,
      hasNotes: false,
    });
    expect(byType.Treasury).toMatchObject({
      sourcesRequired: 3,
      accountName: 'Operating Group',
      accountCount: 0,
    });

    const accounts = (
      await call(ctx, 'GET', `/api/data-ingestion/accounts/all/${byType.Transaction!.batchId}`, admin)
    ).json() as BatchAccount[];
    expect(accounts.map((a) => [a.accountName, a.status, a.statementMonths, a.fileIdList])).toEqual([
      ['Operating', 'Needs Files', 3, []],
      ['Payroll', 'Needs Files', 2, []],
    ]);
    const sections = (
      await call(ctx, 'GET', `/api/data-ingestion/accounts/all/${byType.Treasury!.batchId}`, admin)
    ).json() as BatchAccount[];
    expect(sections.map((a) => [a.type, a.status, a.totalCharges])).toEqual([
      ['Balance', 'Needs Files', null],
      ['Fees', 'Needs Files', 0],
      ['Account Balance', 'Needs Files', null],
    ]);

    const [report] = await db().select().from(openReports).where(eq(openReports.clientId, clientX));
    expect(report!.ingestionStatus).toBe('IN PROGRESS');
    const status = (await call(ctx, 'GET', `/api/clients/report-status/${clientX}`, admin)).json();
    expect(status[0]).toMatchObject({ ingestionStatus: 'In Progress', openBatchCount: 2 });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'batch.created'), eq(auditLog.entityId, String(byType.Transaction!.batchId))),
      );
    expect(audits[0]).toMatchObject({ userId: admin.userId, clientIds: [clientX] });
    expect(audits[0]!.after).toMatchObject({ sourcesRequired: 5, batchAccounts: expect.any(Array) });
  });

  it('starts the rest for the client and names, per type, what could not start', async () => {
    const res = await ingest(`client/${clientX}`, admin, { ...PERIOD, types: ALL });
    expect(res.statusCode, res.body).toBe(201);
    const { batches, failures } = res.json() as { batches: ClientBatch[]; failures: unknown[] };
    expect(batches.map((b) => `${b.bankClientRelId}:${b.templateType}:${b.sourcesRequired}`).sort()).toEqual(
      [`${relOne}:Investment:3`, `${relTwo}:Hybrid:3`, `${relTwo}:Transaction:3`].sort(),
    );
    expect(failures).toEqual([
      {
        clientId: clientX,
        clientName: expect.any(String),
        type: 'treasuryServices',
        msg: 'Failed to start treasury services ingestion for client.',
        reason: START_INGESTION_MSG.alreadyStarted,
      },
    ]);
    const again = await ingest(`client/${clientX}`, admin, {
      ...PERIOD,
      types: ['investments', 'hybridAccount'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(
      `Failed to start investments ingestion for client. ${START_INGESTION_MSG.alreadyStarted} ` +
        `Failed to start hybrid account ingestion for client. ${START_INGESTION_MSG.alreadyStarted}`,
    );
  });

  it("starts a bank's clients that the user may see, each in its own open report", async () => {
    const res = await ingest(`bank-clients/${bankOne}`, scoped, { ...PERIOD, types: ['transactions'] });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().batches as ClientBatch[]).map((b) => b.clientId)).toEqual([clientY]);
    expect(res.json().failures).toEqual([]);
    // The admin sees X (started already), Y (started now) and Z (no open report).
    const all = await ingest(`bank-clients/${bankOne}`, admin, { ...PERIOD, types: ['transactions'] });
    expect(all.statusCode).toBe(409);
    expect(all.json().msg).toContain(START_INGESTION_MSG.noOpenReport);
  });

  it('refuses an inactive relationship', async () => {
    await db()
      .update(bankClientRelationships)
      .set({ status: 0 })
      .where(eq(bankClientRelationships.bankClientRelId, relTwo));
    const res = await ingest(`bank/${relTwo}`, admin, { ...PERIOD, types: ['transactions'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: START_INGESTION_MSG.relationshipInactive });
  });

  it("answers the spec's messages for a bad form", async () => {
    const none = await ingest(`client/${clientX}`, admin, { ...PERIOD, types: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ types: [START_INGESTION_MSG.atLeastOne] });
    const reversed = await ingest(`client/${clientX}`, admin, {
      startDate: '2026-09-10',
      endDate: '2026-07-15',
      types: ALL,
    });
    expect(reversed.json().fieldErrors).toEqual({ endDate: ['End date cannot be before start date.'] });
    const missing = await ingest(`client/${clientX}`, admin, { startDate: '', types: ALL });
    expect(missing.json().fieldErrors).toMatchObject({ startDate: [MSG.required], endDate: [MSG.required] });
  });

  it("needs START_REPORT and answers another client's ids as missing ones", async () => {
    const body = { ...PERIOD, types: ALL };
    for (const path of [`bank/${relOne}`, `client/${clientX}`, `bank-clients/${bankOne}`]) {
      expect((await ingest(path, noStart, body)).statusCode).toBe(403);
    }
    const rel = await ingest(`bank/${relOne}`, scoped, body);
    expect(rel.statusCode).toBe(404);
    expect(rel.json()).toEqual({ msg: START_INGESTION_MSG.relationshipNotFound });
    expect((await ingest(`client/${clientX}`, scoped, body)).statusCode).toBe(404);
    const bankTwo = (
      await db()
        .select()
        .from(bankClientRelationships)
        .where(eq(bankClientRelationships.bankClientRelId, relTwo))
    )[0]!.bankId;
    const bank = await ingest(`bank-clients/${bankTwo}`, scoped, body);
    expect(bank.statusCode).toBe(404);
    expect(bank.json()).toEqual({ msg: START_INGESTION_MSG.bankNotFound });
  });
});
