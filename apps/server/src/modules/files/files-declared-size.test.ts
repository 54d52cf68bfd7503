import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '@tideline/contracts';
import {
  completeUpload,
  postLocalForm,
  requestUploadForm,
  selectFileAudit,
} from '../../../test/file-fixtures';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 40 point 6: the size a client declares when it asks for a form is the size signed into it,
// and the embedded receiver refuses a byte more (413), staging and storing nothing.

let ctx: TestContext;
let analyst: SignedInUser;
let clientA: number;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: '4096' });
  clientA = (await createClients(ctx, 1))[0]!;
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

const csvOf = (length: number) => Buffer.from(`a,b\n${'1'.repeat(length - 4)}`);
const incomingFiles = () => readdir(path.join(ctx.dataDir, 'files', '.incoming')).catch(() => []);

describe('the declared upload size', () => {
  it('is what the form signs, not the instance limit', async () => {
    const form = await requestUploadForm(ctx, analyst, 'small.csv', 10, clientA);
    expect(form.fields.maxBytes).toBe('10');
    expect((form as unknown as { maxBytes: number }).maxBytes).toBe(10);
  });

  it('refuses a body larger than declared (413, our sentence), stores nothing and keeps the form', async () => {
    const declared = csvOf(10);
    const form = await requestUploadForm(ctx, analyst, 'declared.csv', declared.length, clientA);
    for (const body of [csvOf(11), csvOf(3000), csvOf(5000)]) {
      const posted = await postLocalForm(ctx, form.url, form.fields, body, 'declared.csv');
      expect(posted.statusCode).toBe(413);
      expect(posted.json()).toEqual({ msg: FILE_MSG.tooLarge });
      expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
      expect(await incomingFiles()).toEqual([]);
    }
    expect((await selectFileAudit(ctx, form.fileId)).map((a) => a.action)).toEqual(['file.requested']);
    expect((await completeUpload(ctx, analyst, form.fileId)).json()).toEqual({ msg: FILE_MSG.notUploaded });

    // Exactly the declared size goes through, once.
    expect((await postLocalForm(ctx, form.url, form.fields, declared, 'declared.csv')).statusCode).toBe(204);
    expect((await completeUpload(ctx, analyst, form.fileId)).json()).toMatchObject({
      status: 'stored',
      sizeBytes: declared.length,
    });
  });

  it('takes a body smaller than declared', async () => {
    const form = await requestUploadForm(ctx, analyst, 'smaller.csv', 100, clientA);
    expect((await postLocalForm(ctx, form.url, form.fields, csvOf(20), 'smaller.csv')).statusCode).toBe(204);
    expect((await completeUpload(ctx, analyst, form.fileId)).json()).toMatchObject({
      status: 'stored',
      sizeBytes: 20,
    });
  });

  it('refuses the signed size raised in the form (403), and stores nothing', async () => {
    const form = await requestUploadForm(ctx, analyst, 'raised.csv', 10, clientA);
    const raised = { ...form.fields, maxBytes: '4096' };
    const posted = await postLocalForm(ctx, form.url, raised, csvOf(3000), 'raised.csv');
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toEqual({ msg: FILE_MSG.uploadLinkInvalid });
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
    expect(await incomingFiles()).toEqual([]);
  });
});
