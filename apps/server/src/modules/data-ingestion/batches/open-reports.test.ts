import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenReportRow } from '@tideline/contracts/data-ingestion/open-reports.schemas';
import { OPEN_REPORT_MSG } from '@tideline/contracts/data-ingestion/open-reports.schemas';
import {
  auditLog,
  batchAccounts,
  batchFiles,
  batches,
  files,
  investments,
  notes,
  openReports,
  stagingAccountBalances,
  stagingBalances,
  stagingFees,
  stagingInvestments,
  stagingTransactions,
  transactions,
} from '../../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../../test/account-fixtures';
import { createBatchFileRow, insertStagingRows, type StoredBatchFile } from '../../../../test/batch-fixtures';
import { insertInvestment } from '../../../../test/investment-fixtures';
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
let viewer: SignedInUser;

const db = () => ctx.database.db;

interface Staged {
  clientId: number;
  batchId: number;
  transactionId: number;
  investmentId: number;
  loose: StoredBatchFile;
  /** The source of a validated transaction: it stays with it. */
  kept: StoredBatchFile;
}

/** A client whose report has one started batch, two extracted files and rows in every staging table. */
async function stageClient(): Promise<Staged> {
  const [clientId] = (await createClients(ctx, 1, 'Open report')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId, { accountType: 'Transaction' });
  const period = { startDate: '2026-07-01', endDate: '2026-09-30' };
  await call(ctx, 'POST', `/api/clients/start-report/${clientId}`, admin, { client: period });
  const started = await call(ctx, 'POST', `/api/data-ingestion/start-ingestion/client/${clientId}`, admin, {
    ...period,
    types: ['transactions'],
  });
  const batchId = started.json().batches[0].batchId as number;
  const [batchAccount] = await db().select().from(batchAccounts).where(eq(batchAccounts.batchId, batchId));
  const loose = await createBatchFileRow(ctx, clientId, batchId);
  const kept = await createBatchFileRow(ctx, clientId, batchId);
  const refs = { clientId, batchId, batchAccountId: batchAccount!.batchAccountId };
  await insertStagingRows(ctx, { ...refs, batchFileId: loose.batchFileId });
  await insertStagingRows(ctx, { ...refs, batchFileId: kept.batchFileId });
  const [transactionId] = await insertTransactions(ctx, clientId, accountId, [
    { transactionDate: '2026-06-30', description: 'Validated last cycle', amount: '-12.50' },
  ]);
  await db()
    .update(transactions)
    .set({ fileId: kept.fileId, batchId })
    .where(eq(transactions.transactionId, transactionId!));
  await db()
    .update(stagingTransactions)
    .set({ duplicateOfTransactionId: transactionId! })
    .where(eq(stagingTransactions.batchFileId, loose.batchFileId));
  const investmentId = await insertInvestment(ctx, clientId, accountId, { fileId: kept.fileId });
  return { clientId, batchId, transactionId: transactionId!, investmentId, loose, kept };
}

async function countStaged(batchId: number): Promise<number> {
  let total = 0;
  for (const table of [
    stagingTransactions,
    stagingInvestments,
    stagingFees,
    stagingBalances,
    stagingAccountBalances,
  ]) {
    total += (await db().select().from(table).where(eq(table.batchId, batchId))).length;
  }
  return total;
}

let first: Staged;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  first = await stageClient();
  scoped = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_OPEN_REPORTS', 'DELETE_OPEN_REPORTS'], true)).roleName,
    [first.clientId],
  );
  viewer = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_BATCHES', 'DELETE_BATCHES'])).roleName,
  );
});
afterAll(() => ctx.close());

