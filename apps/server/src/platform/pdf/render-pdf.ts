import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, PdfDefinition, PdfStyle } from './pdf-types';

// Server-side PDF documents (issue 18: the short-term model's Download PDF; issue 19's client report)
// with pdfmake 0.3. The fonts are Roboto files that ship with pdfmake, read from disk; a document
// may fetch no URL and read no other local file, so a text or an SVG that names one cannot reach
// the network or the disk.

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
const font = (name: string) => path.join(fontDir, `Roboto-${name}.ttf`);
const FONT_FILES = new Set([font('Regular'), font('Medium'), font('Italic'), font('MediumItalic')]);

pdfmake.setFonts({
  Roboto: {
    normal: font('Regular'),
    bold: font('Medium'),
    italics: font('Italic'),
    bolditalics: font('MediumItalic'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => FONT_FILES.has(path.resolve(file)));

/** Shared styles of our documents: a title, section headings, small tables, notes. */
export const PDF_STYLES: Record<string, PdfStyle> = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 11, color: '#444444', margin: [0, 0, 0, 12] },
  heading: { fontSize: 13, bold: true, margin: [0, 14, 0, 6] },
  tableHeader: { bold: true, fillColor: '#eeeeee' },
  note: { fontSize: 9, italics: true, color: '#444444', margin: [0, 4, 0, 0] },
};

export interface PdfDocument {
  /** The document's title: its metadata title and its first line. */
  title: string;
  subtitle?: string;
  content: Content[];
  landscape?: boolean;
}

/** Renders a document to PDF bytes, with page numbers in the footer. */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  const definition: PdfDefinition = {
    info: { title: document.title, creator: 'Tideline' },
    pageSize: 'LETTER',
    pageOrientation: document.landscape ? 'landscape' : 'portrait',
    pageMargins: [40, 40, 40, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: PDF_STYLES,
    footer: (page, pages) => ({
      text: `${document.title} — page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#666666',
    }),
    content: [
      { text: document.title, style: 'title' },
      ...(document.subtitle ? [{ text: document.subtitle, style: 'subtitle' }] : []),
      ...document.content,
    ],
  };
  return pdfmake.createPdf(definition).getBuffer();
}
