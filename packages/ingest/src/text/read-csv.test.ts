import { describe, expect, it } from 'vitest';
import { readShared } from '../../test/fixture-path.js';
import { openCsv, readCsv } from './read-csv.js';

function cellsOf(grid: Awaited<ReturnType<typeof readCsv>>): string[][] {
  if (!grid.ok) throw new Error(grid.error.message);
  return grid.value.sheets[0]?.rows.map((r) => r.cells) ?? [];
}

async function* chunked(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('readCsv', () => {
  it('reads quoted fields with embedded newlines, escaped quotes and CRLF', async () => {
    const text =
      'Date,Description,Amount\r\n01/02/2024,"Coffee, ""large""\nsecond line",-4.50\r\n01/03/2024,Rent,-900\r\n';
    const grid = await readCsv(Buffer.from(text));
    expect(cellsOf(grid)).toEqual([
      ['Date', 'Description', 'Amount'],
      ['01/02/2024', 'Coffee, "large"\nsecond line', '-4.50'],
      ['01/03/2024', 'Rent', '-900'],
    ]);
  });

  it('gives the same rows however the stream is chunked', async () => {
    const text = 'a;b;c\n"x;\r\ny";2;3\r\n4;"5""";6\r7;8;9';
    const whole = cellsOf(await readCsv(Buffer.from(text)));
    for (const size of [1, 2, 3, 5, 7]) {
      expect(cellsOf(await readCsv(chunked(Buffer.from(text), size)))).toEqual(whole);
    }
    expect(whole).toEqual([
      ['a', 'b', 'c'],
      ['x;\r\ny', '2', '3'],
      ['4', '5"', '6'],
      ['7', '8', '9'],
    ]);
  });

  it.each([
    [',', 'a,b,c\n1,2,3\n'],
    [';', 'a;b;c\n1,5;2;3\n'],
    ['\t', 'a\tb\tc\n1,000\t2\t3\n'],
    ['|', 'a|b|c\n1|2|3\n'],
  ])('detects the %j delimiter', async (delimiter, text) => {
    const grid = await readCsv(Buffer.from(text));
    expect(grid.ok && grid.value.source.delimiter).toBe(delimiter);
    expect(cellsOf(grid)[1]?.length).toBe(3);
  });

  it('ignores a preamble above the table when detecting the delimiter', async () => {
    const text =
      'Account statement; generated today\n\nDate,Desc,Amount\n1/2/24,A,1\n1/3/24,B,2\n1/4/24,C,3\n';
    const grid = await readCsv(Buffer.from(text));
    expect(grid.ok && grid.value.source.delimiter).toBe(',');
  });

  it('reads UTF-16 LE and BE with BOM and UTF-16 LE without BOM', async () => {
    const text = 'Date,Payee\n01/02/2024,Café Rémy\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const [bytes, encoding] of [
      [le, 'utf-16le'],
      [be, 'utf-16be'],
      [Buffer.from(text, 'utf16le'), 'utf-16le'],
    ] as const) {
      const grid = await readCsv(bytes);
      expect(grid.ok && grid.value.source.encoding).toBe(encoding);
      expect(cellsOf(grid)[1]).toEqual(['01/02/2024', 'Café Rémy']);
    }
  });

  it('reads the Windows-1252 fixture with accents intact', async () => {
    const grid = await readCsv(readShared('csv/actual_windows1252_accents.csv'));
    expect(grid.ok && grid.value.source.encoding).toBe('windows-1252');
    const rows = cellsOf(grid);
    expect(rows.slice(1).map((r) => r.join('|'))).toContain('2025.12.04|Café Rémy|100.25');
  });

  it('reads the UTF-8 BOM fixture without a BOM in the first header', async () => {
    const grid = await readCsv(readShared('csv/actual_erste_hu_utf8_bom.csv'));
    expect(grid.ok && grid.value.source.encoding).toBe('utf-8-bom');
    const rows = cellsOf(grid);
    expect(rows[0]?.[0]?.charCodeAt(0)).not.toBe(0xfeff);
    expect(rows.filter((r) => r.some((c) => c !== '')).length).toBe(3);
  });

  it('refuses an empty file and a file over the size or row limit with typed errors', async () => {
    const empty = await readCsv(Buffer.alloc(0));
    expect(!empty.ok && empty.error.kind).toBe('empty-file');
    const big = await readCsv(Buffer.from('a,b\n'.repeat(100)), { limits: { maxFileBytes: 100 } });
    expect(!big.ok && big.error.kind === 'limit-exceeded' && big.error.limit).toBe('fileSize');
    const rows = await readCsv(Buffer.from('a,b\n'.repeat(100)), { limits: { maxRows: 10 } });
    expect(!rows.ok && rows.error.kind === 'limit-exceeded' && rows.error.limit).toBe('rows');
  });

  it('stops on a runaway quoted field instead of buffering the whole stream', async () => {
    const text = `a,b\n"${'x'.repeat(5000)}`;
    const grid = await readCsv(chunked(Buffer.from(text), 512), { limits: { maxCellLength: 1000 } });
    expect(!grid.ok && grid.error.kind === 'limit-exceeded' && grid.error.limit).toBe('cellLength');
  });

  it('streams in batches with 1-based row numbers', async () => {
    const text = Array.from({ length: 30000 }, (_, i) => `${i},x`).join('\n');
    const opened = await openCsv(chunked(Buffer.from(text), 4096));
    if (!opened.ok) throw new Error('open failed');
    let count = 0;
    let batches = 0;
    for await (const batch of opened.value.batches) {
      batches++;
      for (const row of batch) expect(row.rowNumber).toBe(++count);
    }
    expect(count).toBe(30000);
    expect(batches).toBeGreaterThan(1);
    expect(opened.value.error).toBeUndefined();
  });

  it('cuts batches at 1,024 rows, with a quoted multi-line field across the cut', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `${i + 1},plain ${i + 1}`);
    lines[1023] = '1024,"quoted\nacross the cut"';
    const opened = await openCsv(Buffer.from(lines.join('\r\n')));
    if (!opened.ok) throw new Error('open failed');
    const sizes: number[] = [];
    const rows: string[][] = [];
    for await (const batch of opened.value.batches) {
      sizes.push(batch.length);
      for (const row of batch) rows.push(row.cells);
    }
    expect(Math.max(...sizes)).toBe(1024);
    expect(rows).toHaveLength(3000);
    expect(rows[1023]).toEqual(['1024', 'quoted\nacross the cut']);
    expect(rows[1024]).toEqual(['1025', 'plain 1025']);
    expect(rows[2999]).toEqual(['3000', 'plain 3000']);
  });

  it('decodes ASCII chunks directly and still joins a UTF-8 character split across chunks', async () => {
    // 70 KB of ASCII first, so the non-ASCII rows arrive in streamed chunks after the sample.
    const ascii = Array.from({ length: 3500 }, (_, i) => `01/02/2024,Payee ${i}`).join('\n');
    const text = `Date,Payee\n${ascii}\n01/03/2024,Café Rémy\n01/04/2024,plain again\n01/05/2024,Zürich €\n`;
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [4093, 1000, 7]) {
      const rows = cellsOf(await readCsv(chunked(bytes, size)));
      expect(rows).toHaveLength(3504);
      expect(rows.slice(-3)).toEqual([
        ['01/03/2024', 'Café Rémy'],
        ['01/04/2024', 'plain again'],
        ['01/05/2024', 'Zürich €'],
      ]);
    }
  });

  it('reads a Windows-1252 byte that first appears past the first 64 KB, with its row', async () => {
    const ascii = Buffer.from(`a,b\n${'1,2\n'.repeat(20000)}`);
    const bytes = Buffer.concat([ascii, Buffer.from([0x31, 0x2c, 0x43, 0x61, 0x66, 0xe9, 0x0a])]);
    for (const size of [4096, 1 << 20]) {
      const grid = await readCsv(chunked(bytes, size));
      expect(grid.ok && grid.value.source.encoding).toBe('windows-1252');
      expect(cellsOf(grid).at(-1)).toEqual(['1', 'Café']);
      expect(cellsOf(grid)).toHaveLength(20002);
    }
  });

  it('refuses UTF-8 followed by a Windows-1252 byte far later, naming the real row', async () => {
    const utf8 = Buffer.from(`a,b\n1,Café\n${'1,2\n'.repeat(30000)}`);
    const bytes = Buffer.concat([utf8, Buffer.from('9,x\n9,y'), Buffer.from([0xe9, 0x0a, 0x31, 0x0a])]);
    for (const size of [4096, 65536, 1 << 20]) {
      const grid = await readCsv(chunked(bytes, size));
      expect(grid).toMatchObject({
        ok: false,
        error: {
          kind: 'encoding',
          message: 'Row 30004 is not valid UTF-8 text, though the rows before it are (mixed encodings?).',
        },
      });
    }
  });
});
