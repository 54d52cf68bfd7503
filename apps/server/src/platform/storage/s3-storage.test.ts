import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

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
    const key = 'uploads/2026/11/test-object';
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
    const url = await storage.createSignedDownload({ key, fileName: 'data.csv' });
    expect(url).toContain('X-Amz-Signature=');
    expect(await (await fetch(url)).text()).toBe('a,b\n1,2\n');
    await storage.deleteObject(key);
    expect(await storage.headObject(key)).toBeNull();
  });

  it('refuses keys that could leave the bucket prefix', async () => {
    await expect(
      storage.createSignedUpload({ key: '../etc/passwd', contentType: 'text/plain', maxBytes: 10 }),
    ).rejects.toThrow('Unsafe storage key');
  });
});
