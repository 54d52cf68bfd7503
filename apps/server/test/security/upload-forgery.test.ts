import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeUpload,
  downloadFile,
  postLocalForm,
  requestUploadForm,
  selectFileRow,
  storeFile,
} from '../file-fixtures';
import {
  createClients,
  createSignedInUser,
  post,
  type SignedInUser,
  type TestContext,
  createTestContext,
} from '../test-context';
import { signStorageValues } from '../../src/platform/storage/local-signed-forms';
import { createUploadKey } from '../../src/platform/storage/storage-keys';

// Security issue 14 points 2 and 3: forged upload forms and swapping a checked file, in embedded mode.
// With AUTH_SECRET known, some tests sign forms the way the server would, to show that even a valid
// signature does not get past the checks on each value and the single use of a form.

const SECRET = 'files-forgery-test-secret-0123456789abcdef';
const ORIGINAL = Buffer.from('date,description,amount\n01/02/2026,Wire in,100.00\n');
// The swap is as long as the original: a form's signed size lets it through, so only single use stops it.
const OTHER = Buffer.from('date,description,amount\n01/02/2026,Wire in,999999\n');

let ctx: TestContext;
let victim: SignedInUser;
let attacker: SignedInUser;
let clientA: number;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: '4096', AUTH_SECRET: SECRET });
  clientA = (await createClients(ctx, 1))[0]!;
  victim = await createSignedInUser(ctx, 'Analyst');
  attacker = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

const inSeconds = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);

/** A form with these values and a signature the server's own key made. */
function serverSignedForm(values: {
  key: string;
  contentType?: string;
  maxBytes?: string;
  expires?: string;
}) {
  const { key, contentType = 'text/csv', maxBytes = '4096', expires = inSeconds(600) } = values;
  const signature = signStorageValues(SECRET, 'upload', [key, contentType, maxBytes, expires]);
  return { key, contentType, maxBytes, expires, signature };
}

async function expectUnchanged(fileId: number) {
  const download = await downloadFile(ctx, victim, fileId);
  expect(download.body).toBe(ORIGINAL.toString());
  expect(await selectFileRow(ctx, fileId)).toMatchObject({ status: 'stored', sizeBytes: ORIGINAL.length });
}

