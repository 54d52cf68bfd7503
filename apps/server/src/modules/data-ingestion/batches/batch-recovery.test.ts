import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { BATCH_RECOVERY_MSG } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { batchFiles, files, stagingStatements, stagingTransactions } from '../../../db/schema';
import {
  createExtractingContext,
  createExtractionWorld,
  csvOf,
  extractOne,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import {
  createClients,
  call,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// Issue 42 point 3, through real uploads and extraction: a file in the wrong batch is removed with its
// staged rows, a failed one is counted on the batch row, and a deleted batch account takes its files'
// uploads again (they failed "not in this batch" while the deleted account's row was gone).

let ctx: TestContext;
let analyst: SignedInUser;

const db = () => ctx.database.db;
const get = (url: string) => call(ctx, 'GET', `/api/data-ingestion/${url}`, analyst);
const removeFile = (batchFileId: number, user = analyst) =>
  call(ctx, 'DELETE', `/api/data-ingestion/batch-files/${batchFileId}`, user);

async function createWorld(name: string): Promise<ExtractionWorld> {
  const [clientId] = await createClients(ctx, 1, name);
  return createExtractionWorld(ctx, await createSignedInUser(ctx, 'Admin'), clientId!);
}

async function batchOf(world: ExtractionWorld) {
  return (await get(`batches/${world.batchId}`)).json() as ClientBatch;
}

async function accountsOf(world: ExtractionWorld) {
  return (await get(`accounts/all/${world.batchId}`)).json() as BatchAccount[];
}

const july = (world: ExtractionWorld) =>
  csvOf([
    [world.accounts[0]!.accountNumber, '07/01/2026', 'Wire in', '10.00'],
    [world.accounts[0]!.accountNumber, '07/02/2026', 'Wire out', '-4.00'],
    [world.accounts[1]!.accountNumber, '07/03/2026', 'Fee', '-1.00'],
  ]);

beforeAll(async () => {
  ctx = await createExtractingContext();
  // The default Analyst: UPLOAD_FILES, DELETE_ACCOUNT_BATCHES and the views (permissions.md).
  analyst = await createSignedInUser(ctx, 'Analyst');
}, 60_000);
afterAll(() => ctx.close());

describe('a file in the wrong batch', () => {
  it('is counted on the batch row when it fails, and removed with nothing left of it', async () => {
    const world = await createWorld('Wrong batch');
    const wrong = await extractOne(
      ctx,
      analyst,
      world,
      'sweep.csv',
      csvOf([[world.outsideAccount.accountNumber, '07/01/2026', 'Sweep', '5.00']]),
    );
    expect(wrong.status).toBe('Failed');
    expect(await batchOf(world)).toMatchObject({ failedCount: 1, status: 'EXTRACTION FAILED' });

    const res = await removeFile(wrong.batchFileId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: BATCH_RECOVERY_MSG.fileRemoved,
      removed: { stagingRows: 0, storedFiles: 1 },
    });
    expect(await db().select().from(batchFiles).where(eq(batchFiles.batchFileId, wrong.batchFileId))).toEqual(
      [],
    );
    expect(await db().select().from(files).where(eq(files.fileId, wrong.fileId))).toEqual([]);
    expect(await batchOf(world)).toMatchObject({ failedCount: 0, numberOfFiles: 0, status: 'NOT STARTED' });
    expect((await removeFile(wrong.batchFileId)).statusCode).toBe(404);
  }, 60_000);

  it('takes its staged rows and statements with it; its accounts wait for files; its name uploads again', async () => {
    const world = await createWorld('Remove extracted');
    const file = await extractOne(ctx, analyst, world, 'july.csv', july(world));
    expect(file.status).toBe('Extracted');
    expect((await accountsOf(world)).map((a) => a.status)).toEqual(['Needs Validation', 'Needs Validation']);

    const res = await removeFile(file.batchFileId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toEqual({ stagingRows: 3, storedFiles: 2 });
    const staged = await db()
      .select()
      .from(stagingTransactions)
      .where(eq(stagingTransactions.batchFileId, file.batchFileId));
    expect(staged).toEqual([]);
    expect(
      await db().select().from(stagingStatements).where(eq(stagingStatements.batchFileId, file.batchFileId)),
    ).toEqual([]);
    expect((await accountsOf(world)).map((a) => [a.status, a.fileIdList])).toEqual([
      ['Needs Files', []],
      ['Needs Files', []],
    ]);
    const audit = await db().execute(
      sql`select 1 from audit_log where action = 'batch_file.deleted' and entity_id = ${String(file.batchFileId)}`,
    );
    expect(audit.rows).toHaveLength(1);

    // The same name is no longer "already in the batch".
    const again = await extractOne(ctx, analyst, world, 'july.csv', july(world));
    expect(again.status).toBe('Extracted');
  }, 60_000);

  it('is refused while being extracted or once its batch is validated, and needs UPLOAD_FILES', async () => {
    const world = await createWorld('Remove refused');
    const file = await extractOne(ctx, analyst, world, 'july.csv', july(world));
    await db()
      .update(batchFiles)
      .set({ status: 'Queued' })
      .where(eq(batchFiles.batchFileId, file.batchFileId));
    const queued = await removeFile(file.batchFileId);
    expect(queued.statusCode).toBe(409);
    expect(queued.json().msg).toBe(BATCH_RECOVERY_MSG.fileBeingExtracted('july.csv'));
    await db()
      .update(batchFiles)
      .set({ status: 'Validated' })
      .where(eq(batchFiles.batchFileId, file.batchFileId));
    const validated = await removeFile(file.batchFileId);
    expect(validated.statusCode).toBe(409);
    expect(validated.json().msg).toBe(BATCH_RECOVERY_MSG.fileValidated('july.csv'));

    await db()
      .update(batchFiles)
      .set({ status: 'Extracted' })
      .where(eq(batchFiles.batchFileId, file.batchFileId));
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [world.clientId]);
    expect((await removeFile(file.batchFileId, viewer)).statusCode).toBe(403);
    expect((await accountsOf(world)).map((a) => a.status)).toEqual(['Needs Validation', 'Needs Validation']);
  }, 60_000);
});

describe('DELETE /accounts/{id}', () => {
  it('returns the account to Needs Files with its uploads gone, and its statements upload again', async () => {
    const world = await createWorld('Delete account again');
    const file = await extractOne(
      ctx,
      analyst,
      world,
      'operating.csv',
      csvOf([[world.accounts[0]!.accountNumber, '07/01/2026', 'Wire in', '10.00']]),
    );
    expect(file.status).toBe('Extracted');
    const id = world.accounts[0]!.batchAccountId;
    const res = await call(ctx, 'DELETE', `/api/data-ingestion/accounts/${id}`, analyst);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accounts).toMatchObject([
      { batchAccountId: id, status: 'Needs Files', fileIdList: [] },
    ]);
    expect(await db().select().from(batchFiles).where(eq(batchFiles.batchFileId, file.batchFileId))).toEqual(
      [],
    );

    // Before issue 42 the account's row was gone and this failed "not in this batch".
    const again = await extractOne(
      ctx,
      analyst,
      world,
      'operating.csv',
      csvOf([[world.accounts[0]!.accountNumber, '07/01/2026', 'Wire in', '10.00']]),
    );
    expect(again.status, again.extractionMessage ?? '').toBe('Extracted');
    expect((await accountsOf(world))[0]).toMatchObject({ batchAccountId: id, status: 'Needs Validation' });
  }, 60_000);
});
