import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from '../src/core/result.js';
import type { Grid } from '../src/core/grid.js';
import { extractFile } from '../src/extract-file.js';
import { detectFormat } from '../src/formats/detect-format.js';
import { isGridFormat, readGrid, type GridFormat } from '../src/read-grid.js';
import { gridToXlsx } from '../src/xlsx/grid-to-xlsx.js';
import { OWN_FIXTURES, SHARED_STATEMENTS } from './fixture-path.js';
import { makeBiff8Xls } from './make-biff8-xls.js';
import { makeLargeXls } from './make-large-xls.js';
import { makeLargeXlsx } from './make-large-xlsx.js';
import { makeManyRowsPdf } from './make-raw-pdf.js';
import { makeStatementPdf } from './make-statement-pdf.js';

interface Sample {
  name: string;
  bytes: Buffer;
  format: Exclude<GridFormat, 'csv'>;
}

const GRID_EXTENSIONS = /\.(xlsx|xls|pdf|json)$/i;

/** Every workbook, PDF and JSON among the fixtures, shared and our own, whatever folder it is in. */
function findFixtures(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return findFixtures(path);
    return GRID_EXTENSIONS.test(entry) && !entry.endsWith('.expected.json') ? [path] : [];
  });
}

async function makeSamples(): Promise<Sample[]> {
  const written = await gridToXlsx({
    sheets: [
      {
        name: 'Jan',
        rows: [
          { rowNumber: 1, cells: ['Date', 'Amount'] },
          { rowNumber: 2, cells: ['2024-01-02', '5'] },
        ],
      },
      { name: 'Feb', rows: [{ rowNumber: 1, cells: ['x'] }] },
    ],
    source: { format: 'csv' },
  });
  if (!written.ok) throw new Error(written.error.message);
  const records = Array.from({ length: 40 }, (_, i) => ({
    date: '2024-01-02',
    memo: `Wire ${i}`,
    amount: i / 4,
  }));
  const generated: Omit<Sample, 'format'>[] = [
    { name: 'generated statement.xlsx (50 rows, streamed zip)', bytes: await makeLargeXlsx({ rows: 50 }) },
    { name: 'generated two-sheet.xlsx (exceljs)', bytes: written.value },
    { name: 'generated biff8.xls (mini stream)', bytes: makeBiff8Xls() },
    { name: 'generated 1,000-row.xls (4 KB sectors)', bytes: makeLargeXls(1000) },
    { name: 'generated statement.pdf (pdfkit)', bytes: await makeStatementPdf({ pages: 2, rowsPerPage: 8 }) },
    { name: 'generated 300-row.pdf (hand-written)', bytes: makeManyRowsPdf(300, 100) },
    { name: 'generated array.json', bytes: Buffer.from(JSON.stringify(records, null, 2)) },
    {
      name: 'generated wrapped.json',
      bytes: Buffer.from(JSON.stringify({ account: '1', transactions: records })),
    },
  ];
  const fixtures = [...findFixtures(SHARED_STATEMENTS), ...findFixtures(OWN_FIXTURES)].map((path) => ({
    name: path.slice(path.lastIndexOf('fixtures')),
    bytes: readFileSync(path),
  }));
  return [...generated, ...fixtures].map((sample) => {
    const format = detectFormat(sample.bytes, sample.name);
    if (!format.ok || !isGridFormat(format.value) || format.value === 'csv') {
      throw new Error(`${sample.name} is not a workbook, PDF or JSON`);
    }
    return { ...sample, format: format.value };
  });
}

const samples = await makeSamples();
const CUTS = Array.from({ length: 19 }, (_, i) => (i + 1) * 5);
const rowsOf = (grid: Result<Grid>) =>
  grid.ok ? grid.value.sheets.map((s) => [s.name, s.rows.map((r) => r.cells)]) : undefined;
const INTERNAL = /TypeError|RangeError|SyntaxError|Error:|undefined|\[object/;
/** A whole PDF sample reads in about 0.3 s on a quiet machine: this holds at well over 10x that. */
const limits = { maxPdfMillis: 20_000 };

describe('truncated workbooks, PDFs and JSON (issue 15 point 5)', () => {
  it('finds the samples: generated files of every format and the PDF fixtures', () => {
    for (const format of ['xlsx', 'xls', 'pdf', 'json']) {
      expect(samples.filter((s) => s.format === format).length, format).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(samples)(
    '$name: every cut at 5%, 10%, … 95% is refused, with a plain message',
    async (sample) => {
      const full = await readGrid(sample.bytes, sample.format, { limits });
      if (!full.ok) throw new Error(full.error.message);
      for (const percent of CUTS) {
        const bytes = sample.bytes.subarray(0, Math.floor((sample.bytes.length * percent) / 100));
        const cut = await readGrid(bytes, sample.format, { limits });
        if (cut.ok) {
          // Only a cut in JSON's trailing white space can still be the whole file.
          expect(sample.format, `cut at ${percent}%`).toBe('json');
          expect(rowsOf(cut), `cut at ${percent}%`).toEqual(rowsOf(full));
          continue;
        }
        expect(cut.error.message, `cut at ${percent}%`).not.toMatch(INTERNAL);
        if (sample.format === 'json') expect(cut.error.kind, `cut at ${percent}%`).toBe('malformed');
        const extracted = await extractFile(bytes, { fileName: 'cut.bin', limits });
        expect(extracted.ok, `cut at ${percent}%`).toBe(false);
      }
    },
    60_000,
  );
});

describe('fuzzing the grid readers (issue 15 point 5)', () => {
  const fast = samples.filter((s) => s.format !== 'pdf');
  const pdfs = samples.filter((s) => s.format === 'pdf');
  const flips = fc.array(
    fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })),
    {
      minLength: 1,
      maxLength: 6,
    },
  );
  const flip = (original: Buffer, changes: [number, number][]) => {
    const bytes = Buffer.from(original);
    for (const [at, value] of changes) bytes[Math.floor(at * (bytes.length - 1))] = value;
    return bytes;
  };
  const readsToAResult = async (bytes: Uint8Array, format: GridFormat) => {
    const grid = await readGrid(bytes, format, { limits: { maxPdfMillis: 3000 } });
    if (!grid.ok) expect(grid.error.message).not.toMatch(INTERNAL);
    const extracted = await extractFile(bytes, { fileName: 'fuzz.bin', limits: { maxPdfMillis: 3000 } });
    expect(typeof extracted.ok).toBe('boolean');
  };

  it('never throws or hangs on random bytes read as any grid format', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom<GridFormat>('xlsx', 'xls', 'json'),
        (bytes, format) => readsToAResult(bytes, format),
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('never throws or hangs on workbooks and JSON with flipped bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fast), flips, (sample, changes) =>
        readsToAResult(flip(sample.bytes, changes), sample.format),
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it('never throws or hangs on PDFs with flipped bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pdfs), flips, (sample, changes) =>
        readsToAResult(flip(sample.bytes, changes), sample.format),
      ),
      { numRuns: 25 },
    );
    // About 6 s on a quiet machine, 54 s at load 15 on 2 cores: room for more than 10x.
  }, 300_000);
});