describe('GET /api/data-ingestion/open-reports', () => {
  it("lists the open reports with their sources, collection types, status and the batches' notes", async () => {
    await db().insert(notes).values({
      noteTitle: 'Missing July',
      noteDescription: 'The bank resends July.',
      authorId: admin.userId,
      tableLinkedTo: 'batches',
      linkedId: first.batchId,
      clientId: first.clientId,
    });
    const rows = (
      await call(ctx, 'GET', '/api/data-ingestion/open-reports', admin)
    ).json() as OpenReportRow[];
    expect(rows.find((r) => r.clientId === first.clientId)).toMatchObject({
      startDate: '2026-07-01',
      endDate: '2026-09-30',
      sourcesRequired: 3,
      collectionType: 'File Upload',
      status: 'IN PROGRESS',
      analysisStatus: 'Data Ingestion',
      numberOfBatches: 1,
      hasNotes: true,
    });
    const created = rows.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('shows a client-scoped user only their clients, and needs VIEW_OPEN_REPORTS', async () => {
    const rows = (
      await call(ctx, 'GET', '/api/data-ingestion/open-reports', scoped)
    ).json() as OpenReportRow[];
    expect(rows.map((r) => r.clientId)).toEqual([first.clientId]);
    expect((await call(ctx, 'GET', '/api/data-ingestion/open-reports', viewer)).statusCode).toBe(403);
  });
});

describe('DELETE /api/data-ingestion/open-reports/:clientId', () => {
  it('is one transaction: when a step fails, nothing is deleted and every object stays', async () => {
    const staged = await stageClient();
    const holds = `test_file_holds_${randomUUID().slice(0, 8)}`;
    await db().execute(sql.raw(`create table ${holds} (file_id int references files(file_id))`));
    await db().execute(sql.raw(`insert into ${holds} values (${staged.loose.fileId})`));
    const res = await call(ctx, 'DELETE', `/api/data-ingestion/open-reports/${staged.clientId}`, admin);
    await db().execute(sql.raw(`drop table ${holds}`));
    expect(res.statusCode).toBe(500);
    expect(await db().select().from(batches).where(eq(batches.batchId, staged.batchId))).toHaveLength(1);
    expect(await countStaged(staged.batchId)).toBe(10);
    expect(await ctx.platform.storage.headObject(staged.loose.storageKey)).not.toBeNull();
  });

  it('removes batches, accounts, files, staging rows and stored files, never validated data', async () => {
    const { clientId, batchId, loose, kept, transactionId, investmentId } = first;
    const [report] = await db().select().from(openReports).where(eq(openReports.clientId, clientId));
    const res = await call(ctx, 'DELETE', `/api/data-ingestion/open-reports/${clientId}`, scoped);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: OPEN_REPORT_MSG.deleted,
      deleted: { batches: 1, batchAccounts: 1, batchFiles: 2, stagingRows: 10, storedFiles: 1 },
    });
    expect(await db().select().from(openReports).where(eq(openReports.clientId, clientId))).toEqual([]);
    expect(await db().select().from(batches).where(eq(batches.clientId, clientId))).toEqual([]);
    expect(await db().select().from(batchAccounts).where(eq(batchAccounts.clientId, clientId))).toEqual([]);
    expect(await db().select().from(batchFiles).where(eq(batchFiles.clientId, clientId))).toEqual([]);
    expect(await countStaged(batchId)).toBe(0);
    const left = await db()
      .select({ fileId: files.fileId })
      .from(files)
      .where(inArray(files.fileId, [loose.fileId, kept.fileId]));
    expect(left).toEqual([{ fileId: kept.fileId }]);
    expect(await ctx.platform.storage.headObject(loose.storageKey)).toBeNull();
    expect(await ctx.platform.storage.headObject(kept.storageKey)).not.toBeNull();
    const [transaction] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.transactionId, transactionId));
    expect(transaction).toMatchObject({ fileId: kept.fileId, batchId, amount: '-12.50' });
    const [investment] = await db().select().from(investments).where(eq(investments.id, investmentId));
    expect(investment!.fileId).toBe(kept.fileId);

    const audit = await db()
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(
        and(eq(auditLog.userId, scoped.userId), inArray(auditLog.entity, ['batch', 'file', 'open_report'])),
      );
    expect(audit.map((a) => `${a.action} ${a.entityId}`).sort()).toEqual(
      [
        `batch.deleted ${batchId}`,
        `file.deleted ${loose.fileId}`,
        `open_report.deleted ${report!.openReportId}`,
      ].sort(),
    );
    const status = (await call(ctx, 'GET', `/api/clients/report-status/${clientId}`, admin)).json();
    expect(status[0]).toMatchObject({ reportStatus: null, openBatchCount: 0 });
  });

  it("answers no open report and another client's alike: 404; needs DELETE_OPEN_REPORTS", async () => {
    const again = await call(ctx, 'DELETE', `/api/data-ingestion/open-reports/${first.clientId}`, scoped);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: OPEN_REPORT_MSG.notFound });
    const other = await stageClient();
    const foreign = await call(ctx, 'DELETE', `/api/data-ingestion/open-reports/${other.clientId}`, scoped);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(again.json());
    expect(
      (await call(ctx, 'DELETE', `/api/data-ingestion/open-reports/${other.clientId}`, viewer)).statusCode,
    ).toBe(403);
  });
});
