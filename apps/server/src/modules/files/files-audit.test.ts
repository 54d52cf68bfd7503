import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '@tideline/contracts';
import { auditLog } from '../../db/schema';
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
import { signStorageValues } from '../../platform/storage/local-signed-forms';
import { createFinalKey, createUploadKey } from '../../platform/storage/storage-keys';
import { FORGED_FORM_ACTION } from './local-upload.service';

// Security issue 14 point 10 (file part): every write of a stored file is audited, entity 'file'; and
// issue 40 point 6: a forged or altered upload form is a security event on the file its key names.

const SECRET = 'files-audit-test-secret-0123456789abcdef';
let ctx: TestContext;
let analyst: SignedInUser;
let clientA: number;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: '4096', AUTH_SECRET: SECRET });
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

  it('writes no upload row and no object for a refused post, only the security event', async () => {
    const form = await requestUploadForm(ctx, analyst, 'refused.csv', 4, clientA);
    const tampered = { ...form.fields, contentType: 'text/html' };
    expect((await postLocalForm(ctx, form.url, tampered, Buffer.from('a,b\n'))).statusCode).toBe(403);
    expect((await selectFileAudit(ctx, form.fileId)).map((a) => a.action)).toEqual([
      'file.requested',
      FORGED_FORM_ACTION,
    ]);
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
  });
});

/** The security rows of forged forms, oldest first, optionally only those from one address. */
async function selectForgeryRows(where?: { ipAddress?: string; storageKey?: string }) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, FORGED_FORM_ACTION),
        where?.ipAddress ? eq(auditLog.ipAddress, where.ipAddress) : undefined,
        where?.storageKey ? sql`${auditLog.after}->>'storageKey' = ${where.storageKey}` : undefined,
      ),
    )
    .orderBy(auditLog.auditId);
}

const inSeconds = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);
const CSV = Buffer.from('a,b\n');

describe('audit of forged upload forms', () => {
  it('records a form altered in any signed field, with what was posted, and stores nothing', async () => {
    const form = await requestUploadForm(ctx, analyst, 'forged.csv', CSV.length, clientA);
    const changes: Record<string, string>[] = [
      { signature: 'A'.repeat(43) },
      { contentType: 'text/html' },
      { maxBytes: '4096' },
      { expires: inSeconds(600) },
    ];
    for (const change of changes) {
      const posted = await postLocalForm(ctx, form.url, { ...form.fields, ...change }, CSV);
      expect(posted.statusCode).toBe(403);
      expect(posted.json()).toEqual({ msg: FILE_MSG.uploadLinkInvalid });
    }
    const rows = (await selectFileAudit(ctx, form.fileId)).filter((r) => r.action === FORGED_FORM_ACTION);
    expect(rows).toHaveLength(4);
    for (const [i, change] of changes.entries()) {
      const { signature: _signature, key, ...values } = { ...form.fields, ...change };
      expect(rows[i]).toMatchObject({ userId: null, actorEmail: null, ipAddress: '127.0.0.1' });
      expect(rows[i]!.after).toEqual({ reason: 'signature', storageKey: key, ...values });
      expect(rows[i]!.clientIds).toEqual([clientA]);
    }
    expect(await ctx.platform.storage.headObject(form.fields.key!)).toBeNull();
    // The honest form was not used up by the forgeries.
    expect((await postLocalForm(ctx, form.url, form.fields, CSV)).statusCode).toBe(204);
  });

  it("records a form moved to another file's key on that file, and to an unknown key on none", async () => {
    const mine = await requestUploadForm(ctx, analyst, 'mine.csv', CSV.length, clientA);
    const theirs = await requestUploadForm(ctx, analyst, 'theirs.csv', CSV.length, clientA);
    const moved = { ...mine.fields, key: theirs.fields.key! };
    expect((await postLocalForm(ctx, mine.url, moved, CSV)).statusCode).toBe(403);
    const onTheirs = await selectFileAudit(ctx, theirs.fileId);
    expect(onTheirs.map((r) => r.action)).toEqual(['file.requested', FORGED_FORM_ACTION]);
    expect(onTheirs[1]!.after).toMatchObject({ reason: 'signature', storageKey: theirs.fields.key });

    const unknownKey = createUploadKey();
    expect((await postLocalForm(ctx, mine.url, { ...mine.fields, key: unknownKey }, CSV)).statusCode).toBe(
      403,
    );
    const [unknown] = await selectForgeryRows({ storageKey: unknownKey });
    expect(unknown).toMatchObject({ entity: 'file', entityId: null });
    expect(await ctx.platform.storage.headObject(unknownKey)).toBeNull();
  });

  it('records a malformed form (400) as such, with its values cut to a readable length', async () => {
    const form = await requestUploadForm(ctx, analyst, 'malformed.csv', CSV.length, clientA);
    const malformed = { ...form.fields, maxBytes: `Z${'9'.repeat(600)}` };
    const posted = await postLocalForm(ctx, form.url, malformed, CSV);
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toEqual({ msg: FILE_MSG.formInvalid });
    const finalKey = createFinalKey();
    expect((await postLocalForm(ctx, form.url, { ...form.fields, key: finalKey }, CSV)).statusCode).toBe(400);
    const rows = (await selectFileAudit(ctx, form.fileId)).filter((r) => r.action === FORGED_FORM_ACTION);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ reason: 'malformed', storageKey: form.fields.key });
    expect((rows[0]!.after as { maxBytes: string }).maxBytes).toHaveLength(256);
    expect(await selectForgeryRows({ storageKey: finalKey })).toEqual([
      expect.objectContaining({ entityId: null, after: expect.objectContaining({ reason: 'malformed' }) }),
    ]);
  });

  it('writes no security row for an honest form posted after it expired', async () => {
    const form = await requestUploadForm(ctx, analyst, 'late.csv', CSV.length, clientA);
    const expires = inSeconds(-1);
    const { key, contentType, maxBytes } = form.fields as Record<string, string>;
    const signature = signStorageValues(SECRET, 'upload', [key!, contentType!, maxBytes!, expires]);
    const late = await postLocalForm(ctx, form.url, { ...form.fields, expires, signature }, CSV);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ msg: FILE_MSG.uploadLinkInvalid });
    expect((await selectFileAudit(ctx, form.fileId)).map((r) => r.action)).toEqual(['file.requested']);
  });

  it('writes at most 20 rows per address in a window, so a flood cannot fill the log', async () => {
    const form = await requestUploadForm(ctx, analyst, 'flood.csv', CSV.length, clientA);
    const forged = { ...form.fields, signature: 'B'.repeat(43) };
    const answers: number[] = [];
    for (let i = 0; i < 25; i += 1)
      answers.push((await postLocalForm(ctx, form.url, forged, CSV, 'flood.csv', '203.0.113.7')).statusCode);
    expect(new Set(answers)).toEqual(new Set([403]));
    expect(await selectForgeryRows({ ipAddress: '203.0.113.7' })).toHaveLength(20);
    // Another address is counted on its own.
    expect((await postLocalForm(ctx, form.url, forged, CSV, 'flood.csv', '203.0.113.8')).statusCode).toBe(
      403,
    );
    expect(await selectForgeryRows({ ipAddress: '203.0.113.8' })).toHaveLength(1);
  });
});
