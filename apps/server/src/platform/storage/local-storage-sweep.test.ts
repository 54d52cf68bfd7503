import { mkdtemp, readdir, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

async function* bytes(text: string) {
  yield Buffer.from(text);
}

describe('the incoming folder of embedded storage', () => {
  it('sweeps temporary files a stopped process left behind, and keeps uploads in flight', async () => {
    const rootDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-sweep-'));
    const storage = createLocalStorage({
      rootDir,
      secret: 'sweep-test-secret-0123456789abcdef',
    });
    await storage.stageUpload(bytes('left behind'), 1024);
    const incoming = path.join(rootDir, '.incoming');
    const [stale] = await readdir(incoming);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(incoming, stale!), twoHoursAgo, twoHoursAgo);
    await storage.stageUpload(bytes('in flight'), 1024);

    expect(await storage.sweepIncoming()).toBe(1);
    expect(await readdir(incoming)).toHaveLength(1);
    expect(await readdir(incoming)).not.toContain(stale);
  });

  it('has nothing to sweep before the first upload', async () => {
    const rootDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-sweep-'));
    const storage = createLocalStorage({
      rootDir,
      secret: 'sweep-test-secret-0123456789abcdef',
    });
    expect(await storage.sweepIncoming()).toBe(0);
  });
});
