import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

// Writes honest .xlsx workbooks of any size without holding them: each part is deflated as it is
// produced and the zip uses data descriptors, so a sheet of 500 MB or 5,000,000 rows streams to a
// file. Sheets hold realistic statement rows (a date, a description, an amount, a balance).

interface WrittenEntry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** A zip written as a stream: entries one after another, the central directory at the end. */
function createZipWriter(out: Writable) {
  const written: WrittenEntry[] = [];
  let offset = 0;
  const emit = async (chunk: Buffer) => {
    offset += chunk.length;
    await write(out, chunk);
  };
  return {
    async addEntry(name: string, parts: AsyncIterable<string> | Iterable<string>, level = 6): Promise<void> {
      const nameBytes = Buffer.from(name);
      const start = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0008, 6); // sizes and CRC follow the data
      local.writeUInt16LE(8, 8);
      local.writeUInt16LE(nameBytes.length, 26);
      await emit(Buffer.concat([local, nameBytes]));
      const deflate = createDeflateRaw({ level });
      let compressedSize = 0;
      const pumped = (async () => {
        for await (const chunk of deflate as AsyncIterable<Buffer>) {
          compressedSize += chunk.length;
          await emit(chunk);
        }
      })();
      let crc = 0;
      let size = 0;
      for await (const part of parts) {
        const bytes = Buffer.from(part);
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      }
      deflate.end();
      await pumped;
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(compressedSize, 8);
      descriptor.writeUInt32LE(size, 12);
      await emit(descriptor);
      written.push({ name: nameBytes, crc, compressedSize, size, offset: start });
    },
    async finish(): Promise<void> {
      const directoryStart = offset;
      for (const e of written) {
        const central = Buffer.alloc(46);
        central.writeUInt32LE(0x02014b50, 0);
        central.writeUInt16LE(20, 4);
        central.writeUInt16LE(20, 6);
        central.writeUInt16LE(0x0008, 8);
        central.writeUInt16LE(8, 10);
        central.writeUInt32LE(e.crc >>> 0, 16);
        central.writeUInt32LE(e.compressedSize, 20);
        central.writeUInt32LE(e.size, 24);
        central.writeUInt16LE(e.name.length, 28);
        central.writeUInt32LE(e.offset, 42);
        await emit(Buffer.concat([central, e.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(written.length, 8);
      end.writeUInt16LE(written.length, 10);
      end.writeUInt32LE(offset - directoryStart, 12);
      end.writeUInt32LE(directoryStart, 16);
      await emit(end);
    },
  };
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function packageParts(sheetNames: string[]): [string, string][] {
  const sheets = sheetNames.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        sheets
          .map(
            (n) =>
              `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>` +
        sheetNames
          .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${RELS}">` +
        sheets
          .map(
            (n) =>
              `<Relationship Id="rId${n}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rIdS" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      // Style 1 shows dates (built-in format 14), so dates are written as serial numbers as Excel does.
      `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ],
  ];
}

/** Deterministic pseudo-random numbers (mulberry32), so a file is the same on every run. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['ACH', 'DEPOSIT', 'WIRE', 'TRANSFER', 'PAYROLL', 'VENDOR', 'CHECK', 'CARD', 'FEE', 'REFUND'];
export const LARGE_XLSX_HEADER = ['Date', 'Description', 'Amount', 'Balance'];

/** The rows of one sheet: a header, then `rows` transactions; stops early past `maxBytes`. */
function* sheetXml(rows: number, maxBytes: number, seed: number, hasBalance: boolean): Generator<string> {
  const random = createRandom(seed);
  const header = hasBalance ? LARGE_XLSX_HEADER : LARGE_XLSX_HEADER.slice(0, 3);
  const parts: string[] = [
    `${XML}<worksheet xmlns="${MAIN}"><sheetData>`,
    `<row r="1">${header.map((h, c) => `<c r="${'ABCD'[c]}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>`,
  ];
  let bytes = 0;
  let balance = 100_000_000;
  for (let i = 0; i < rows && bytes < maxBytes; i++) {
    const r = i + 2;
    let text = '';
    while (text.length < 16) text += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    const cents = 1 + Math.floor(random() * 500_000) * (random() < 0.6 ? -1 : 1);
    balance += cents;
    const serial = 45292 + Math.floor(i / 1000);
    const row =
      `<row r="${r}"><c r="A${r}" s="1"><v>${serial}</v></c>` +
      `<c r="B${r}" t="inlineStr"><is><t>${text}REF ${String(i).padStart(9, '0')}</t></is></c>` +
      `<c r="C${r}"><v>${(cents / 100).toFixed(2)}</v></c>` +
      (hasBalance ? `<c r="D${r}"><v>${(balance / 100).toFixed(2)}</v></c>` : '') +
      '</row>';
    bytes += row.length;
    parts.push(row);
    if (parts.length >= 2000) yield parts.splice(0).join('');
  }
  parts.push('</sheetData></worksheet>');
  yield parts.join('');
}

export interface LargeXlsxOptions {
  /** Transactions per sheet (after the header row). */
  rows: number;
  sheets?: number;
  /** Stop a sheet once its XML reaches this size (for a sheet of a given unpacked size). */
  maxSheetBytes?: number;
  /** Deflate level: 1 writes fast, 6 packs as Excel does. */
  level?: number;
  /** Without the Balance column: three columns, for the longest sheets. */
  hasBalance?: boolean;
}

/** Streams an honest multi-sheet statement workbook to `out` (a file or a PassThrough). */
export async function writeLargeXlsx(out: Writable, options: LargeXlsxOptions): Promise<void> {
  const names = Array.from({ length: options.sheets ?? 1 }, (_, i) => `Statement ${i + 1}`);
  const zip = createZipWriter(out);
  for (const [name, text] of packageParts(names)) await zip.addEntry(name, [text]);
  for (let s = 0; s < names.length; s++) {
    await zip.addEntry(
      `xl/worksheets/sheet${s + 1}.xml`,
      sheetXml(options.rows, options.maxSheetBytes ?? Infinity, 7 + s, options.hasBalance ?? true),
      options.level ?? 6,
    );
  }
  await zip.finish();
  out.end();
  await once(out, 'finish');
}

async function collect(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
}

/** The same, in memory (tests). */
export function makeLargeXlsx(options: LargeXlsxOptions): Promise<Buffer> {
  return collect((out) => writeLargeXlsx(out, options));
}

/** A zip of the given parts, for hand-written workbooks in tests. */
export function makeZip(parts: Record<string, string>): Promise<Buffer> {
  return collect(async (out) => {
    const zip = createZipWriter(out);
    for (const [name, text] of Object.entries(parts)) await zip.addEntry(name, [text]);
    await zip.finish();
    out.end();
    await once(out, 'finish');
  });
}

/** A one-sheet workbook around the given sheetData rows, shared strings, styles and workbookPr. */
export function makeSheetXlsx(parts: {
  rows: string;
  sharedStrings?: string;
  styles?: string;
  workbookPr?: string;
  sheetXml?: string;
}): Promise<Buffer> {
  const [types, rels, , workbookRels] = packageParts(['Sheet1']).map(([, text]) => text);
  return makeZip({
    '[Content_Types].xml': types ?? '',
    '_rels/.rels': rels ?? '',
    'xl/workbook.xml':
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}">${parts.workbookPr ?? ''}` +
      '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': (workbookRels ?? '').replace(
      '</Relationships>',
      `<Relationship Id="rIdT" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/styles.xml':
      parts.styles ??
      `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `${XML}<sst xmlns="${MAIN}">${parts.sharedStrings ?? ''}</sst>`,
    'xl/worksheets/sheet1.xml':
      parts.sheetXml ?? `${XML}<worksheet xmlns="${MAIN}"><sheetData>${parts.rows}</sheetData></worksheet>`,
  });
}
