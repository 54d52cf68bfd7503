import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFile } from '../src/extract-file.js';
import { detectFormat } from '../src/formats/detect-format.js';
import { isStatementFormat, readStatements } from '../src/formats/read-statements.js';
import { isGridFormat, readGrid } from '../src/read-grid.js';
import { makeBiff8Xls } from './make-biff8-xls.js';
import { SHARED_STATEMENTS, readOwn } from './fixture-path.js';

const corpus: Uint8Array[] = readdirSync(SHARED_STATEMENTS)
  .filter((d) => statSync(join(SHARED_STATEMENTS, d)).isDirectory())
  .flatMap((d) =>
    readdirSync(join(SHARED_STATEMENTS, d))
      .filter((f) => !f.endsWith('.json'))
      .map((f) => join(SHARED_STATEMENTS, d, f)),
  )
  .map((path) => readFileSync(path));
corpus.push(makeBiff8Xls(), readOwn('camt086_v02_afp_fees_balances_ecr.xml'));

/** Detect and read; any outcome is fine as long as it is a Result, not an exception. */
async function readAnything(bytes: Uint8Array): Promise<boolean> {
  const format = detectFormat(bytes, 'file');
  if (!format.ok) return true;
  if (isStatementFormat(format.value))
    return typeof (await readStatements(bytes, format.value)).ok === 'boolean';
  if (isGridFormat(format.value))
    return typeof (await readGrid(bytes, format.value, { limits: { maxPdfMillis: 2000 } })).ok === 'boolean';
  return typeof (await extractFile(bytes, { fileName: 'file' })).ok === 'boolean';
}

describe('every shared fixture is cut at 5% steps (issue 15 point 7)', () => {
  // The truncation tests go by folder: truncation-lines (bai2, mt940, csv), truncation-xml (camt053,
  // ofx, investments) and truncation-grids (any workbook, PDF or JSON anywhere). A new folder of
  // fixtures must join one of them.
  it('knows every folder of the shared corpus', () => {
    const covered = ['bai2', 'mt940', 'csv', 'camt053', 'ofx', 'investments'];
    const folders = readdirSync(SHARED_STATEMENTS).filter((d) =>
      statSync(join(SHARED_STATEMENTS, d)).isDirectory(),
    );
    expect(folders.filter((d) => !covered.includes(d))).toEqual([]);
  });
});

describe('robustness (issue 7 point 6)', () => {
  it('never throws or hangs on random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        expect(await readAnything(bytes)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('never throws or hangs on truncated or corrupted real files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: corpus.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 5,
        }),
        async (index, cut, flips) => {
          const original = corpus[index] as Uint8Array;
          const bytes = Buffer.from(original.subarray(0, Math.floor(original.length * cut)));
          for (const [at, value] of flips)
            if (bytes.length > 0) bytes[Math.floor(at * (bytes.length - 1))] = value;
          expect(await readAnything(bytes)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('reads structured text prefixes of every format without throwing', async () => {
    for (const original of corpus) {
      for (let n = 0; n <= original.length; n += Math.max(1, Math.floor(original.length / 25))) {
        expect(await readAnything(original.subarray(0, n))).toBe(true);
      }
    }
  }, 120_000);
});
