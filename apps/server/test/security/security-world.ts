import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { PERMISSIONS } from '@tideline/contracts';
import { GenerateReportSchema } from '@tideline/contracts/reports/reports.schemas';
import {
  bankClientRelationships,
  cashVestScores,
  clients,
  exceptionItems,
  files,
  jobRuns,
  reports,
  stagingInvestments,
  stagingTransactions,
  users,
} from '../../src/db/schema';
import { createAccountRow, createKeyword, createRelatedBank, insertTransactions } from '../account-fixtures';
import {
  attachExcelCopy,
  createBatchAccountRow,
  createBatchFileRow,
  createBatchRow,
  insertStagingRows,
} from '../batch-fixtures';
import { insertInvestment } from '../investment-fixtures';
import { createMonteCarloRecords } from '../../src/modules/monte-carlo/monte-carlo.fixtures';
import { insertShortTermModel } from '../short-term-fixtures';
import { createTreasuryStagingWorld } from '../staging-treasury-fixtures';
import { call, createRole, createSignedInUser, type SignedInUser, type TestContext } from '../test-context';

// The security suite's two clients (issue 14 point 11): client A is the prober's, client B is not. Each
// holds one record of every kind an API route takes an id of, and every text of B carries B's marker,
// so an answer that holds the marker has leaked B's data to the prober.

/** A complete Transaction template's columns, for the records and the probes that save templates. */
export const PROBE_TRANSFORM = {
  cellHeaderData: 'Date',
  accountNumber: '0',
  date: '1',
  description: '2',
  amount: '3',
  headerStart: '0',
};

export interface ClientRecords {
  marker: string;
  clientId: number;
  bankId: number;
  relId: number;
  accountId: number;
  otherAccountId: number;
  stagingAccountId: number;
  groupId: number;
  groupXrefId: number;
  linkId: number;
  transactionId: number;
  investmentId: number;
  /** An investment group holding only this client's investment. */
  investmentGroupId: number;
  templateId: number;
  noteId: number;
  resolvedNoteId: number;
  commentId: number;
  batchId: number;
  /** The batch's account (its Operating account) and one extracted file, staged into it. */
  batchAccountId: number;
  batchFileId: number;
  /** A second batch account of the batch (its other account), Needs Files: Ignore and Restore take it. */
  otherBatchAccountId: number;
  /** The file's staged transaction, and a keyword the staging edits can name. */
  stagingTransactionId: number;
  /** The file's staged investment. */
  stagingInvestmentId: number;
  keywordId: number;
  /** A Treasury batch of the client with one staged row per section (the treasury staging dialog). */
  treasuryBatchId: number;
  stagingFeeId: number;
  stagingBalanceId: number;
  stagingAccountBalanceId: number;
  negotiatedRateId: number;
  /** An exception of the client's queue, its summary marked (issue 43). */
  exceptionId: number;
  fileId: number;
  jobId: string;
  /** Analyses of the client's group (issue 18): a short-term model with step 1 and step 2 rows and a
   * cashVest score, inserted as rows (the jobs are not run). */
  /** A group with a year of history (a Monte Carlo can run on it) and a finished run of it, whose
   * balance on the end date is SECURITY_MONTE_CARLO.balance (monte-carlo.fixtures.ts). */
  monteCarloGroupId: number;
  monteCarloId: number;
  /** A finished short-term model (step 1 ready, step 2 done; short-term-fixtures.ts) and its PDF's id. */
  shortTermModelId: number;
  shortTermFileUrl: string;
  cashVestId: number;
  /** A generated report (its system PDF stored, not published), and two PDFs the admin uploaded for
   * it: one for upload and complete, one to discard (issue 19). */
  reportId: number;
  reportUploadFileId: number;
  reportDraftFileId: number;
  /** A Client Viewer of this client only. */
  viewerId: number;
  viewerEmail: string;
}

