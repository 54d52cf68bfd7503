import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '@tideline/ingest/core/limits';
import { readPdfText } from '@tideline/ingest/pdf/read-pdf-text';
import type { Report } from '@tideline/contracts/reports/reports.schemas';
import { accountGroups, clients, jobRuns } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { followLocalLink } from '../../../test/file-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { REPORT_PDF_JOB } from './reports.job';

// Generate report end to end (issue 19 point 2): POST /generate sends the job, this process's
// pg-boss works it with the real document renderer, the system PDF is stored and downloads as a PDF
// whose text names the client and the period.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

async function waitForJob(jobId: string) {
  for (let i = 0; i < 600; i += 1) {
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    if (run?.state === 'completed' || run?.state === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const read = await readPdfText(new Uint8Array(bytes), DEFAULT_LIMITS, Date.now());
  if (!read.ok) throw new Error(read.error.message);
  return read.value
    .flat()
    .map((item) => item.text)
    .join(' ');
}

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true, queues: [REPORT_PDF_JOB] });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('generate report', () => {
  it('runs the job and stores the system PDF', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Report job')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    const accountId = await createAccountRow(ctx, clientId, bankId, { accountBalance: '100000.00' });
    await insertTransactions(ctx, clientId, accountId, [
      { transactionDate: '2026-01-05', amount: '2500.00', description: 'ACH deposit' },
      { transactionDate: '2026-02-10', amount: '-1200.00', description: 'Wire out' },
    ]);
    const [group] = await db()
      .select({ groupId: accountGroups.groupId })
      .from(accountGroups)
      .where(eq(accountGroups.clientId, clientId));
    const started = await call(ctx, 'POST', `/api/clients/start-report/${clientId}`, admin, {
      client: { startDate: '2026-01-01', endDate: '2026-03-31' },
    });
    expect(started.statusCode, started.body).toBe(201);

    const res = await call(ctx, 'POST', '/api/reports/generate', admin, {
      reports: { clientId, allAccountsGraph: [group!.groupId], zbaAccountStructure: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { report, jobId } = res.json() as { report: Report; jobId: string };
    const run = await waitForJob(jobId);
    expect(run, run.message ?? '').toMatchObject({ state: 'completed', progress: 100 });

    const [listed] = (await call(ctx, 'GET', `/api/reports/all/${clientId}`, admin)).json() as Report[];
    expect(listed).toMatchObject({
      reportId: report.reportId,
      generationStatus: 'done',
      generationError: null,
    });
    expect(listed!.systemReport).toMatch(/\.pdf$/);

    const link = await call(ctx, 'GET', `/api/reports/download/${report.reportId}/system`, admin);
    expect(link.statusCode, link.body).toBe(200);
    const file = await followLocalLink(ctx, (link.json() as { url: string }).url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [client] = await db().select().from(clients).where(eq(clients.clientId, clientId));
    const text = await pdfText(file.rawPayload);
    expect(text).toContain(client!.clientName);
    // The cover names the analyst who generated it (issue 42 point 5).
    expect(text).toContain('Test Admin');
    expect(text).toContain(admin.email);
  }, 120_000);
});
