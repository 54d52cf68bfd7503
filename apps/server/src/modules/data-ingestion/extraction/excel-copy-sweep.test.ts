import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepExcelCopies } from './excel-copy';

describe('sweeping .xlsx copies a killed extraction left', () => {
  it('removes the folders older than the limit and keeps the younger ones', async () => {
    const old = await mkdtemp(path.join(os.tmpdir(), 'tideline-excel-'));
    const young = await mkdtemp(path.join(os.tmpdir(), 'tideline-excel-'));
    const other = await mkdtemp(path.join(os.tmpdir(), 'tideline-other-'));
    const dayAgo = new Date(Date.now() - 24 * 3_600_000);
    await utimes(old, dayAgo, dayAgo);
    await utimes(other, dayAgo, dayAgo);
    expect(await sweepExcelCopies(3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await stat(old).catch(() => null)).toBeNull();
    expect((await stat(young)).isDirectory()).toBe(true);
    expect((await stat(other)).isDirectory()).toBe(true);
    await Promise.all([young, other].map((dir) => rm(dir, { recursive: true })));
  });
});
