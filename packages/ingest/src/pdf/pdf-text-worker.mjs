// Reads a PDF's text layer in a worker thread, page by page (issue 7 point 7: PDF time limit).
// pdf.js parses a page without yielding to the event loop, so a timer in the same thread cannot
// stop it; readPdf runs this file in a Worker with a heap limit and terminates it when the time is
// up. Plain JavaScript, so it loads the same under node, tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';

const { data, maxPages, maxBufferBytes } = workerData;
const port = parentPort;

// pdf.js unpacks a stream into one buffer that doubles as it grows, outside the heap limit. The
// flate-bomb scan (check-pdf-streams.ts) cannot see inside encrypted streams, so every new byte
// array pdf.js asks for is held to the limit here too: this thread only ever runs pdf.js.
// pdf.js takes a failed allocation for the end of the stream and goes on with what it has, so the
// parent is told at once (postMessage does not wait for this thread) and terminates it.
let isBufferRefused = false;
function refuseBuffer() {
  if (!isBufferRefused) port.postMessage({ type: 'buffer-refused' });
  isBufferRefused = true;
  return new RangeError('buffer over the limit');
}
globalThis.Uint8Array = new Proxy(Uint8Array, {
  construct(target, args, newTarget) {
    if (typeof args[0] === 'number' && args[0] > maxBufferBytes) throw refuseBuffer();
    return Reflect.construct(target, args, newTarget);
  },
});
// pdf.js unpacks page content with the platform's DecompressionStream when there is one, collecting
// every chunk before it asks for the buffer: the unpacked bytes are counted as they come instead.
const NativeDecompressionStream = globalThis.DecompressionStream;
globalThis.DecompressionStream = class CappedDecompressionStream {
  constructor(format) {
    const inner = new NativeDecompressionStream(format);
    let unpacked = 0;
    this.writable = inner.writable;
    this.readable = inner.readable.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          unpacked += chunk.byteLength;
          if (unpacked <= maxBufferBytes) return controller.enqueue(chunk);
          controller.error(refuseBuffer());
        },
      }),
    );
  }
};
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** A refused buffer ends the reading, even where pdf.js would have skipped the failing part. */
function checkBuffers() {
  if (isBufferRefused) throw new Error('buffer over the limit');
}

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
    checkBuffers();
    port.postMessage({ type: 'opened', pages: document.numPages });
    if (document.numPages > maxPages) return;
    for (let n = 1; n <= document.numPages; n++) {
      port.postMessage({ type: 'page-start', page: n });
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      checkBuffers();
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

// Only the exception's name crosses over: readPdf words the failure for users.
readPages().catch((cause) =>
  port.postMessage(
    isBufferRefused ? { type: 'buffer-refused' } : { type: 'error', name: String(cause?.name) },
  ),
);