export interface SecurityWorld {
  admin: SignedInUser;
  /** Client-scoped, associated with A only, holding every permission: only scoping stands in the way. */
  prober: SignedInUser;
  a: ClientRecords;
  b: ClientRecords;
  /** Ids no record has: B's requests must be answered exactly like these. */
  ghost: ClientRecords;
}

async function ok<T>(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
  pick: (j: T) => unknown,
) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return pick(answer.json() as T);
}

export async function createClientRecords(
  ctx: TestContext,
  admin: SignedInUser,
  clientId: number,
  marker: string,
  /** Whose the job is: a job is only its creator's (the client's viewer unless said). */
  jobOwner?: SignedInUser,
): Promise<ClientRecords> {
  const db = ctx.database.db;
  const as = <T>(method: 'POST' | 'PUT', url: string, body: unknown, pick: (j: T) => unknown) =>
    ok<T>(call(ctx, method, url, admin, body), pick) as Promise<number>;
  const bankId = await createRelatedBank(ctx, clientId);
  const [rel] = await db
    .select({ id: bankClientRelationships.bankClientRelId })
    .from(bankClientRelationships)
    .where(eq(bankClientRelationships.clientId, clientId));
  const accountId = await createAccountRow(ctx, clientId, bankId, { accountName: `${marker} Operating` });
  const otherAccountId = await createAccountRow(ctx, clientId, bankId, { accountName: `${marker} Sweep` });
  const stagingAccountId = await createAccountRow(ctx, clientId, bankId, {
    accountName: `${marker} Staged`,
    isStaging: true,
  });
  const groupId = await as<{ group: { groupID: number } }>(
    'POST',
    '/api/accounts/groups/',
    { account: { clientId, addAccountGroupName: `${marker} Group` } },
    (j) => j.group.groupID,
  );
  await as('POST', `/api/accounts/groups/${groupId}`, { account: { accountIdList: [accountId] } }, () => 0);
  const memberships = (
    await call(ctx, 'GET', `/api/accounts/groups/association/${accountId}`, admin)
  ).json() as {
    value: number;
    accountXrefId: number;
  }[];
  const groupXrefId = memberships.find((m) => m.value === groupId)!.accountXrefId;
  const linkId = await as<{ link: { id: number } }>(
    'POST',
    '/api/accounts/link',
    { account: { accountId, linkedToAccountId: otherAccountId } },
    (j) => j.link.id,
  );
  const [transactionId] = await insertTransactions(ctx, clientId, accountId, [
    { transactionDate: '2026-01-15', description: `${marker} wire`, amount: '-125.50' },
  ]);
  const [file] = await db
    .insert(files)
    .values({
      storageKey: `uploads/security/${randomUUID()}`,
      fileName: `${marker}.csv`,
      clientId,
      status: 'stored',
      contentType: 'text/plain',
      sizeBytes: 10,
    })
    .returning({ fileId: files.fileId });
  const investmentId = await insertInvestment(ctx, clientId, accountId, {
    fund: `${marker} Fund`.slice(0, 50),
    fileId: file!.fileId,
  });
  const investmentGroupId = await as<{ group: { groupId: number } }>(
    'POST',
    '/api/investments/groups',
    { investment: { groupName: `${marker} Ladder` } },
    (j) => j.group.groupId,
  );
  await as(
    'POST',
    `/api/investments/group-association/${investmentGroupId}`,
    { investment: { investmentIdList: [investmentId] } },
    () => 0,
  );
  const templateId = await as<{ template: { templateId: number } }>(
    'POST',
    '/api/templates/manage',
    {
      template: {
        bankClientRelId: rel!.id,
        type: 'Transaction',
        jsonTransform: [PROBE_TRANSFORM],
      },
    },
    (j) => j.template.templateId,
  );
  const addNote = (title: string) =>
    as<{ note: { noteId: number } }>(
      'POST',
      '/api/notes/add',
      {
        note: {
          tableLinkedTo: 'clients',
          linkedId: clientId,
          noteTitle: title,
          noteDescription: `${marker} text`,
        },
      },
      (j) => j.note.noteId,
    );
  const noteId = await addNote(`${marker} Rate review`);
  const resolvedNoteId = await addNote(`${marker} Closed matter`);
  await as('PUT', '/api/notes/resolve', { note: { ids: [resolvedNoteId] } }, () => 0);
  const commentId = await as<{ comment: { commentId: number } }>(
    'POST',
    '/api/notes/comments',
    { note: { noteId, comment: `${marker} comment` } },
    (j) => j.comment.commentId,
  );
  const batchId = await createBatchRow(ctx, clientId);
  const batchAccountId = await createBatchAccountRow(ctx, clientId, batchId, {
    accountId,
    status: 'Needs Validation',
  });
  const { batchFileId } = await createBatchFileRow(ctx, clientId, batchId, {
    uploadedFileName: `${marker}-statement.csv`,
    extractionMessage: `${marker} rows staged`,
  });
  await attachExcelCopy(ctx, clientId, batchFileId);
  await insertStagingRows(ctx, { clientId, batchId, batchAccountId, batchFileId });
  const otherBatchAccountId = await createBatchAccountRow(ctx, clientId, batchId, {
    accountId: otherAccountId,
  });
  const [staged] = await db
    .select({ id: stagingTransactions.stagingTransactionId })
    .from(stagingTransactions)
    .where(eq(stagingTransactions.batchFileId, batchFileId));
  const [stagedInvestment] = await db
    .select({ id: stagingInvestments.stagingInvestmentId })
    .from(stagingInvestments)
    .where(eq(stagingInvestments.batchFileId, batchFileId));
  // Keywords are firm-wide: its name must not carry the marker.
  const keywordId = await createKeyword(ctx);
  const treasury = await createTreasuryStagingWorld(ctx, clientId, true);
  const negotiatedRateId = await as<{ negotiatedRate: { negotiatedRateId: number } }>(
    'POST',
    '/api/dashboard/negotiated-rates/',
    {
      negotiatedRates: {
        clientId,
        bankId,
        state: 'CA',
        rate: '4.25',
        realized: 1,
        comments: `${marker} quote`,
      },
    },
    (j) => j.negotiatedRate.negotiatedRateId,
  );
  const [exception] = await db
    .insert(exceptionItems)
    .values({
      clientId,
      kind: 'extraction_failed',
      subjectKey: `file:${batchFileId}`,
      severity: 'High',
      summary: `${marker} statement failed to extract`,
      link: { place: 'uploadDashboard', clientId },
      since: new Date(),
    })
    .returning({ id: exceptionItems.exceptionId });
  const analyses = await insertAnalysisRows(ctx, clientId, groupId, marker);
  const reportRecords = await insertReportRows(ctx, clientId, groupId, marker, admin.userId);
  const monteCarlo = await createMonteCarloRecords(ctx, clientId, bankId, marker, admin.userId);
  const viewer = await createSignedInUser(ctx, 'Client Viewer', [clientId]);
  await db.update(users).set({ firstName: marker }).where(eq(users.userId, viewer.userId));
  const jobId = randomUUID();
  await db
    .insert(jobRuns)
    .values({ jobId, queue: 'security.probe', createdBy: (jobOwner ?? viewer).userId, clientId });
  return {
    marker,
    clientId,
    bankId,
    relId: rel!.id,
    accountId,
    otherAccountId,
    stagingAccountId,
    groupId,
    groupXrefId,
    linkId,
    transactionId: transactionId!,
    investmentId,
    investmentGroupId,
    templateId,
    noteId,
    resolvedNoteId,
    commentId,
    batchId,
    batchAccountId,
    batchFileId,
    otherBatchAccountId,
    stagingTransactionId: staged!.id,
    stagingInvestmentId: stagedInvestment!.id,
    keywordId,
    treasuryBatchId: treasury.batchId,
    stagingFeeId: treasury.feeIds[0]!,
    stagingBalanceId: treasury.balanceIds[0]!,
    stagingAccountBalanceId: treasury.accountBalanceIds[0]!,
    negotiatedRateId,
    exceptionId: exception!.id,
    fileId: file!.fileId,
    jobId,
    ...analyses,
    ...reportRecords,
    ...monteCarlo,
    viewerId: viewer.userId,
    viewerEmail: viewer.email,
  };
}

