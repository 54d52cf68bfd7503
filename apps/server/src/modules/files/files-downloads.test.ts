import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { downloadFile, followLocalLink, getDownloadUrl, storeFile } from '../../../test/file-fixtures';
import { insertInvestment } from '../../../test/investment-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  post,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { signStorageValues } from '../../platform/storage/local-signed-forms';

// Security issue 14 point 8 (file parts): downloads are octet-stream attachments under a safe
// RFC 6266 name, and a file of no client is not handed to client-scoped users by any route.

const SECRET = 'files-downloads-test-secret-0123456789abcdef';
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n');

let ctx: TestContext;
let analyst: SignedInUser;
let viewer: SignedInUser;
let scopedUploader: SignedInUser;
let clientA: number;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: '4096', AUTH_SECRET: SECRET });
  clientA = (await createClients(ctx, 1))[0]!;
  analyst = await createSignedInUser(ctx, 'Analyst');
  viewer = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
  const scoped = await createRole(
    ctx,
    ['UPLOAD_FILES', 'DOWNLOAD_FILES', 'VIEW_CLIENTS', 'VIEW_INVESTMENTS'],
    true,
  );
  scopedUploader = await createSignedInUser(ctx, scoped.roleName, [clientA]);
});
afterAll(() => ctx.close());

describe('downloads', () => {
  it('are octet-stream attachments the browser may not sniff, whatever the bytes', async () => {
    const { fileId } = await storeFile(ctx, analyst, 'page.csv', HTML, clientA);
    const download = await downloadFile(ctx, scopedUploader, fileId);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="page.csv"; filename*=UTF-8''page.csv`,
    );
    expect(download.body).toBe(HTML.toString());
  });

  it('carry RFC 6266 names: non-Latin-1 characters do not fail, and a / is never kept', async () => {
    const cases: [string, string][] = [
      [
        'Relevé 東京.csv',
        `attachment; filename="Relev_ __.csv"; filename*=UTF-8''Relev%C3%A9%20%E6%9D%B1%E4%BA%AC.csv`,
      ],
      [
        '../reports/2026"q".csv',
        `attachment; filename=".._reports_2026_q_.csv"; filename*=UTF-8''.._reports_2026%22q%22.csv`,
      ],
      ['back\\slash.csv', `attachment; filename="back_slash.csv"; filename*=UTF-8''back_slash.csv`],
    ];
    for (const [fileName, disposition] of cases) {
      const { fileId } = await storeFile(ctx, analyst, fileName, Buffer.from('a,b\n'), clientA);
      const download = await downloadFile(ctx, analyst, fileId);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toBe(disposition);
    }
  });

  it('refuses a link whose name, key or expiry was changed, or that has expired', async () => {
    const { fileId } = await storeFile(ctx, analyst, 'linked.csv', Buffer.from('a,b\n'), clientA);
    const url = new URL((await getDownloadUrl(ctx, analyst, fileId)).json().url, 'http://localhost');
    const changed = (name: string, value: string) => {
      const u = new URL(url);
      u.searchParams.set(name, value);
      return u.toString();
    };
    for (const tampered of [
      changed('fileName', 'linked.html'),
      changed('fileName', 'a\r\nb.csv'),
      changed('key', 'files/2026/01/other'),
      changed('expires', String(Math.floor(Date.now() / 1000) + 86_400)),
    ]) {
      const res = await followLocalLink(ctx, tampered);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: 'The download link is invalid or has expired.' });
    }
    const past = String(Math.floor(Date.now() / 1000) - 1);
    const key = url.searchParams.get('key')!;
    const signature = signStorageValues(SECRET, 'download', [key, 'linked.csv', past]);
    const expired = new URL(url);
    expired.searchParams.set('expires', past);
    expired.searchParams.set('signature', signature);
    expect((await followLocalLink(ctx, expired.toString())).statusCode).toBe(403);
  });
});

describe('files of no client', () => {
  it('are not downloadable by client-scoped users', async () => {
    const { fileId } = await storeFile(ctx, analyst, 'firm-wide.csv', Buffer.from('a,b\n'), null);
    expect((await getDownloadUrl(ctx, analyst, fileId)).statusCode).toBe(200);
    const res = await getDownloadUrl(ctx, scopedUploader, fileId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'File not found.' });
  });

  it('are not handed to a Client Viewer by id: report PDFs go through the reports routes', async () => {
    const { fileId } = await storeFile(ctx, analyst, 'theirs.csv', Buffer.from('a,b\n'), clientA);
    expect((await getDownloadUrl(ctx, viewer, fileId)).statusCode).toBe(403);
  });

  it("are not handed out as an investment's source to client-scoped users", async () => {
    const { fileId } = await storeFile(ctx, analyst, 'source.csv', Buffer.from('a,b\n'), null);
    const bank = await createRelatedBank(ctx, clientA);
    const account = await createAccountRow(ctx, clientA, bank, { accountType: 'Investment' });
    const investment = await insertInvestment(ctx, clientA, account, { fileId });
    const res = await call(ctx, 'GET', `/api/investments/source/${investment}`, scopedUploader);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'File not found.' });
  });

  it('cannot be made or fed to an account upload by client-scoped users', async () => {
    const own = await post(
      ctx,
      '/api/files/upload-url',
      { fileName: 'mine.csv', sizeBytes: 4, clientId: null },
      scopedUploader.auth,
    );
    expect(own.statusCode).toBe(403);
    const { fileId } = await storeFile(ctx, analyst, 'accounts.csv', Buffer.from('a,b\n'), null);
    const res = await call(ctx, 'POST', '/api/accounts/upload', scopedUploader, {
      fileUpload: { clientId: clientA, successfulFileList: [fileId] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ msg: 'File not found.' });
  });
});
