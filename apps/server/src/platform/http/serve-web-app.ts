import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite names every built asset by its content hash: a file there never changes under its name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashes, so the browser asks again each time (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';

/** Vite's hashed files live in the build's assets/ folder; everything else may change in place. */
function cacheControlFor(webDist: string, filePath: string): string {
  const relative = path.isAbsolute(filePath)
    ? path.relative(webDist, filePath)
    : filePath.replace(/^\/+/, '');
  return relative.split(/[\\/]/)[0] === 'assets' ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** Text answers (JSON, CSV, HTML, XML, scripts); never binary downloads such as PDFs, workbooks or
 *  octet-streams, which are compressed already or not worth the CPU. */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/u;

/**
 * Answers above 1 KB compressed (issue 21 point 1): brotli at quality 2 or gzip, as the browser
 * accepts. Quality is restated because the plugin's `params` default is replaced, not merged, by ours:
 * brotli's own default of 11 costs ten times the CPU per request. Quality 2, not the plugin's 4: on a
 * 17 KB page of transactions it took 36 µs against 83 µs here for the same size (1,234 against 1,251
 * bytes), and 110 against 216 µs at 68 KB (4,361 against 4,359); compression was 12% of a list
 * request's CPU at quality 4. The built assets carry their own .br and .gz made at build time (quality
 * 11), which the static files below send as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 1024,
    // An answer in memory up to 64 KB is compressed in one call instead of through a zlib stream per
    // answer: a list page of ~10 KB took 300 µs through a stream and 80 µs in one call here, and the
    // stream's extra CPU was 10% of an API request's under load (issue 21 point 2). The plugin's default
    // on two cores, 8 KB, sent most list pages down the stream; 64 KB holds the loop under 1 ms.
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    },
  });
}

/** Written by the web build (apps/web/build/screen-preloads.ts): each screen's files beyond the entry's. */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

/** Whether a URL path is one of a route pattern's, where `:name` stands for one segment. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const parts = pathname.split('/');
  return (
    wanted.length === parts.length &&
    wanted.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]))
  );
}

/** index.html naming `files` as module preloads, so the browser asks for them beside the entry. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** A screen's index.html, built and compressed once: brotli at its default quality takes over a ms. */
interface ScreenPage {
  pattern: string;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The index.html of each screen of SCREEN_PRELOADS_FILE, with that screen's files named. Made when the
 * server starts, as the rest of what it serves from the build is decided then; none for a build
 * without the file (the entry asks for the screen's files as it runs).
 */
async function loadScreenPages(webDist: string): Promise<ScreenPage[]> {
  let preloads: Record<string, string[]>;
  try {
    preloads = JSON.parse(
      await readFile(path.join(webDist, SCREEN_PRELOADS_FILE), 'utf8'),
    ) as typeof preloads;
  } catch {
    return [];
  }
  const index = await readFile(path.join(webDist, 'index.html'), 'utf8');
  return Object.entries(preloads).map(([pattern, files]) => {
    const html = withModulePreloads(index, files);
    return { pattern, html, br: brotliCompressSync(html), gzip: gzipSync(html) };
  });
}

/**
 * A screen's page, compressed as the browser accepts: the compression plugin's hook is a route's, and
 * the not-found handler that answers client-side routes is not one.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: ScreenPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', REVALIDATE_CACHE)
    .header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/**
 * The web app's files from `webDist`: precompressed variants chosen by Accept-Encoding, hashed assets
 * cached for a year, and any other GET outside /api (a client-side route) answered with index.html,
 * naming the screen's own files at a screen of SCREEN_PRELOADS_FILE.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const screenPages = hasWeb ? await loadScreenPages(webDist) : [];
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(webDist, filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api') && hasWeb) {
      const pathname = request.url.split('?')[0]!;
      const screenPage = screenPages.find((page) => matchesRoute(page.pattern, pathname));
      if (screenPage) return sendPage(request, reply, screenPage);
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ msg: `No route ${request.method} ${request.url.split('?')[0]}.` });
  });
}
