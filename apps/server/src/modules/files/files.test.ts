import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  post,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { postLocalForm } from '../../../test/file-fixtures';
import { createUploadKey } from '../../platform/storage/storage-keys';

let ctx: TestContext;
let analyst: SignedInUser;
let viewer: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: '4096' });
  analyst = await createSignedInUser(ctx, 'Analyst');
  viewer = await createSignedInUser(ctx, 'Client Viewer', await createClients(ctx, 1));
});
afterAll(() => ctx.close());

async function upload(user: SignedInUser, fileName: string, body: Buffer, clientId: number | null = null) {
  const signed = await post(
    ctx,
    '/api/files/upload-url',
    { fileName, contentType: 'text/csv', sizeBytes: body.length, clientId },
    user.auth,
  );
  expect(signed.statusCode).toBe(200);
  const { fileId, url, fields } = signed.json();
  const posted = await postLocalForm(ctx, url, fields, body, fileName);
  return {
    fileId,
    fields,
    url,
    posted,
    complete: () => post(ctx, `/api/files/${fileId}/complete`, undefined, user.auth),
  };
}

describe('files in embedded mode', () => {
  // Issue 42 point 7: a portal opened on 127.0.0.1 (not PUBLIC_URL's localhost) posts to its own host.
  it('signs upload and download addresses relative to the host the portal is opened on', async () => {
    const { url, posted, fileId, complete } = await upload(analyst, 'host.csv', Buffer.from('a,b\n1,2\n'));
    expect(url).toBe('/api/files/upload');
    expect(posted.statusCode).toBe(204);
    await complete();
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download-url`,
      headers: { ...analyst.auth, host: '127.0.0.1:3000' },
    });
    expect(link.json().url).toMatch(/^\/api\/files\/download\?/);
    expect((await ctx.app.inject({ method: 'GET', url: link.json().url })).statusCode).toBe(200);
  });

  it('uploads through a signed form, checks the content and hands out a signed download', async () => {
    const csv = Buffer.from('date,description,amount\n01/02/2026,Wire in,100.00\n');
    const { fileId, posted, complete } = await upload(analyst, 'statement.csv', csv);
    expect(posted.statusCode).toBe(204);
    const done = await complete();
    expect(done.json()).toMatchObject({
      fileId,
      status: 'stored',
      contentType: 'text/plain',
      sizeBytes: csv.length,
    });
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download-url`,
      headers: analyst.auth,
    });
    const download = await ctx.app.inject({ method: 'GET', url: link.json().url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="statement.csv"; filename*=UTF-8''statement.csv`,
    );
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.body).toBe(csv.toString());
  });

  it('rejects and deletes a file whose content does not match its type', async () => {
    const { posted, complete } = await upload(analyst, 'report.pdf', Buffer.from('not really a pdf'));
    expect(posted.statusCode).toBe(204);
    const done = await complete();
    expect(done.statusCode).toBe(422);
    expect(done.json().msg).toBe('The content of report.pdf does not match its file type.');
  });

  it('refuses a tampered signature, an oversized file and a disallowed extension', async () => {
    const { fields, url } = await upload(analyst, 'a.csv', Buffer.from('x,y\n'));
    const tampered = await postLocalForm(
      ctx,

      url,
      { ...fields, key: createUploadKey() },
      Buffer.from('x,y\n'),
      'a.csv',
    );
    expect(tampered.statusCode).toBe(403);
    const big = await post(
      ctx,
      '/api/files/upload-url',
      { fileName: 'big.csv', sizeBytes: 10_000 },
      analyst.auth,
    );
    expect(big.statusCode).toBe(413);
    const exe = await post(
      ctx,
      '/api/files/upload-url',
      { fileName: 'tool.exe', sizeBytes: 10 },
      analyst.auth,
    );
    expect(exe.statusCode).toBe(400);
    const oversized = await postLocalForm(ctx, url, fields, Buffer.alloc(5000, 65), 'a.csv');
    expect(oversized.statusCode).toBe(413);
  });

  it('keeps client-scoped users to their clients and enforces the permissions', async () => {
    const { fileId, complete } = await upload(analyst, 'client9.csv', Buffer.from('a,b\n'), 9);
    await complete();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/files/${fileId}/download-url`,
          headers: viewer.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post(ctx, '/api/files/upload-url', { fileName: 'x.csv', sizeBytes: 3 }, viewer.auth)).statusCode,
    ).toBe(403);
  });
});
