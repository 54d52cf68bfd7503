import PDFDocument from 'pdfkit';

export interface PdfStatementOptions {
  pages: number;
  rowsPerPage: number;
  /** Draw only shapes: a PDF without a text layer, like a scan. */
  isTextless?: boolean;
}

/** A bank-statement-like PDF: a title, a header row and right-aligned amounts, made with pdfkit. */
export function makeStatementPdf(options: PdfStatementOptions): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  let n = 0;
  for (let p = 0; p < options.pages; p++) {
    if (p > 0) doc.addPage();
    if (options.isTextless) {
      doc.rect(50, 50, 200, 100).fill('#888');
      continue;
    }
    doc.fontSize(14).text('First Tideline Bank - Account Statement', 50, 40);
    doc.fontSize(9);
    let y = 80;
    for (const [text, x, width, align] of [
      ['Date', 50, 60, 'left'],
      ['Description', 120, 250, 'left'],
      ['Debit', 380, 70, 'right'],
      ['Credit', 460, 70, 'right'],
    ] as const) {
      doc.text(text, x, y, { width, align, lineBreak: false });
    }
    for (let r = 0; r < options.rowsPerPage; r++) {
      y += 14;
      n++;
      const day = (n % 28) + 1;
      doc.text(`01/${String(day).padStart(2, '0')}/2024`, 50, y, { width: 60, lineBreak: false });
      doc.text(`Payment ${n} to Vendor ${n % 7}`, 120, y, { width: 250, lineBreak: false });
      const amount = `${(n * 3.17).toFixed(2)}`;
      doc.text(n % 3 === 0 ? '' : amount, 380, y, { width: 70, align: 'right', lineBreak: false });
      doc.text(n % 3 === 0 ? amount : '', 460, y, { width: 70, align: 'right', lineBreak: false });
    }
  }
  doc.end();
  return done;
}
