import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseLinkBase, configWithLinkBase, readServedUrl, recordServedUrl } from './link-base';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'tideline-link-base-'));

describe('the base of the links seed-demo prints (issue 20 point 9)', () => {
  it('follows the PORT or PUBLIC_URL the command is given, as the server reads them', async () => {
    const DATA_DIR = await tempDir();
    expect(await chooseLinkBase({ DATA_DIR, PORT: '3211' })).toMatchObject({
      url: 'http://localhost:3211',
      reason: 'from PORT=3211',
    });
    const given = await chooseLinkBase({
      DATA_DIR,
      PORT: '3211',
      PUBLIC_URL: 'https://tideline.example.org/',
    });
    expect(given).toMatchObject({ url: 'https://tideline.example.org', reason: 'from PUBLIC_URL' });
  });

  it('else takes the address the server last ran on, else the default', async () => {
    const DATA_DIR = await tempDir();
    expect((await chooseLinkBase({ DATA_DIR })).url).toBe('http://localhost:3000');
    await recordServedUrl(DATA_DIR, 'http://localhost:3211');
    expect(await readServedUrl(DATA_DIR)).toBe('http://localhost:3211');
    const base = await chooseLinkBase({ DATA_DIR });
    expect(base.url).toBe('http://localhost:3211');
    expect(configWithLinkBase({ DATA_DIR }, base).publicUrl).toBe('http://localhost:3211');
  });
});
