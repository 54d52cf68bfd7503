import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, files } from '../src/db/schema';
import { post, type SignedInUser, type TestContext } from './test-context';

// The files flow as a browser runs it (upload-url, post the signed form, complete, download), for the
// files tests in embedded mode.

/** Embedded mode's links are relative (the portal's own host); a request needs an absolute one. */
const resolveLink = (url: string) => new URL(url, 'http://localhost');

/** Posts form fields then a file as multipart form data to the server's own upload endpoint. */
export async function postLocalForm(
  ctx: TestContext,
  url: string,
  fields: Record<string, string> | [string, string][],
  body: Buffer | null,
  fileName = 'file.csv',
  remoteAddress?: string,
) {
  const form = new FormData();
  for (const [k, v] of Array.isArray(fields) ? fields : Object.entries(fields)) form.append(k, v);
  if (body) form.append('file', new Blob([body]), fileName);
  const request = new Request(resolveLink(url), { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'POST',
    url: resolveLink(url).pathname,
    headers: Object.fromEntries(request.headers),
    payload: Buffer.from(await request.arrayBuffer()),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export interface SignedForm {
  fileId: number;
  url: string;
  fields: Record<string, string>;
}

/** Step 1: a signed upload form for a new file (asserts the server handed one out). */
export async function requestUploadForm(
  ctx: TestContext,
  user: SignedInUser,
  fileName: string,
  sizeBytes: number,
  clientId: number | null = null,
): Promise<SignedForm> {
  const res = await post(
    ctx,
    '/api/files/upload-url',
    { fileName, contentType: 'text/csv', sizeBytes, clientId },
    user.auth,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as SignedForm;
}

export function completeUpload(ctx: TestContext, user: SignedInUser, fileId: number) {
  return post(ctx, `/api/files/${fileId}/complete`, undefined, user.auth);
}

/** The whole flow for a file that passes the checks; answers its form (for re-posting) and id. */
export async function storeFile(
  ctx: TestContext,
  user: SignedInUser,
  fileName: string,
  body: Buffer,
  clientId: number | null = null,
): Promise<SignedForm> {
  const form = await requestUploadForm(ctx, user, fileName, body.length, clientId);
  expect((await postLocalForm(ctx, form.url, form.fields, body, fileName)).statusCode).toBe(204);
  expect((await completeUpload(ctx, user, form.fileId)).json()).toMatchObject({ status: 'stored' });
  return form;
}

export function getDownloadUrl(ctx: TestContext, user: SignedInUser, fileId: number) {
  return ctx.app.inject({ method: 'GET', url: `/api/files/${fileId}/download-url`, headers: user.auth });
}

/** Follows an embedded-mode download link (no bearer token: the signature is the authorisation). */
export function followLocalLink(ctx: TestContext, url: string) {
  const { pathname, search } = resolveLink(url);
  return ctx.app.inject({ method: 'GET', url: pathname + search });
}

/** What a signed-in user downloads for the file now. */
export async function downloadFile(ctx: TestContext, user: SignedInUser, fileId: number) {
  const link = await getDownloadUrl(ctx, user, fileId);
  expect(link.statusCode).toBe(200);
  return followLocalLink(ctx, (link.json() as { url: string }).url);
}

export async function selectFileRow(ctx: TestContext, fileId: number) {
  const [row] = await ctx.database.db.select().from(files).where(eq(files.fileId, fileId));
  return row!;
}

/** The file's audit rows, oldest first. */
export function selectFileAudit(ctx: TestContext, fileId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(fileId)))
    .orderBy(asc(auditLog.auditId))
    .then((rows) => rows.filter((r) => r.entity === 'file'));
}
