// A PDF of text pages written by hand: no layout engine is a dependency of the server, and the demo
// statement needs only placed lines of text in the standard Courier fonts (fixed width, so text can
// be right-aligned by counting characters).

/** One run of text: PDF user space (points, y up from the page's bottom). */
export interface PdfText {
  x: number;
  y: number;
  text: string;
  isBold?: boolean;
  size: number;
}

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

/** Courier's glyphs are all 600/1000 of the font size wide. */
export const courierWidth = (text: string, size: number) => text.length * size * 0.6;

/** A PDF literal string: backslash and parentheses escaped. */
const toPdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

function writeContent(texts: readonly PdfText[]): string {
  const ops = texts.map(
    (t) =>
      `/${t.isBold ? 'F2' : 'F1'} ${t.size} Tf 1 0 0 1 ${t.x.toFixed(2)} ${t.y.toFixed(2)} Tm ${toPdfString(t.text)} Tj`,
  );
  return `BT\n${ops.join('\n')}\nET\n`;
}

/**
 * Letter pages of text in Courier and Courier-Bold (WinAnsi; the demo's text is ASCII), numbered
 * objects with a cross-reference table and %%EOF, as a reader expects of a complete file.
 */
export function writePdfDocument(pages: readonly (readonly PdfText[])[], title: string): Buffer {
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const pageRefs = pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ');
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageRefs}] /Count ${pages.length} >>`,
    font('Courier'),
    font('Courier-Bold'),
    `<< /Title ${toPdfString(title)} /Producer (Tideline demo-statements) >>`,
  ];
  for (const [i, texts] of pages.entries()) {
    const content = writeContent(texts);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
