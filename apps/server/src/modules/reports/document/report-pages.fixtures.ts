import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

// The PDF's pages as pixels, for the margin test: poppler's pdftoppm renders each page to a PNG, read
// back here byte by byte (PNG filters undone, no image library).

export const PDFTOPPM = 'pdftoppm';

/** Whether pdftoppm (poppler-utils) can be run on this machine. */
export function hasPdftoppm(): boolean {
  const probe = spawnSync(PDFTOPPM, ['-v'], { encoding: 'utf8' });
  return !probe.error;
}

export interface GrayPage {
  width: number;
  height: number;
  /** One byte a pixel, 0 black to 255 white, row by row. */
  pixels: Uint8Array;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * An 8-bit, non-interlaced grayscale or RGB PNG (pdftoppm writes RGB even with -gray) as one gray
 * byte a pixel: the darkest of its channels, so ink of any colour counts.
 */
export function decodeGrayPng(png: Buffer): GrayPage {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 1;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = body[9] === 2 ? 3 : 1;
      if (body[8] !== 8 || (body[9] !== 0 && body[9] !== 2) || body[12] !== 0)
        throw new Error('Expected an 8-bit grayscale or RGB, non-interlaced PNG.');
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const bytes = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? bytes[y * stride + x - channels]! : 0;
      const up = y > 0 ? bytes[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? bytes[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`Unknown PNG filter ${filter}.`);
      bytes[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i += 1) {
    let darkest = 255;
    for (let c = 0; c < channels; c += 1) darkest = Math.min(darkest, bytes[i * channels + c]!);
    pixels[i] = darkest;
  }
  return { width, height, pixels };
}

/** Every page of the PDF at `dpi` as a grayscale PNG, decoded. */
export async function renderPdfPages(pdf: Buffer, dpi: number): Promise<GrayPage[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'report-pages-'));
  try {
    const input = path.join(dir, 'report.pdf');
    await writeFile(input, pdf);
    const run = spawnSync(PDFTOPPM, ['-png', '-r', String(dpi), input, path.join(dir, 'page')], {
      encoding: 'utf8',
    });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    return Promise.all(names.map(async (name) => decodeGrayPng(await readFile(path.join(dir, name)))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The columns (in points from the left edge) where a page has ink outside [left, right]. */
export function findInkOutside(page: GrayPage, dpi: number, left: number, right: number, ink = 230) {
  const scale = dpi / 72;
  const hits: { x: number; y: number }[] = [];
  for (let y = 0; y < page.height; y += 1)
    for (let x = 0; x < page.width; x += 1) {
      const xPt = (x + 0.5) / scale;
      if (xPt >= left && xPt <= right) continue;
      if (page.pixels[y * page.width + x]! < ink) hits.push({ x: xPt, y: (y + 0.5) / scale });
    }
  return hits;
}
