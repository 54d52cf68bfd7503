import PDFDocument from 'pdfkit';

export interface PdfStatementOptions {
  pages: number;
  rowsPerPage: number;
  /** Draw only shapes: a PDF without a text layer, like a scan. */
  isTextless?: boolean;
  /**
   * What real statements print around the table: a running header across the columns, a
   * "Page n of N" footer in the Credit column and a disclosure line, a "Balance forward" row
   * first and a "Total" row last.
   */
  hasPageFurniture?: boolean;
  /** Every n-th transaction's description wraps onto a second line. */
  wrapEvery?: number;
  /** A transaction (1-based) whose amount is printed unreadably, to check all or nothing. */
  unreadableAmountAt?: number;
}

const ROW_PITCH = 14;
const WRAP_PITCH = 10;

/** A bank-statement-like PDF: a title, a header row and right-aligned amounts, made with pdfkit. */
export function makeStatementPdf(options: PdfStatementOptions): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const cell = (text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') =>
    doc.text(text, x, y, { width, align, lineBreak: false });
  const row = (y: number, date: string, description: string, debit: string, credit: string) => {
    cell(date, 50, y, 60);
    cell(description, 120, y, 250);
    cell(debit, 380, y, 70, 'right');
    cell(credit, 460, y, 70, 'right');
  };
  let n = 0;
  let debits = 0;
  let credits = 0;
  for (let p = 0; p < options.pages; p++) {
    if (p > 0) doc.addPage();
    if (options.isTextless) {
      doc.rect(50, 50, 200, 100).fill('#888');
      continue;
    }
    doc.fontSize(14).text('First Tideline Bank - Account Statement', 50, 40);
    doc.fontSize(9);
    if (options.hasPageFurniture) {
      cell(`Account 00123456   Statement period 01/01/2024 to 01/31/2024`, 50, 62, 480);
    }
    let y = 80;
    row(y, 'Date', 'Description', 'Debit', 'Credit');
    if (options.hasPageFurniture && p === 0) {
      y += ROW_PITCH;
      row(y, '01/01/2024', 'Balance forward', '', '1,000.00');
    }
    for (let r = 0; r < options.rowsPerPage; r++) {
      y += ROW_PITCH;
      n++;
      const day = (n % 28) + 1;
      const amount = n === options.unreadableAmountAt ? '12.3.4' : `${(n * 3.17).toFixed(2)}`;
      if (n % 3 === 0) credits += n * 3.17;
      else debits += n * 3.17;
      row(
        y,
        `01/${String(day).padStart(2, '0')}/2024`,
        `Payment ${n} to Vendor ${n % 7}`,
        n % 3 === 0 ? '' : amount,
        n % 3 === 0 ? amount : '',
      );
      if (options.wrapEvery && n % options.wrapEvery === 0) {
        y += WRAP_PITCH;
        cell(`REF ${String(n).padStart(6, '0')} ORIGINATOR ACME CORP`, 120, y, 250);
      }
    }
    if (options.hasPageFurniture) {
      if (p === options.pages - 1) {
        y += ROW_PITCH;
        row(y, '', 'Total', debits.toFixed(2), credits.toFixed(2));
      }
      cell(`Page ${p + 1} of ${options.pages}`, 460, 722, 70, 'right');
      cell('Member FDIC. Questions about this statement? Call 1-800-555-0100.', 50, 734, 480);
    }
  }
  doc.end();
  return done;
}
