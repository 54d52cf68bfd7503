import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import {
  COMPRESSIBLE_TYPES,
  IMMUTABLE_CACHE,
  matchesRoute,
  REVALIDATE_CACHE,
  SCREEN_PRELOADS_FILE,
} from './serve-web-app';

// Issue 21 point 1: the built web app's files go out precompressed as the browser accepts, hashed
// assets cached for a year, index.html revalidated, and JSON answers above 1 KB compressed.

const SCRIPT = `console.log(${JSON.stringify('Tideline '.repeat(300))});\n`;
const INDEX = `<!doctype html><html><head><title>Tideline</title></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;
// What the web build writes beside it (apps/web/build/screen-preloads.ts).
const SCREEN_PRELOADS = {
  '/dashboard': ['/assets/shell-1a2b.js', '/assets/dashboard-3c4d.js'],
  '/client-management/:id': ['/assets/shell-1a2b.js', '/assets/client-profile-5e6f.js'],
};

let webDist: string;
let ctx: TestContext;
let admin: SignedInUser;

/** A web build as `vite build` leaves it: every text file with its .br and .gz beside it. */
function writeBuiltFile(relative: string, content: string) {
  const file = path.join(webDist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'tideline-web-'));
  writeBuiltFile('index.html', INDEX);
  writeBuiltFile('assets/index-4f3a2b1c.js', SCRIPT);
  writeBuiltFile(SCREEN_PRELOADS_FILE, JSON.stringify(SCREEN_PRELOADS));
  ctx = await createTestContext({}, { webDist });
  admin = await createSignedInUser(ctx, 'Admin');
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the web app files', () => {
  it('sends a hashed asset as brotli, gzip or plain as accepted, cached for a year', async () => {
    const br = await get('/assets/index-4f3a2b1c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-4f3a2b1c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-4f3a2b1c.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers index.html for a client-side route, compressed and revalidated every time', async () => {
    for (const url of ['/', '/bank-management', '/client-management', '/client-management/1/2']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    }
  });

  it("names a screen's own files in the index.html answered at its URL", async () => {
    // Issue 21 "Speed": a reload of the dashboard or a client profile asks for the shell's and the
    // screen's chunks beside the entry, not once the entry has run.
    const links = (files: string[]) =>
      files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    for (const [url, files] of [
      ['/dashboard', SCREEN_PRELOADS['/dashboard']],
      ['/client-management/12?tab=1', SCREEN_PRELOADS['/client-management/:id']],
    ] as const) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(
        INDEX.replace('</head>', `${links([...files])}</head>`),
      );
    }
    const gz = await get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain(links(SCREEN_PRELOADS['/dashboard']));
    const plain = await get('/dashboard', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(links(SCREEN_PRELOADS['/dashboard']));
  });

  it('matches a route pattern segment by segment, a :name standing for any one segment', () => {
    expect(matchesRoute('/client-management/:id', '/client-management/7')).toBe(true);
    expect(matchesRoute('/client-management/:id', '/client-management/')).toBe(false);
    expect(matchesRoute('/client-management/:id', '/client-management/7/3')).toBe(false);
    expect(matchesRoute('/dashboard', '/dashboard')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard/')).toBe(false);
  });

  it('answers a missing asset or API route 404, not index.html', async () => {
    expect((await get('/api/no-such-route')).statusCode).toBe(404);
    const json = (await get('/api/no-such-route')).json<{ msg: string }>();
    expect(json.msg).toBe('No route GET /api/no-such-route.');
  });
});

describe('API answers', () => {
  it('compresses JSON above 1 KB as accepted, and leaves small answers and identity alone', async () => {
    const headers = { authorization: `Bearer ${admin.accessToken}` };
    const permissions = await get('/api/roles', { ...headers, 'accept-encoding': 'br, gzip' });
    expect(permissions.statusCode).toBe(200);
    expect(permissions.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(permissions.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(permissions.rawPayload.length).toBeLessThan(body.length / 2);

    const gzip = await get('/api/roles', { ...headers, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(body);

    const plain = await get('/api/roles', headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);

    const health = await get('/api/health', { 'accept-encoding': 'br' });
    expect(health.statusCode).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('what is compressed on the fly', () => {
  it('is text of every kind, never a PDF, a workbook or an octet-stream', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'text/csv; charset=utf-8',
      'text/html',
      'application/javascript',
      'application/problem+json',
      'application/xml',
    ])
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    for (const type of [
      'application/pdf',
      'application/octet-stream',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/png',
      'text/event-stream',
    ])
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
  });
});
