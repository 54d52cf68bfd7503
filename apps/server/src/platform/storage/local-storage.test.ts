import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { createFinalKey } from './storage-keys';

async function createStorage() {
  const rootDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-local-'));
  const storage = createLocalStorage({
    rootDir,
    secret: 'local-test-secret-0123456789abcdef',
  });
  return { rootDir, storage };
}

describe('embedded storage', () => {
  it('puts an object from a file on disk through .incoming, and leaves the file', async () => {
    const { rootDir, storage } = await createStorage();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tideline-local-src-'));
    const filePath = path.join(dir, 'copy.xlsx');
    const bytes = Buffer.alloc(1024 * 1024 + 5, 'xlsx-');
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
    expect((await readFile(filePath)).equals(bytes)).toBe(true);
    expect(await readdir(path.join(rootDir, '.incoming'))).toEqual([]);
  });

  it('replaces what the key held, as putObject does', async () => {
    const { storage } = await createStorage();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tideline-local-src-'));
    const filePath = path.join(dir, 'new.csv');
    await writeFile(filePath, 'new');
    const key = createFinalKey();
    await storage.putObject(key, Buffer.from('old bytes'), 'text/plain');

    await storage.putObjectFromFile(key, filePath, 'text/csv');

    expect(await storage.headObject(key)).toEqual({ sizeBytes: 3, contentType: 'text/csv' });
  });

  it('refuses a missing file and leaves nothing in .incoming', async () => {
    const { rootDir, storage } = await createStorage();
    const key = createFinalKey();
    await expect(
      storage.putObjectFromFile(key, path.join(rootDir, 'no-such-file'), 'text/csv'),
    ).rejects.toThrow(/ENOENT/);
    expect(await storage.headObject(key)).toBeNull();
    expect(await readdir(path.join(rootDir, '.incoming'))).toEqual([]);
  });
});
