import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExcelCopy } from './excel-copy';

const isGone = (filePath: string) =>
  access(filePath).then(
    () => false,
    () => true,
  );

describe('the .xlsx copy of an extracted file', () => {
  it('is written to a temporary file that discard removes with its folder', async () => {
    const excel = await createExcelCopy();
    excel.addRows(
      [
        { rowNumber: 1, cells: ['Date', 'Amount'] },
        { rowNumber: 2, cells: ['2026-01-02', '12.50'] },
      ],
      'Sheet1',
    );
    const file = await excel.finish();
    expect(file).toEqual({ path: expect.any(String), sizeBytes: expect.any(Number) });
    const bytes = await readFile(file!.path);
    expect(bytes.length).toBe(file!.sizeBytes);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    await excel.discard();
    expect(await isGone(file!.path)).toBe(true);
    expect(await isGone(path.dirname(file!.path))).toBe(true);
  });

  it('answers null without rows, and discard still removes the temporary folder', async () => {
    const excel = await createExcelCopy();
    expect(await excel.finish()).toBeNull();
    await excel.discard();
    await excel.discard();
  });
});