/** One row of each analysis for the group, named with the marker; the models' results are not computed. */
async function insertAnalysisRows(ctx: TestContext, clientId: number, groupId: number, marker: string) {
  const db = ctx.database.db;
  const shortTerm = await insertShortTermModel(ctx, { clientId, groupId, name: `${marker} Forecast` });
  const [score] = await db
    .insert(cashVestScores)
    .values({
      clientId,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      valueScoreComments: `${marker} note`,
    })
    .returning({ id: cashVestScores.cashVestId });
  return {
    shortTermModelId: shortTerm.shortTermModelId,
    shortTermFileUrl: shortTerm.fileUrl,
    cashVestId: score!.id,
  };
}

/** A report of the client with a stored system PDF, and two uploads of the admin's (rows only). */
async function insertReportRows(
  ctx: TestContext,
  clientId: number,
  groupId: number,
  marker: string,
  adminId: number,
) {
  const db = ctx.database.db;
  const pdf = (name: string, uploadedBy: number | null) => ({
    storageKey: `files/security/${randomUUID()}`,
    fileName: `${marker} ${name}.pdf`,
    clientId,
    uploadedBy,
    status: 'stored' as const,
    contentType: 'application/pdf',
    sizeBytes: 10,
  });
  const [system, upload, draft] = await db
    .insert(files)
    .values([pdf('Liquidity Analysis', null), pdf('edited', adminId), pdf('draft', adminId)])
    .returning({ fileId: files.fileId });
  const [report] = await db
    .insert(reports)
    .values({
      clientId,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      params: GenerateReportSchema.parse({ clientId, allAccountsGraph: [groupId] }),
      systemFileId: system!.fileId,
      generationState: 'done',
      comment: `${marker} comment`,
      createdBy: adminId,
    })
    .returning({ reportId: reports.reportId });
  return { reportId: report!.reportId, reportUploadFileId: upload!.fileId, reportDraftFileId: draft!.fileId };
}

