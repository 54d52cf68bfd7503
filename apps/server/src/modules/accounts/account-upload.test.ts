import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import type { JobStatus } from '@tideline/contracts';
import { accounts } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { createRelatedBank } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  post,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { EXTRACT_ACCOUNTS_JOB, extractAccountsFromCsv } from './account-upload.service';

let ctx: TestContext;
let analyst: SignedInUser;
let viewer: SignedInUser;
let clientA: number;
let clientB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  // Only its own queue: other test files' jobs read files stored under their own DATA_DIR.
  await ctx.platform.jobs.start({ work: true, queues: [EXTRACT_ACCOUNTS_JOB] });
  [clientA, clientB] = (await createClients(ctx, 2, 'Upload')) as [number, number];
  await createRelatedBank(ctx, clientA, { bankName: 'First Upload Bank' });
  analyst = await createSignedInUser(ctx, 'Analyst');
  viewer = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
});
afterAll(() => ctx.close());

/** The files flow as the web runs it: upload-url, post the form, complete. Answers the file id. */
async function uploadFile(fileName: string, text: string, clientId: number) {
  const body = Buffer.from(text);
  const signed = await post(
    ctx,
    '/api/files/upload-url',
    { fileName, contentType: 'text/csv', sizeBytes: body.length, clientId },
    analyst.auth,
  );
  const { fileId, url, fields } = signed.json();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([body]), fileName);
  const request = new Request(new URL(url, 'http://localhost'), { method: 'POST', body: form });
  await ctx.app.inject({
    method: 'POST',
    url: new URL(url, 'http://localhost').pathname,
    headers: Object.fromEntries(request.headers),
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect((await post(ctx, `/api/files/${fileId}/complete`, undefined, analyst.auth)).statusCode).toBe(200);
  return fileId as number;
}

async function waitForJob(jobId: string): Promise<JobStatus> {
  const until = Date.now() + 30_000;
  for (;;) {
    const status = (await call(ctx, 'GET', `/api/jobs/${jobId}`, analyst)).json() as JobStatus;
    if (status.state === 'completed' || status.state === 'failed' || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const upload = (clientId: number, successfulFileList: number[], user = analyst) =>
  call(ctx, 'POST', '/api/accounts/upload', user, { fileUpload: { clientId, successfulFileList } });

const accountsFromFile = (fileId: number) =>
  ctx.database.db.select().from(accounts).where(eq(accounts.sourceFileId, fileId));

const header =
  'Account Name,Account Number,Account Alias,Account Type,Account Category,Bank Name,Start Balance,Balance Date';

describe('bulk account upload', () => {
  it('serves the template with the columns the extractor expects', async () => {
    const res = await call(ctx, 'GET', '/api/accounts/upload-template', analyst);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.trim()).toBe(header);
  });

  it('extracts a good csv into staging accounts through a job', async () => {
    const fileId = await uploadFile(
      'accounts.csv',
      `${header}\n` +
        'Tax Receipts,1001,Taxes,Transaction,Deposit,first upload bank,"$1,250.00",01/31/2026\n' +
        '\n' +
        'Payroll,1002,,,,,,\n',
      clientA,
    );
    const res = await upload(clientA, [fileId]);
    expect(res.statusCode).toBe(202);
    const { jobs } = res.json() as { jobs: { jobId: string; fileName: string }[] };
    expect(jobs).toHaveLength(1);
    const status = await waitForJob(jobs[0]!.jobId);
    expect(status).toMatchObject({ state: 'completed', progress: 100 });
    expect(status.result).toMatchObject({ createdCount: 2, isAlreadyExtracted: false });
    const review = (await call(ctx, 'GET', `/api/accounts/review/${clientA}`, viewer)).json() as Account[];
    const extracted = review.filter((a) => a.sourceFileId === fileId);
    expect(extracted.map((a) => a.accountNumber).sort()).toEqual(['1001', '1002']);
    expect(extracted.find((a) => a.accountNumber === '1001')).toMatchObject({
      accountName: 'Tax Receipts',
      bankName: 'First Upload Bank',
      accountCategory: 'Deposit',
      accountBalance: 1250,
      accountBalanceDate: '2026-01-31',
      isStaging: true,
    });

    // A retried extraction of the same file (a crash after the commit) creates nothing twice.
    const again = await extractAccountsFromCsv(
      {
        storage: ctx.platform.storage,
        workers: ctx.platform.ingestWorkers,
        budget: ctx.platform.parseBudget,
      },
      {
        db: ctx.database.db,
        jobId: 'retry-probe',
        data: { fileId, clientId: clientA, userId: analyst.userId },
        setProgress: async () => undefined,
      },
    );
    expect(again).toMatchObject({ createdCount: 0, isAlreadyExtracted: true });
    expect(await accountsFromFile(fileId)).toHaveLength(2);
  });

  it('fails a csv with bad rows naming them, and creates no account from it', async () => {
    const fileId = await uploadFile(
      'bad-accounts.csv',
      `${header}\n` +
        'Good One,2001,,,,,,\n' +
        ',2002,,Transaction,,,,\n' +
        'Bad Type,2003,,Checking,,,,\n' +
        'Bad Money,2004,,,,,12abc,\n' +
        'Repeat,2001,,,,,,\n' +
        'Unknown Bank,2005,,,,Nowhere Bank,,\n',
      clientA,
    );
    const startedAt = Date.now();
    const status = await waitForJob((await upload(clientA, [fileId])).json().jobs[0].jobId);
    expect(status.state).toBe('failed');
    // Issue 20 point 8: a file with bad rows fails the same way every time, so it is not retried.
    expect(status.attempts).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(status.message).toMatch(
      /^Failed to Extract Accounts from CSV file\. bad-accounts\.csv: Rows 3, 4, 5, 6, 7 are not valid/,
    );
    expect(status.message).toContain('Row 3: Account Name is required.');
    expect(status.message).toContain("Row 4: Account Type 'Checking' is not one of");
    expect(status.message).toContain("Row 5: Start Balance '12abc': Field must be a number.");
    expect(status.message).toContain('Row 6: Account Number 2001 repeats row 2 for the same bank.');
    expect(status.message).toContain("Row 7: Bank Name 'Nowhere Bank' is not a bank of this client.");
    expect(await accountsFromFile(fileId)).toHaveLength(0);
  });

  it('fails a csv with missing columns, and one repeating an account the client has', async () => {
    const missing = await uploadFile('short.csv', 'Account Name,Account Number\nA,1\n', clientA);
    const first = await waitForJob((await upload(clientA, [missing])).json().jobs[0].jobId);
    expect(first.message).toBe(
      'Failed to Extract Accounts from CSV file. short.csv: Row 1 is not valid; no account was created. Row 1: missing columns Account Alias, Account Type, Account Category, Bank Name, Start Balance, Balance Date.',
    );
    const repeat = await uploadFile('repeat.csv', `${header}\nAgain,1002,,,,,,\n`, clientA);
    const second = await waitForJob((await upload(clientA, [repeat])).json().jobs[0].jobId);
    expect(second.message).toContain('Row 2: an account with number 1002 already exists at this bank.');
    expect(await accountsFromFile(repeat)).toHaveLength(0);
  });

  it('accepts only csv files of the client, for users who may upload', async () => {
    const txt = await uploadFile('accounts.txt', `${header}\n`, clientA);
    const refused = await upload(clientA, [txt]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('File type not accepted.');
    const foreign = await uploadFile('other.csv', `${header}\n`, clientB);
    expect((await upload(clientA, [foreign])).statusCode).toBe(404);
    expect((await upload(clientA, [foreign], viewer)).statusCode).toBe(403);
  });
});