describe('forged upload forms', () => {
  it("a line break in contentType cannot move field boundaries (the pen test's 10-year expiry, another client's key, maxBytes 'Z')", async () => {
    const stored = await storeFile(ctx, victim, 'statement.csv', ORIGINAL, clientA);
    // The pen test: contentType ends its field and starts expires, key and maxBytes of the attacker's choice.
    const contentType = `text/csv\nexpires=${inSeconds(315_360_000)}\nkey=${stored.fields.key}\nmaxBytes=Z`;
    const asked = await post(
      ctx,
      '/api/files/upload-url',
      { fileName: 'mine.csv', contentType, sizeBytes: 10 },
      attacker.auth,
    );
    expect(asked.statusCode).toBe(400);
    expect(asked.json().msg).toBe('contentType: The content type is not valid.');
    // The second half of the attack on an honest form: the rest of the signed text moved into maxBytes.
    const own = await requestUploadForm(ctx, attacker, 'mine.csv', 10);
    const { expires, key, maxBytes, signature } = own.fields;
    const shifted = {
      contentType: 'text/csv',
      expires: inSeconds(315_360_000),
      key: stored.fields.key!,
      maxBytes: `Z\nexpires=${expires}\nkey=${key}\nmaxBytes=${maxBytes}`,
      signature: signature!,
    };
    const posted = await postLocalForm(ctx, own.url, shifted, OTHER);
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toEqual({ msg: 'The upload form is not valid.' });
    await expectUnchanged(stored.fileId);
  });

  it('refuses a forged or extended expiry', async () => {
    const form = await requestUploadForm(ctx, attacker, 'late.csv', OTHER.length);
    const extended = await postLocalForm(
      ctx,
      form.url,
      { ...form.fields, expires: inSeconds(315_360_000) },
      OTHER,
    );
    expect(extended.statusCode).toBe(403);
    expect(extended.json()).toEqual({ msg: 'The upload link is invalid or has expired.' });
    const signedLong = serverSignedForm({ key: form.fields.key!, expires: inSeconds(315_360_000) });
    expect((await postLocalForm(ctx, form.url, signedLong, OTHER)).statusCode).toBe(403);
    const expired = serverSignedForm({ key: form.fields.key!, expires: inSeconds(-1) });
    expect((await postLocalForm(ctx, form.url, expired, OTHER)).statusCode).toBe(403);
    // The honest form still works afterwards: refused posts did not use it up.
    expect((await postLocalForm(ctx, form.url, form.fields, OTHER)).statusCode).toBe(204);
  });

  it("refuses maxBytes 'Z', '1e9' and '-1', and nothing is stored", async () => {
    const form = await requestUploadForm(ctx, attacker, 'big.csv', 10);
    for (const maxBytes of ['Z', '1e9', '-1', '']) {
      const forged = serverSignedForm({ key: form.fields.key!, maxBytes });
      const posted = await postLocalForm(ctx, form.url, forged, Buffer.alloc(5000, 65));
      expect(posted.statusCode).toBe(400);
      expect(posted.json()).toEqual({ msg: 'The upload form is not valid.' });
    }
    const overLimit = serverSignedForm({ key: form.fields.key!, maxBytes: '1000000000' });
    expect((await postLocalForm(ctx, form.url, overLimit, Buffer.alloc(5000, 65))).statusCode).toBe(403);
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
    expect((await completeUpload(ctx, attacker, form.fileId)).json()).toEqual({
      msg: 'The file has not been uploaded yet.',
    });
  });

  it('refuses a key the server did not issue', async () => {
    const made = serverSignedForm({ key: createUploadKey() });
    const posted = await postLocalForm(ctx, 'http://tideline.test/api/files/upload', made, OTHER);
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toEqual({ msg: 'The upload link is invalid or has expired.' });
    expect(await ctx.platform.storage.headObject(made.key)).toBeNull();
    for (const key of ['files/2026/01/x', '../../etc/passwd', 'uploads/2026/01/statement.csv']) {
      const other = await postLocalForm(
        ctx,
        'http://tideline.test/api/files/upload',
        serverSignedForm({ key }),
        OTHER,
      );
      expect(other.statusCode).toBe(400);
    }
  });

  it("cannot overwrite another client's stored file, even with a validly signed form", async () => {
    const stored = await storeFile(ctx, victim, 'client-a.csv', ORIGINAL, clientA);
    const row = await selectFileRow(ctx, stored.fileId);
    expect(row.storageKey).toMatch(/^files\//);
    const again = await postLocalForm(ctx, stored.url, serverSignedForm({ key: stored.fields.key! }), OTHER);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'This upload form has already been used.' });
    const onFinal = await postLocalForm(ctx, stored.url, serverSignedForm({ key: row.storageKey }), OTHER);
    expect(onFinal.statusCode).toBe(400);
    await expectUnchanged(stored.fileId);
  });

  it('refuses a form with no file, the file before the fields, or a field twice, and keeps serving', async () => {
    const form = await requestUploadForm(ctx, attacker, 'parts.csv', OTHER.length);
    const noFile = await postLocalForm(ctx, form.url, form.fields, null);
    expect(noFile.json()).toEqual({ msg: 'No file was sent.' });
    expect(noFile.statusCode).toBe(400);
    const twice = await postLocalForm(
      ctx,
      form.url,
      [...Object.entries(form.fields), ['key', createUploadKey()]],
      OTHER,
    );
    expect(twice.statusCode).toBe(400);
    const fileFirst = new FormData();
    fileFirst.append('file', new Blob([OTHER]), 'parts.csv');
    for (const [k, v] of Object.entries(form.fields)) fileFirst.append(k, v);
    const request = new Request(new URL(form.url, 'http://localhost'), { method: 'POST', body: fileFirst });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: Object.fromEntries(request.headers),
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
    expect((await postLocalForm(ctx, form.url, form.fields, OTHER)).statusCode).toBe(204);
  });
});

describe('single-use upload forms', () => {
  it('refuses a second post of a form before /complete; the first bytes are the ones checked', async () => {
    const form = await requestUploadForm(ctx, victim, 'twice.csv', ORIGINAL.length, clientA);
    expect((await postLocalForm(ctx, form.url, form.fields, ORIGINAL)).statusCode).toBe(204);
    const second = await postLocalForm(ctx, form.url, form.fields, OTHER);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ msg: 'This upload form has already been used.' });
    expect((await completeUpload(ctx, victim, form.fileId)).json()).toMatchObject({ status: 'stored' });
    await expectUnchanged(form.fileId);
  });

  it('refuses a re-post after /complete and the stored bytes stay as checked', async () => {
    const stored = await storeFile(ctx, victim, 'checked.csv', ORIGINAL, clientA);
    const repost = await postLocalForm(ctx, stored.url, stored.fields, OTHER);
    expect(repost.statusCode).toBe(409);
    expect((await completeUpload(ctx, victim, stored.fileId)).json()).toMatchObject({
      status: 'stored',
      sizeBytes: ORIGINAL.length,
    });
    await expectUnchanged(stored.fileId);
    expect(await ctx.platform.storage.headObject(stored.fields.key!)).toBeNull();
  });

  it('lets exactly one of two simultaneous posts of a form through', async () => {
    const form = await requestUploadForm(ctx, victim, 'race.csv', ORIGINAL.length, clientA);
    const answers = await Promise.all([
      postLocalForm(ctx, form.url, form.fields, ORIGINAL),
      postLocalForm(ctx, form.url, form.fields, OTHER),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
  });

  it('refuses an oversized file without using the form up', async () => {
    const form = await requestUploadForm(ctx, victim, 'large.csv', ORIGINAL.length, clientA);
    const big = await postLocalForm(ctx, form.url, form.fields, Buffer.alloc(5000, 65));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ msg: 'The file is larger than the upload limit.' });
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
    expect(await readdir(path.join(ctx.dataDir, 'files', '.incoming'))).toEqual([]);
    expect((await postLocalForm(ctx, form.url, form.fields, ORIGINAL)).statusCode).toBe(204);
  });
});
