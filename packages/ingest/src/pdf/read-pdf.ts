import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readAllBytes, type ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import { createGrid, type Grid } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { placeTextItems, type TextItem } from './place-text-items.js';

class PdfTimeout extends Error {}

/**
 * Reads the text layer of a PDF into a grid (ingestion.md step 1), refusing more pages than the
 * limit and stopping at the time limit. A PDF without text (a scan) fails with a clear message.
 */
export async function readPdf(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  const limits = resolveLimits(options.limits);
  const bytes = await readAllBytes(source, limits.maxFileBytes);
  if (!bytes.ok) return bytes;
  // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
  const task = getDocument({
    data: new Uint8Array(bytes.value),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfTimeout()), limits.maxPdfMillis);
  });
  try {
    return await Promise.race([readPages(), deadline]);
  } catch (cause) {
    if (cause instanceof PdfTimeout) {
      return fail({
        kind: 'limit-exceeded',
        limit: 'pdfTime',
        maximum: limits.maxPdfMillis,
        message: `Reading the PDF took longer than ${limits.maxPdfMillis} ms.`,
      });
    }
    return fail({ kind: 'malformed', format: 'pdf', message: `The PDF could not be read: ${String(cause)}` });
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }

  async function readPages(): Promise<Result<Grid>> {
    const document = await task.promise;
    if (document.numPages > limits.maxPdfPages) {
      const error: ExtractionError = {
        kind: 'limit-exceeded',
        limit: 'pdfPages',
        maximum: limits.maxPdfPages,
        message: `The PDF has ${document.numPages} pages, more than the ${limits.maxPdfPages} allowed.`,
      };
      return fail(error);
    }
    const pages: TextItem[][] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , scaleY = 0, x = 0, y = 0] = item.transform as number[];
        items.push({ text: item.str, x, y, width: item.width, height: item.height || Math.abs(scaleY) });
      }
      pages.push(items);
      page.cleanup();
    }
    if (pages.every((p) => p.length === 0)) {
      return fail({
        kind: 'pdf-without-text',
        message:
          'This PDF has no text layer (a scanned image?). Ask the bank for a CSV or a text PDF statement.',
      });
    }
    const rows = placeTextItems(pages);
    if (rows.length > limits.maxRows) {
      return fail({
        kind: 'limit-exceeded',
        limit: 'rows',
        maximum: limits.maxRows,
        message: `The PDF has more than ${limits.maxRows} rows.`,
      });
    }
    return ok(createGrid(rows, { format: 'pdf' }, 'PDF'));
  }
}
