import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../core/limits.js';
import { openJson } from './open-json.js';
import { readJson } from './read-json.js';

/** What the reader did before it streamed (JSON.parse of the whole file): the oracle. */
function readWithJsonParse(text: string): string[][] | 'malformed' | 'empty' {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'malformed';
  }
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isRecord(data)) {
    const arrays = Object.values(data).filter(Array.isArray);
    if (arrays.length === 1) data = arrays[0];
  }
  if (!Array.isArray(data) || !data.every(isRecord)) return 'malformed';
  if (data.length === 0) return 'empty';
  const keys: string[] = [];
  for (const item of data) for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? ''
      : typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : JSON.stringify(v);
  return [keys, ...data.map((item) => keys.map((k) => cell(item[k])))];
}

async function readStreaming(text: string): Promise<string[][] | 'malformed' | 'empty'> {
  const grid = await readJson(Buffer.from(text));
  if (grid.ok) return grid.value.sheets[0]?.rows.map((r) => r.cells) ?? [];
  return grid.error.kind === 'empty-file' ? 'empty' : grid.error.kind === 'malformed' ? 'malformed' : 'empty';
}

describe('readJson over the bytes (issue 15)', () => {
  it('gives what JSON.parse gave for any array of objects, wrapped or not, key order included', async () => {
    const record = fc.dictionary(
      fc.oneof(fc.string({ maxLength: 4 }), fc.nat(30).map(String)),
      fc.jsonValue({ maxDepth: 2 }),
      {
        maxKeys: 5,
      },
    );
    const document = fc.oneof(
      fc.array(record, { maxLength: 6 }),
      fc.record({ meta: fc.string(), transactions: fc.array(record, { maxLength: 6 }) }),
    );
    await fc.assert(
      fc.asyncProperty(document, fc.boolean(), async (value, isPretty) => {
        const text = JSON.stringify(value, null, isPretty ? 2 : undefined);
        expect(await readStreaming(text)).toEqual(readWithJsonParse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts and refuses exactly the texts JSON.parse does (any JSON, or a cut of it)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 3 }), fc.nat(), async (text, cut) => {
        for (const candidate of [text, text.slice(0, cut % (text.length + 1))]) {
          const expected = readWithJsonParse(candidate);
          const actual = await readStreaming(candidate);
          expect(actual === 'malformed', candidate).toBe(expected === 'malformed' && candidate.trim() !== '');
          if (expected !== 'malformed') expect(actual).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('names the line and column of what is wrong, and the record that is not an object', async () => {
    const at = async (text: string) => {
      const result = await readJson(Buffer.from(text));
      return result.ok ? 'read' : result.error.message;
    };
    expect(await at('[\n  {"a": 1},\n  {"a": 2,}\n]')).toBe(
      'The JSON is not valid at line 3, column 11: expected a key in quotes.',
    );
    expect(await at('[{"a": "x\\q"}]')).toBe(
      'The JSON is not valid at line 1, column 10: expected a valid escape in this string.',
    );
    expect(await at('[{"a": 1}, 2]')).toBe('Record 2 of the JSON array is not an object.');
    expect(await at('{"a": [], "b": []}')).toBe(
      'The JSON must be an array of objects (or an object holding one such array).',
    );
    expect(await at('[{"a": 1}] x')).toBe(
      'The JSON is not valid at line 1, column 12: expected the end of the file.',
    );
  });

  it('reads UTF-8 with a byte order mark and Windows-1252 text, values nested as compact JSON', async () => {
    const utf8 = await readJson(Buffer.from('\ufeff[{"Payee": "Café", "Tags": [1, {"a": null}]}]'));
    expect(utf8.ok && utf8.value.sheets[0]?.rows[1]?.cells).toEqual(['Café', '[1,{"a":null}]']);
    const cp1252 = await readJson(
      Buffer.from([0x5b, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d, 0x5d]),
    );
    expect(cp1252.ok && cp1252.value.sheets[0]?.rows[1]?.cells).toEqual(['€']);
  });

  it('refuses nesting deeper than the limit, a value longer than the cell limit and too many rows', async () => {
    const deep = `[{"a": ${'['.repeat(300)}${']'.repeat(300)}}]`;
    expect(await readJson(Buffer.from(deep))).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    const long = await readJson(Buffer.from(`[{"a": "${'x'.repeat(200)}"}]`), {
      limits: { maxCellLength: 100 },
    });
    expect(!long.ok && long.error).toMatchObject({ kind: 'limit-exceeded', limit: 'cellLength' });
    const rows = await readJson(Buffer.from('[{"a":1},{"a":2},{"a":3}]'), { limits: { maxRows: 3 } });
    expect(!rows.ok && rows.error).toMatchObject({ kind: 'limit-exceeded', limit: 'rows' });
  });

  it('hands on 200,000 records in batches, without building the document', async () => {
    const records = Array.from(
      { length: 200_000 },
      (_, i) => `{"date":"2024-01-02","memo":"Wire ${i}","amount":${i}.5}`,
    );
    const file = openJson(Buffer.from(`{"transactions":[${records.join(',\n')}]}`), resolveLimits({}));
    if (!file.ok) throw new Error(file.error.message);
    let count = 0;
    let largest = 0;
    let last: string[] = [];
    await file.value.readSheet(0, (batch) => {
      count += batch.length;
      largest = Math.max(largest, batch.length);
      last = batch.at(-1)?.cells ?? [];
    });
    expect(count).toBe(200_001);
    expect(largest).toBe(1024);
    expect(last).toEqual(['2024-01-02', 'Wire 199999', '199999.5']);
  });
});
