import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeUpload,
  postLocalForm,
  requestUploadForm,
  selectFileAudit,
  selectFileRow,
} from '../../../test/file-fixtures';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Security issue 14 point 10 (file part): every write of a stored file is audited, entity 'file'.

let ctx: TestContext;
let analyst: SignedInUser;
let clientA: number;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: '4096' });
  clientA = (await createClients(ctx, 1))[0]!;
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

describe('file audit', () => {
  it('records the request, the bytes landing (by the uploader) and the stored file', async () => {
    const csv = Buffer.from('a,b\n1,2\n');
    const form = await requestUploadForm(ctx, analyst, 'audited.csv', csv.length, clientA);
    expect((await postLocalForm(ctx, form.url, form.fields, csv)).statusCode).toBe(204);
    expect((await completeUpload(ctx, analyst, form.fileId)).statusCode).toBe(200);
    const row = await selectFileRow(ctx, form.fileId);
    const audit = await selectFileAudit(ctx, form.fileId);
    expect(audit.map((a) => [a.action, a.userId])).toEqual([
      ['file.requested', analyst.userId],
      ['file.uploaded', analyst.userId],
      ['file.stored', analyst.userId],
    ]);
    expect(audit[1]!.after).toMatchObject({ storageKey: form.fields.key, sizeBytes: csv.length });
    expect(audit[2]!.before).toMatchObject({ status: 'pending', storageKey: form.fields.key });
    expect(audit[2]!.after).toMatchObject({
      status: 'stored',
      storageKey: row.storageKey,
      fileName: 'audited.csv',
      sizeBytes: csv.length,
    });
  });

  it('records a rejected file, whose bytes are deleted', async () => {
    const fake = Buffer.from('not really a pdf');
    const form = await requestUploadForm(ctx, analyst, 'fake.pdf', fake.length, clientA);
    expect((await postLocalForm(ctx, form.url, form.fields, fake, 'fake.pdf')).statusCode).toBe(204);
    const done = await completeUpload(ctx, analyst, form.fileId);
    expect(done.statusCode).toBe(422);
    expect(done.json()).toMatchObject({ msg: 'The content of fake.pdf does not match its file type.' });
    const row = await selectFileRow(ctx, form.fileId);
    expect(await ctx.platform.storage.headObject(row.storageKey)).toBeNull();
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
    const audit = await selectFileAudit(ctx, form.fileId);
    expect(audit.map((a) => a.action)).toEqual(['file.requested', 'file.uploaded', 'file.rejected']);
    expect(audit[2]!.after).toMatchObject({
      status: 'rejected',
      rejectReason: 'The content of fake.pdf does not match its file type.',
    });
  });

  it('writes no audit row and no object for a refused post', async () => {
    const form = await requestUploadForm(ctx, analyst, 'refused.csv', 4, clientA);
    const tampered = { ...form.fields, contentType: 'text/html' };
    expect((await postLocalForm(ctx, form.url, tampered, Buffer.from('a,b\n'))).statusCode).toBe(403);
    expect((await selectFileAudit(ctx, form.fileId)).map((a) => a.action)).toEqual(['file.requested']);
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
  });
});
