import { describe, expect, it } from 'vitest';
import { makeDensePagePdf } from '../../test/make-dense-page-pdf.js';
import { readOwn } from '../../test/fixture-path.js';
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
    const slow = await readPdf(await makeStatementPdf({ pages: 30, rowsPerPage: 40 }), {
      limits: { maxPdfMillis: 1 },
    });
    expect(!slow.ok && slow.error.kind === 'limit-exceeded' && slow.error.limit).toBe('pdfTime');
  });

  it('stops inside a page that takes longer than the time limit, not after it', async () => {
    // One page with 800,000 text runs: pdf.js reads it without yielding for far longer than the limit
    // even on a quiet machine (200,000 runs took about 2 s there), so the limit must fire mid-page.
    const pdf = makeDensePagePdf(800_000);
    const limit = 2000;
    const started = performance.now();
    const result = await readPdf(pdf, { limits: { maxPdfMillis: limit, maxRows: 10_000_000 } });
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, error: { kind: 'limit-exceeded', limit: 'pdfTime' } });
    expect(!result.ok && result.error.message).toContain('while reading page 1 of 1');
    expect(elapsed).toBeGreaterThanOrEqual(limit - 5);
  }, 30_000);

  it('turns garbage after a PDF signature into a typed error', async () => {
    const result = await readPdf(Buffer.from('%PDF-1.7\nnot really a pdf'));
    expect(result.ok).toBe(false);
  });
});
