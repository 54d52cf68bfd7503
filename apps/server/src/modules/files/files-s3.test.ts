import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeUpload,
  getDownloadUrl,
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

// Server mode against s3rver, a local S3 stand-in (it checks no signatures or policies, so this shows
// what the server does, not AWS's enforcement): a presigned POST can be posted again until it expires,
// so only the move to a final key keeps a checked file from being swapped (security issue 14 point 3).

const ORIGINAL = Buffer.from('date,description,amount\n01/02/2026,Wire in,100.00\n');
const OTHER = Buffer.from('date,description,amount\n01/02/2026,Wire out,-999999.00\n');

let server: S3rver;
let ctx: TestContext;
let analyst: SignedInUser;
let clientA: number;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: await mkdtemp(path.join(os.tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'tideline-files-test', configs: [] }],
  });
  const address = (await server.run()) as unknown as AddressInfo;
  ctx = await createTestContext({
    S3_BUCKET: 'tideline-files-test',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  clientA = (await createClients(ctx, 1))[0]!;
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

async function postToS3(url: string, fields: Record<string, string>, body: Buffer, fileName: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([body]), fileName);
  return fetch(url, { method: 'POST', body: form });
}

describe('files in server mode (S3)', () => {
  it('moves a checked file to a final key, so re-posting the form cannot replace it', async () => {
    const fileName = 'Relevé 東京.csv';
    const form = await requestUploadForm(ctx, analyst, fileName, ORIGINAL.length, clientA);
    const uploadKey = form.fields.key!;
    expect(uploadKey).toMatch(/^uploads\//);
    expect((await postToS3(form.url, form.fields, ORIGINAL, fileName)).status).toBeLessThan(300);
    expect((await completeUpload(ctx, analyst, form.fileId)).json()).toMatchObject({
      status: 'stored',
      sizeBytes: ORIGINAL.length,
    });
    const row = await selectFileRow(ctx, form.fileId);
    expect(row.storageKey).toMatch(/^files\//);
    expect(await ctx.platform.storage.headObject(uploadKey)).toBeNull();

    // S3 takes the form again until it expires: the bytes only reach the upload key, an orphan.
    expect((await postToS3(form.url, form.fields, OTHER, fileName)).status).toBeLessThan(300);
    expect((await completeUpload(ctx, analyst, form.fileId)).json()).toMatchObject({ status: 'stored' });
    expect((await selectFileRow(ctx, form.fileId)).storageKey).toBe(row.storageKey);

    const link = await getDownloadUrl(ctx, analyst, form.fileId);
    expect(link.statusCode).toBe(200);
    const download = await fetch(link.json().url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Relev_ __.csv"; filename*=UTF-8''Relev%C3%A9%20%E6%9D%B1%E4%BA%AC.csv`,
    );
    expect(await download.text()).toBe(ORIGINAL.toString());

    const audit = await selectFileAudit(ctx, form.fileId);
    expect(audit.map((a) => a.action)).toEqual(['file.requested', 'file.stored']);
    expect(audit[1]!.after).toMatchObject({ storageKey: row.storageKey });
  });

  it('deletes a rejected file from both keys', async () => {
    const fake = Buffer.from('not really a pdf');
    const form = await requestUploadForm(ctx, analyst, 'fake.pdf', fake.length, clientA);
    expect((await postToS3(form.url, form.fields, fake, 'fake.pdf')).status).toBeLessThan(300);
    expect((await completeUpload(ctx, analyst, form.fileId)).statusCode).toBe(422);
    const row = await selectFileRow(ctx, form.fileId);
    expect(row.status).toBe('rejected');
    expect(await ctx.platform.storage.headObject(row.storageKey)).toBeNull();
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
  });

  it('signs the declared size into the policy, and rejects a larger object a store let through', async () => {
    const form = await requestUploadForm(ctx, analyst, 'declared.csv', ORIGINAL.length, clientA);
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, ORIGINAL.length]);
    // AWS refuses this post by the policy; s3rver checks none, so /complete must refuse it too.
    const larger = Buffer.concat([ORIGINAL, Buffer.from('01/03/2026,Wire in,5.00\n')]);
    expect((await postToS3(form.url, form.fields, larger, 'declared.csv')).status).toBeLessThan(300);
    const done = await completeUpload(ctx, analyst, form.fileId);
    expect(done.statusCode).toBe(422);
    expect(done.json()).toEqual({ msg: 'The file is larger than the upload limit.' });
    const row = await selectFileRow(ctx, form.fileId);
    expect(row).toMatchObject({ status: 'rejected', sizeBytes: larger.length });
    expect(await ctx.platform.storage.headObject(row.storageKey)).toBeNull();
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
  });

  it('has no embedded upload endpoint to post to', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/files/upload' });
    expect(res.statusCode).toBe(404);
  });
});
