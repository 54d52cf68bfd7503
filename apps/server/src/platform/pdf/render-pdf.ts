import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, PdfDefinition, PdfMargin, PdfPageBreakBefore, PdfStyle } from './pdf-types';

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
  subheading: { fontSize: 11, bold: true, margin: [0, 10, 0, 4] },
  tableHeader: { bold: true, fillColor: '#eeeeee' },
  note: { fontSize: 9, italics: true, color: '#444444', margin: [0, 4, 0, 0] },
};

/** Letter paper, in points, and the margins every document keeps (left, top, right, bottom). */
export const PAGE_SIZE = { width: 612, height: 792 } as const;
export const PAGE_MARGINS: PdfMargin = [40, 40, 40, 48];
/** The width a portrait page's content may take. */
export const CONTENT_WIDTH = PAGE_SIZE.width - PAGE_MARGINS[0] - PAGE_MARGINS[2];

/**
 * A node with a headlineLevel (a heading, the intro under it) moves to the next page when nothing but
 * other such nodes would follow it on its page: a heading never ends a page without what it heads.
 */
export const keepHeadlinesWithNext: PdfPageBreakBefore = (node, nodes) => {
  if (node.headlineLevel === undefined) return false;
  return nodes.getFollowingNodesOnPage().every((next) => next.headlineLevel !== undefined);
};

export interface PdfDocument {
  /** The document's title: its metadata title and its first line. */
  title: string;
  subtitle?: string;
  /** What stands above the title on the first page (a logo). */
  leading?: Content[];
  content: Content[];
  landscape?: boolean;
  /** A line at the top of every page (a firm's name, say). */
  header?: string;
  /** What the footer says before the page number; the title when absent. */
  footer?: string;
  /** The metadata's subject and author (a PDF reader's document properties). */
  subject?: string;
  author?: string;
}

const pageLine = { fontSize: 8, color: '#666666' } as const;

/** Renders a document to PDF bytes, with page numbers in the footer. */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  const definition: PdfDefinition = {
    info: {
      title: document.title,
      creator: 'Tideline',
      ...(document.subject ? { subject: document.subject } : {}),
      ...(document.author ? { author: document.author } : {}),
    },
    pageSize: 'LETTER',
    pageOrientation: document.landscape ? 'landscape' : 'portrait',
    pageMargins: PAGE_MARGINS,
    pageBreakBefore: keepHeadlinesWithNext,
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: PDF_STYLES,
    ...(document.header
      ? {
          header: () => ({ text: document.header, alignment: 'right', margin: [40, 18, 40, 0], ...pageLine }),
        }
      : {}),
    footer: (page, pages) => ({
      text: `${document.footer ?? document.title} — page ${page} of ${pages}`,
      alignment: 'center',
      ...pageLine,
    }),
    content: [
      ...(document.leading ?? []),
      { text: document.title, style: 'title' },
      ...(document.subtitle ? [{ text: document.subtitle, style: 'subtitle' }] : []),
      ...document.content,
    ],
  };
  return pdfmake.createPdf(definition).getBuffer();
}
