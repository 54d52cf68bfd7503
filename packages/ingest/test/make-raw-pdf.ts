import { deflateSync } from 'node:zlib';

// PDFs written by hand (no layout engine), so big and hostile ones are made in milliseconds: a
// statement of any number of rows, and flate bombs whose content unpacks to any size.

interface PdfObject {
  dictionary: string;
  stream?: Buffer;
}

/** Numbers objects from 1 in order; the first is the catalog. */
function writePdf(objects: PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(size);
    const body = object.stream
      ? [
          Buffer.from(
            `${i + 1} 0 obj\n${object.dictionary.replace('>>', ` /Length ${object.stream.length} >>`)}\nstream\n`,
            'latin1',
          ),
          object.stream,
          Buffer.from('\nendstream\nendobj\n'),
        ]
      : [Buffer.from(`${i + 1} 0 obj\n${object.dictionary}\nendobj\n`, 'latin1')];
    for (const part of body) {
      parts.push(part);
      size += part.length;
    }
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * Pages of statement rows (date, description, amount), `rowsPerPage` lines to a tall page; with
 * `isOneRun`, each row is one run of text (a third of pdf.js's work).
 */
export function makeManyRowsPdf(rows: number, rowsPerPage: number, isOneRun = false): Buffer {
  const pages = Math.ceil(rows / rowsPerPage);
  const height = rowsPerPage * 10 + 40;
  const objects: PdfObject[] = [
    { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' },
    {
      dictionary: `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, p) => `${4 + p * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
    },
    { dictionary: FONT },
  ];
  for (let p = 0; p < pages; p++) {
    const lines: string[] = ['BT /F1 8 Tf'];
    for (let r = p * rowsPerPage; r < Math.min(rows, (p + 1) * rowsPerPage); r++) {
      const y = height - 20 - (r - p * rowsPerPage) * 10;
      const date = `01/${String((r % 28) + 1).padStart(2, '0')}/2024`;
      if (isOneRun) {
        lines.push(`1 0 0 1 40 ${y} Tm (${date} Payment ${r} ${(r % 1000) + 1}.25) Tj`);
        continue;
      }
      lines.push(
        `1 0 0 1 40 ${y} Tm (${date}) Tj`,
        `1 0 0 1 120 ${y} Tm (Payment ${r}) Tj`,
        `1 0 0 1 400 ${y} Tm (${(r % 1000) + 1}.25) Tj`,
      );
    }
    lines.push('ET');
    objects.push(
      {
        dictionary: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + p * 2} 0 R >>`,
      },
      { dictionary: '<< /Filter /FlateDecode >>', stream: deflateSync(lines.join('\n')) },
    );
  }
  return writePdf(objects);
}

/**
 * One page whose content stream unpacks to `unpackedBytes` of text operators (a flate bomb). With
 * `isLabelledImage`, the stream's dictionary says it is an image, which a scan for bombs skips,
 * while pdf.js still unpacks it as the page's content.
 */
export function makeFlateBombPdf(unpackedBytes: number, options: { isLabelledImage?: boolean } = {}): Buffer {
  const operator = 'BT /F1 1 Tf 1 0 0 1 10 10 Tm (x) Tj ET\n';
  const content = Buffer.from(operator.repeat(Math.ceil(unpackedBytes / operator.length)));
  const label = options.isLabelledImage ? ' /Type /XObject /Subtype /Image /Width 1 /Height 1' : '';
  return writePdf([
    { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dictionary: '<< /Type /Pages /Kids [4 0 R] /Count 1 >>' },
    { dictionary: FONT },
    {
      dictionary:
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    },
    { dictionary: `<<${label} /Filter /FlateDecode >>`, stream: deflateSync(content, { level: 9 }) },
  ]);
}

/**
 * One page that draws a form of 10,000 text runs 100,000 times: a billion runs from a few KB, which
 * pdf.js would read for the best part of an hour without yielding, on any machine. What a time
 * limit must stop. The form's runs join into one text item, so memory stays small while it reads.
 */
export function makeEndlessPagePdf(): Buffer {
  const form = `BT /F1 2 Tf ${'(x) Tj '.repeat(10_000)}ET`;
  return writePdf([
    { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dictionary: '<< /Type /Pages /Kids [4 0 R] /Count 1 >>' },
    { dictionary: FONT },
    {
      dictionary:
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << /Fx 6 0 R >> >> /Contents 5 0 R >>',
    },
    { dictionary: '<< /Filter /FlateDecode >>', stream: deflateSync('/Fx Do\n'.repeat(100_000)) },
    // No /Resources of its own: the form uses the page's font (and writePdf adds /Length at the first >>).
    {
      dictionary: '<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Filter /FlateDecode >>',
      stream: deflateSync(form),
    },
  ]);
}
