import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExtractionError, LimitName } from '../src/core/extraction-error.js';
import type { Grid } from '../src/core/grid.js';
import type { Result } from '../src/core/result.js';
import { readPdf } from '../src/pdf/read-pdf.js';
import { OWN_FIXTURES } from './fixture-path.js';
import { makeManyRowsPdf } from './make-raw-pdf.js';
import { makeStatementPdf } from './make-statement-pdf.js';
import { INTERNAL } from './reader-checks.js';

// The PDF reader under random input (issue 15 point 7): random bytes, random bytes framed as a PDF
// so they get past the %%EOF check into the bomb scan and pdf.js, a soup of PDF syntax, real PDFs
// with a stretch of random bytes and with flipped bytes. Every read must answer a typed Result, never
// throw, and stop within its time limit; each property also stops after its own time budget.

const MAX_PDF_MILLIS = 2000;
/** pdf.js runs in a thread started per file: its start on a busy shared machine comes on top. */
const MAX_READ_MILLIS = MAX_PDF_MILLIS + 8000;
/**
 * Each property stops starting new runs after this (fast-check interruptAfterTimeLimit): 10x the
 * slowest property's quiet time (12 reads, about 3 s), so a loaded machine still makes every run,
 * and with the one read it may be in (MAX_READ_MILLIS) within the test's timeout.
 */
const PROPERTY_MILLIS = 30_000;

const KINDS: ReadonlySet<ExtractionError['kind']> = new Set([
  'empty-file',
  'unknown-format',
  'no-template-matched',
  'rows-unreadable',
  'limit-exceeded',
  'malformed',
  'pdf-without-text',
  'encoding',
  'invalid-template',
  'unsupported',
]);
const LIMITS: ReadonlySet<LimitName> = new Set([
  'fileSize',
  'rows',
  'pdfPages',
  'pdfTime',
  'pdfUnpackedSize',
  'cellLength',
  'memory',
]);

/** A grid of one 'PDF' sheet of string cells, or a typed failure in plain words. */
function expectTypedResult(result: Result<Grid>) {
  expect(typeof result.ok).toBe('boolean');
  if (result.ok) {
    expect(result.value.source.format).toBe('pdf');
    for (const sheet of result.value.sheets) {
      for (const row of sheet.rows) {
        expect(Number.isInteger(row.rowNumber)).toBe(true);
        expect(row.cells.every((cell) => typeof cell === 'string')).toBe(true);
      }
    }
    return;
  }
  const error = result.error;
  expect(KINDS.has(error.kind), error.kind).toBe(true);
  expect(typeof error.message).toBe('string');
  expect(error.message).not.toMatch(INTERNAL);
  if (error.kind === 'limit-exceeded') expect(LIMITS.has(error.limit), error.limit).toBe(true);
}

async function readsToATypedResult(bytes: Uint8Array) {
  const started = performance.now();
  let result: Result<Grid> | undefined;
  await expect(
    (async () => {
      result = await readPdf(bytes, { limits: { maxPdfMillis: MAX_PDF_MILLIS } });
    })(),
  ).resolves.toBeUndefined();
  expect(performance.now() - started).toBeLessThan(MAX_READ_MILLIS);
  expectTypedResult(result as Result<Grid>);
}

const frame = (body: Uint8Array) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), body, Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')]);

const TOKENS = [
  '1 0 obj',
  '2 0 obj',
  'endobj',
  '<<',
  '>>',
  '[',
  ']',
  '/Type /Catalog',
  '/Type /Pages',
  '/Type /Page',
  '/Kids [3 0 R]',
  '/Count 1',
  '/Pages 2 0 R',
  '/Parent 2 0 R',
  '/Contents 4 0 R',
  '/MediaBox [0 0 612 792]',
  '/Filter /FlateDecode',
  '/Length 20',
  'stream\n',
  '\nendstream',
  'BT /F1 12 Tf 72 700 Td (01/02/2024 Rent -900.00) Tj ET',
  'xref\n0 3\n0000000000 65535 f \n',
  'startxref\n9',
  '(text)',
  '<48656c6c6f>',
  '-1',
  '99999999999',
  '\n',
];
/** Random sequences of PDF syntax, framed: objects, dictionaries, streams, text operators. */
const pdfSoup = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 8 })), { maxLength: 120 })
  .map((parts) => frame(Buffer.from(parts.join(' '), 'latin1')));

const seeds = [
  await makeStatementPdf({ pages: 1, rowsPerPage: 6 }),
  makeManyRowsPdf(40, 20),
  readFileSync(join(OWN_FIXTURES, 'pdf', 'unreadable_amount_among_page_furniture.pdf')),
];

/** A real PDF with a stretch of it replaced by random bytes. */
const spliced = fc
  .tuple(
    fc.constantFrom(...seeds),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.uint8Array({ minLength: 1, maxLength: 200 }),
  )
  .map(([seed, at, noise]) => {
    const bytes = Buffer.from(seed);
    const start = Math.floor(at * Math.max(0, bytes.length - noise.length));
    bytes.set(noise.subarray(0, bytes.length - start), start);
    return bytes;
  });

/** A real PDF with a few bytes flipped. */
const flippedSeeds = fc
  .tuple(
    fc.constantFrom(...seeds),
    fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 8,
    }),
  )
  .map(([seed, flips]) => {
    const bytes = Buffer.from(seed);
    for (const [at, value] of flips) bytes[Math.floor(at * (bytes.length - 1))] = value;
    return bytes;
  });

const bounded = (numRuns: number) => ({
  numRuns,
  interruptAfterTimeLimit: PROPERTY_MILLIS,
  markInterruptAsFailure: false,
});

describe('fuzzing the PDF reader (issue 15 point 7)', () => {
  it('answers random bytes with a typed result', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 4000 }), readsToATypedResult), bounded(300));
  }, 60_000);

  it('answers random bytes framed as a PDF (header, trailer, %%EOF), which reach pdf.js', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4000 }).map(frame), readsToATypedResult),
      bounded(12),
    );
  }, 60_000);

  it('answers a soup of PDF syntax: objects, streams, text operators', async () => {
    await fc.assert(fc.asyncProperty(pdfSoup, readsToATypedResult), bounded(12));
  }, 60_000);

  it('answers real PDFs with a stretch of random bytes', async () => {
    await fc.assert(fc.asyncProperty(spliced, readsToATypedResult), bounded(12));
  }, 60_000);

  it('answers real PDFs with flipped bytes', async () => {
    await fc.assert(fc.asyncProperty(flippedSeeds, readsToATypedResult), bounded(12));
  }, 60_000);
});
