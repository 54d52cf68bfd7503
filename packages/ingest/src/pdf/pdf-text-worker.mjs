// Reads a PDF's text layer in a worker thread, page by page (issue 7 point 7: PDF time limit).
// pdf.js parses a page without yielding to the event loop, so a timer in the same thread cannot
// stop it; readPdf runs this file in a Worker and terminates it when the time is up. Plain
// JavaScript, so it loads the same under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const { data, maxPages } = workerData;
const port = parentPort;

async function readPages() {
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    port.postMessage({ type: 'opened', pages: document.numPages });
    if (document.numPages > maxPages) return;
    for (let n = 1; n <= document.numPages; n++) {
      port.postMessage({ type: 'page-start', page: n });
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const items = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , scaleY = 0, x = 0, y = 0] = item.transform;
        items.push({ text: item.str, x, y, width: item.width, height: item.height || Math.abs(scaleY) });
      }
      port.postMessage({ type: 'page', page: n, items });
      page.cleanup();
    }
    port.postMessage({ type: 'done' });
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

readPages().catch((cause) => port.postMessage({ type: 'error', message: String(cause) }));
