import { describe, expect, it } from 'vitest';
import { makeDensePagePdf } from '../../test/make-dense-page-pdf.js';
import { readOwn } from '../../test/fixture-path.js';
import { makeEndlessPagePdf, makeFlateBombPdf, makeManyRowsPdf } from '../../test/make-raw-pdf.js';
import { makeStatementPdf } from '../../test/make-statement-pdf.js';
import { readPdf } from './read-pdf.js';

describe('readPdf', () => {
  it('places the text layer into rows and columns by position', async () => {
    const grid = await readPdf(await makeStatementPdf({ pages: 2, rowsPerPage: 5 }));
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]?.rows.map((r) => r.cells) ?? [];
    expect(rows[0]).toEqual(['First Tideline Bank - Account Statement']);
    expect(rows[1]).toEqual(['Date', 'Description', 'Debit', 'Credit']);
    expect(rows[2]).toEqual(['01/02/2024', 'Payment 1 to Vendor 1', '3.17']);
    expect(rows[4]).toEqual(['01/04/2024', 'Payment 3 to Vendor 3', '', '9.51']);
    expect(rows.filter((r) => r[0] === 'Date')).toHaveLength(2);
    expect(rows).toHaveLength(14);
  });

  it('pdf/titles_running_headers_footers_totals_wrapped_descriptions: page furniture does not merge columns', async () => {
    const grid = await readPdf(readOwn('pdf/titles_running_headers_footers_totals_wrapped_descriptions.pdf'));
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]?.rows ?? [];
    // The running header's two phrases bridge Date and Description; the columns stay apart.
    expect(rows[1]?.cells).toEqual(['Account 00123456', 'Statement period 01/01/2024 to 01/31/2024']);
    expect(rows[1]?.line).toMatchObject({ page: 1, isOutsideColumns: true });
    expect(rows[2]?.cells).toEqual(['Date', 'Description', 'Debit', 'Credit']);
    expect(rows[2]?.line?.isOutsideColumns).toBe(false);
    expect(rows[8]?.cells).toEqual(['', 'REF 000004 ORIGINATOR ACME CORP']);
    expect(rows[0]?.line?.isOutsideColumns).toBe(true);
    expect(rows.at(-1)?.line?.page).toBe(2);
  });

  it('fails a PDF without a text layer with a clear message', async () => {
    const result = await readPdf(await makeStatementPdf({ pages: 1, rowsPerPage: 0, isTextless: true }));
    expect(!result.ok && result.error.kind).toBe('pdf-without-text');
  });

  it('refuses more pages than the limit and stops at the time limit', async () => {
    const pdf = await makeStatementPdf({ pages: 3, rowsPerPage: 2 });
    const pages = await readPdf(pdf, { limits: { maxPdfPages: 2 } });
    expect(!pages.ok && pages.error.kind === 'limit-exceeded' && pages.error.limit).toBe('pdfPages');
    const rows = await readPdf(pdf, { limits: { maxRows: 3 } });
    expect(!rows.ok && rows.error.kind === 'limit-exceeded' && rows.error.limit).toBe('rows');
    // A page pdf.js would read for an hour: the time limit, however fast the machine, is what stops it.
    const slow = await readPdf(makeEndlessPagePdf(), { limits: { maxPdfMillis: 1 } });
    expect(!slow.ok && slow.error.kind === 'limit-exceeded' && slow.error.limit).toBe('pdfTime');
  });

  it('stops inside a page that takes longer than the time limit, not after it', async () => {
    // pdf.js reads this one page for the best part of an hour without yielding, so the limit must fire
    // mid-page. Reaching the page (the thread, pdf.js, the document) takes about 0.3 s on a quiet
    // machine and over 5 s at load 25 on 2 cores: the limit is past both, so the page is reached.
    const pdf = makeEndlessPagePdf();
    const limit = 10_000;
    const started = performance.now();
    const result = await readPdf(pdf, { limits: { maxPdfMillis: limit } });
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, error: { kind: 'limit-exceeded', limit: 'pdfTime' } });
    expect(!result.ok && result.error.message).toContain('while reading page 1 of 1');
    expect(elapsed).toBeGreaterThanOrEqual(limit - 5);
  });

  it('turns garbage after a PDF signature into a typed error', async () => {
    const result = await readPdf(Buffer.from('%PDF-1.7\nnot really a pdf'));
    expect(result.ok).toBe(false);
  });

  it('refuses a flate bomb before pdf.js unpacks it', async () => {
    const bomb = makeFlateBombPdf(8_000_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await readPdf(bomb, { limits: { maxPdfStreamBytes: 1024 * 1024 } })).toEqual({
      ok: false,
      error: {
        kind: 'limit-exceeded',
        limit: 'pdfUnpackedSize',
        maximum: 1024 * 1024,
        message: 'A compressed part of the PDF unpacks to more than 1 MB (a compression bomb?).',
      },
    });
    const total = await readPdf(makeManyRowsPdf(20_000, 1000), {
      limits: { maxPdfUnpackedBytes: 512 * 1024 },
    });
    expect(!total.ok && total.error.message).toBe(
      'The compressed parts of the PDF unpack to more than 512 KB (a compression bomb?).',
    );
  });

  it('stops a bomb the scan cannot see (its stream says it is an image) when pdf.js asks for the buffer', async () => {
    const result = await readPdf(makeFlateBombPdf(8_000_000, { isLabelledImage: true }), {
      limits: { maxPdfStreamBytes: 1_000_000 },
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'limit-exceeded', limit: 'pdfUnpackedSize' } });
    expect(!result.ok && result.error.message).toContain('while reading page 1 of 1');
  });

  it('refuses a page that needs more than the reader’s heap, with a plain message', async () => {
    const result = await readPdf(makeDensePagePdf(300_000), {
      limits: { maxPdfHeapMb: 24, maxRows: 10_000_000 },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'limit-exceeded',
        limit: 'memory',
        maximum: 24,
        message:
          'Reading the PDF needs more than the 24 MB of memory allowed (stopped while reading page 1 of 1).',
      },
    });
  });

  it('refuses a PDF cut before its %%EOF, which pdf.js would read in part', async () => {
    const pdf = await makeStatementPdf({ pages: 2, rowsPerPage: 5 });
    expect(await readPdf(pdf.subarray(0, Math.floor(pdf.length * 0.9)))).toEqual({
      ok: false,
      error: {
        kind: 'malformed',
        format: 'pdf',
        message: 'The PDF is incomplete: it does not end with %%EOF (was the upload cut off?).',
      },
    });
  });

  // About 10 s on a quiet machine: the time limit and the test's timeout hold at 10x that.
  it('reads 200,000 rows: no stack-depth limit in placing the text', async () => {
    const grid = await readPdf(makeManyRowsPdf(200_000, 1000, true), { limits: { maxPdfMillis: 300_000 } });
    if (!grid.ok) throw new Error(grid.error.message);
    const rows = grid.value.sheets[0]?.rows ?? [];
    expect(rows).toHaveLength(200_000);
    expect(rows.at(-1)).toMatchObject({ rowNumber: 200_000, cells: ['01/24/2024 Payment 199999 1000.25'] });
  }, 300_000);
});
