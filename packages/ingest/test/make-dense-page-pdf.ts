/**
 * A one-page PDF whose content stream shows `items` tiny text runs, each its own text item: pdf.js
 * holds them all within getTextContent, which is what the reader's heap limit must stop mid-page.
 * Written by hand (no layout engine) so even a big page is made in milliseconds.
 */
export function makeDensePagePdf(items: number): Buffer {
  const ops: string[] = ['BT /F1 2 Tf'];
  for (let i = 0; i < items; i++) {
    ops.push(`1 0 0 1 ${(i % 200) * 3} ${10 + (Math.floor(i / 200) % 300) * 2.5} Tm (x${i}) Tj`);
  }
  ops.push('ET');
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