const GHOST_ID = 2_000_000_000;

export async function createSecurityWorld(ctx: TestContext): Promise<SecurityWorld> {
  const tag = randomUUID().slice(0, 8);
  const admin = await createSignedInUser(ctx, 'Admin');
  const [markerA, markerB] = [`ZZA${tag}`, `ZZB${tag}`];
  const [clientA, clientB] = (
    await ctx.database.db
      .insert(clients)
      .values([{ clientName: `${markerA} County` }, { clientName: `${markerB} County` }])
      .returning({ clientId: clients.clientId })
  ).map((c) => c.clientId) as [number, number];
  const a = await createClientRecords(ctx, admin, clientA, markerA);
  const b = await createClientRecords(ctx, admin, clientB, markerB);
  const role = await createRole(ctx, [...PERMISSIONS], true);
  const prober = await createSignedInUser(ctx, role.roleName, [clientA]);
  // A's job is the prober's own: a job is only its creator's.
  await ctx.database.db.update(jobRuns).set({ createdBy: prober.userId }).where(eq(jobRuns.jobId, a.jobId));
  // A's exception is the prober's (My Exceptions shows it); B's is the admin's, whom the prober may not see.
  await ctx.database.db
    .update(exceptionItems)
    .set({ assigneeId: prober.userId })
    .where(eq(exceptionItems.exceptionId, a.exceptionId));
  await ctx.database.db
    .update(exceptionItems)
    .set({ assigneeId: prober.userId })
    .where(eq(exceptionItems.exceptionId, b.exceptionId));
  const ghost: ClientRecords = {
    ...(Object.fromEntries(Object.keys(b).map((k) => [k, GHOST_ID])) as unknown as ClientRecords),
    marker: b.marker,
    jobId: '00000000-0000-4000-8000-000000000000',
    viewerEmail: 'nobody@example.com',
  };
  return { admin, prober, a, b, ghost };
}
