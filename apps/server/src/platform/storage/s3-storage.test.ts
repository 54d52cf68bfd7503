import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';
import { createFinalKey, createUploadKey } from './storage-keys';

// The real AWS SDK against s3rver, a local S3 stand-in (it checks no signatures, so this proves the
// flow and the shapes, not AWS's policy enforcement).
let server: S3rver;
let storage: Storage;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: await mkdtemp(path.join(os.tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'tideline-test', configs: [] }],
  });
  const address = (await server.run()) as unknown as AddressInfo;
  storage = createS3Storage({
    bucket: 'tideline-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(() => server.close());

describe('S3 storage', () => {
  it('uploads with a presigned POST and downloads with a presigned GET', async () => {
    const key = createUploadKey();
    const signed = await storage.createSignedUpload({ key, contentType: 'text/csv', maxBytes: 1_000_000 });
    expect(signed.fields).toMatchObject({
      key,
      'Content-Type': 'text/csv',
      Policy: expect.any(String),
      'X-Amz-Signature': expect.any(String),
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.fields)) form.append(k, v);
    form.append('file', new Blob(['a,b\n1,2\n']), 'data.csv');
    const posted = await fetch(signed.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);

    expect(await storage.headObject(key)).toMatchObject({ sizeBytes: 8, contentType: 'text/csv' });
    const finalKey = createFinalKey();
    await storage.moveObject(key, finalKey);
    expect(await storage.headObject(key)).toBeNull();
    const url = await storage.createSignedDownload({ key: finalKey, fileName: 'data.csv' });
    expect(url).toContain('X-Amz-Signature=');
    const download = await fetch(url);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="data.csv"; filename*=UTF-8''data.csv`,
    );
    expect(await download.text()).toBe('a,b\n1,2\n');
    await storage.deleteObject(finalKey);
    expect(await storage.headObject(finalKey)).toBeNull();
  });

  it('puts an object from a file on disk, streamed with its length, and leaves the file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tideline-s3-put-'));
    const filePath = path.join(dir, 'copy.xlsx');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 'xlsx-');
    await writeFile(filePath, bytes);
    const key = createFinalKey();
    await storage.putObjectFromFile(key, filePath, 'application/octet-stream');
    expect(await storage.headObject(key)).toEqual({
      sizeBytes: bytes.length,
      contentType: 'application/octet-stream',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getObject(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect((await readFile(filePath)).length).toBe(bytes.length);
    await storage.deleteObject(key);
  });

  it('offers a download under an RFC 6266 name, whatever characters the file name has', async () => {
    const key = createFinalKey();
    await storage.putObject(key, Buffer.from('<html><script>alert(1)</script>'), 'text/html');
    const url = await storage.createSignedDownload({ key, fileName: 'Relevé 東京/..\\"q".html' });
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Relev_ ___..__q_.html"; filename*=UTF-8''Relev%C3%A9%20%E6%9D%B1%E4%BA%AC_.._%22q%22.html`,
    );
    await storage.deleteObject(key);
  });

  it('signs upload forms only for upload keys, never for a checked file or one outside the bucket', async () => {
    for (const key of ['../etc/passwd', createFinalKey(), 'uploads/2026/11/chosen-by-a-user']) {
      await expect(
        storage.createSignedUpload({ key, contentType: 'text/plain', maxBytes: 10 }),
      ).rejects.toThrow(/Unsafe storage key|Not an upload key/);
    }
    await expect(
      storage.createSignedUpload({ key: createUploadKey(), contentType: 'text/csv\nx: y', maxBytes: 10 }),
    ).rejects.toThrow('Not a MIME type');
  });
});
