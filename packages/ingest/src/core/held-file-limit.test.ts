import { describe, expect, it } from 'vitest';
import { extractFile } from '../extract-file.js';
import { readSizedBytes, withExpectedBytes } from './read-sized-bytes.js';
import { readGrid } from '../read-grid.js';

// Workbooks, PDF and JSON are read from memory, so they have a size limit of their own (maxHeldFileBytes);
// streamed formats are bounded by maxFileBytes alone.
const rows = Array.from({ length: 100 }, (_, i) => ({
  Date: '2026-01-15',
  Description: `Wire ${i}`,
  Amount: i,
}));

describe('the held-file limit', () => {
  it('refuses a JSON file past maxHeldFileBytes with the size message', async () => {
    const json = Buffer.from(JSON.stringify(rows));
    const result = await readGrid(json, 'json', { limits: { maxHeldFileBytes: 1024 * 1024 } });
    expect(result.ok).toBe(true);
    const refused = await readGrid(json, 'json', { limits: { maxHeldFileBytes: 1024 } });
    expect(!refused.ok && refused.error).toMatchObject({
      kind: 'limit-exceeded',
      limit: 'fileSize',
      maximum: 1024,
    });
  });

  it('refuses a stream whose stated size is past the limit before reading it', async () => {
    let pulled = 0;
    async function* stored() {
      for (let i = 0; i < 4; i++) {
        pulled++;
        yield Buffer.alloc(1024, 32);
      }
    }
    const refused = await readSizedBytes(withExpectedBytes(stored(), 4096), 2048);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'limit-exceeded', limit: 'fileSize' } });
    expect(pulled).toBe(0);
    expect(await readSizedBytes(withExpectedBytes(stored(), 4096), 4096)).toMatchObject({ ok: true });
  });

  it('leaves streamed CSV to maxFileBytes', async () => {
    const csv = Buffer.from(
      ['Date,Description,Amount', ...rows.map((r) => `01/15/2026,${r.Description},${r.Amount}`)].join('\n'),
    );
    const result = await readGrid(csv, 'csv', { limits: { maxHeldFileBytes: 1024 } });
    expect(result.ok && result.value.sheets[0]?.rows).toHaveLength(101);
    const refused = await extractFile(Buffer.from(JSON.stringify(rows)), {
      fileName: 'rows.json',
      limits: { maxHeldFileBytes: 1024 },
    });
    expect(!refused.ok && refused.error.kind).toBe('limit-exceeded');
  });
});
