import { once } from 'node:events';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';

// Writes honest BIFF8 .xls workbooks of any row count (no xls writer is allowed in the project):
// sheets of up to 65,535 statement rows after a header, cells in blocks of 32 rows closed by DBCELL
// as Excel writes them, shared strings, dates as numbers in a date format. The container is
// Compound File version 4 (4,096-byte sectors), whose header holds the whole sector table for
// files up to 450 MB.

const SECTOR = 4096;
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;
export const XLS_ROWS_PER_SHEET = 65_535;

function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const cellHead = (row: number, col: number, xf: number) => {
  const b = Buffer.alloc(6);
  b.writeUInt16LE(row, 0);
  b.writeUInt16LE(col, 2);
  b.writeUInt16LE(xf, 4);
  return b;
};
const labelSst = (row: number, col: number, index: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(index, 0);
  return record(0x00fd, Buffer.concat([cellHead(row, col, 0), b]));
};
const numberCell = (row: number, col: number, xf: number, value: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(value, 0);
  return record(0x0203, Buffer.concat([cellHead(row, col, xf), b]));
};
const bof = (kind: number) => {
  const b = Buffer.alloc(16);
  b.writeUInt16LE(0x0600, 0);
  b.writeUInt16LE(kind, 2);
  return record(0x0809, b);
};
const EOF_RECORD = record(0x000a, Buffer.alloc(0));
const DBCELL = record(0x00d7, Buffer.alloc(4));

const HEADER = ['Date', 'Description', 'Amount'];
const WORDS = ['ACH', 'DEPOSIT', 'WIRE', 'TRANSFER', 'PAYROLL', 'VENDOR', 'CHECK', 'CARD', 'FEE', 'REFUND'];
/** Descriptions are shared strings: the header's three, then 1,000 statement texts. */
const STRINGS = [
  ...HEADER,
  ...Array.from({ length: 1000 }, (_, i) => `${WORDS[i % 10]} ${WORDS[(i * 7) % 10]} PAYMENT ${1000 + i}`),
];

/** One sheet's records: a header row, then `rows` transactions numbered from `first`. */
function* sheetRecords(rows: number, first: number): Generator<Buffer> {
  yield bof(0x0010);
  const parts: Buffer[] = [];
  for (let r = 0; r <= rows; r++) {
    if (r === 0) HEADER.forEach((_, c) => parts.push(labelSst(0, c, c)));
    else {
      const n = first + r - 1;
      parts.push(
        numberCell(r, 0, 1, 45292 + Math.floor(n / 1000)),
        labelSst(r, 1, 3 + (n % 1000)),
        numberCell(r, 2, 0, ((n % 2 ? -1 : 1) * (n % 100_000)) / 100),
      );
    }
    if (r % 32 === 31 || r === rows) {
      parts.push(DBCELL);
      yield Buffer.concat(parts.splice(0));
    }
  }
  yield EOF_RECORD;
}

function sharedStrings(): Buffer[] {
  const encoded = STRINGS.map((s) => {
    const head = Buffer.alloc(3);
    head.writeUInt16LE(s.length, 0);
    return Buffer.concat([head, Buffer.from(s, 'latin1')]);
  });
  const counts = Buffer.alloc(8);
  counts.writeUInt32LE(STRINGS.length, 0);
  counts.writeUInt32LE(STRINGS.length, 4);
  // Records hold at most 8,224 bytes; strings are kept whole, so a CONTINUE starts at a string.
  const records: Buffer[] = [];
  let current: Buffer[] = [counts];
  let size = counts.length;
  let type = 0x00fc;
  for (const s of encoded) {
    if (size + s.length > 8224) {
      records.push(record(type, Buffer.concat(current)));
      type = 0x003c;
      current = [];
      size = 0;
    }
    current.push(s);
    size += s.length;
  }
  records.push(record(type, Buffer.concat(current)));
  return records;
}

function globals(sheetSizes: number[]): Buffer {
  const boundsheet = (offset: number, name: string) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(offset, 0);
    b.writeUInt8(name.length, 6);
    return record(0x0085, Buffer.concat([b, Buffer.from(name, 'latin1')]));
  };
  const xf = (format: number) => {
    const b = Buffer.alloc(20);
    b.writeUInt16LE(format, 2);
    return record(0x00e0, b);
  };
  const names = sheetSizes.map((_, i) => `Statement ${i + 1}`);
  const build = (offsets: number[]) =>
    Buffer.concat([
      bof(0x0005),
      xf(0),
      xf(14),
      ...names.map((name, i) => boundsheet(offsets[i] ?? 0, name)),
      ...sharedStrings(),
      EOF_RECORD,
    ]);
  const size = build([]).length;
  const offsets: number[] = [];
  let at = size;
  for (const s of sheetSizes) {
    offsets.push(at);
    at += s;
  }
  return build(offsets);
}

/** The compound file around a workbook stream of `size` bytes: header, then directory and FAT. */
function container(size: number): { header: Buffer; tail: Buffer } {
  const dataSectors = Math.ceil(size / SECTOR);
  let fatSectors = 1;
  while (fatSectors * 1024 < dataSectors + 1 + fatSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('The test workbook is too large for a header-only sector table.');
  const directorySector = dataSectors;
  const firstFat = dataSectors + 1;
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(4, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(12, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x28);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(directorySector, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? firstFat + i : FREE, 0x4c + i * 4);

  const directory = Buffer.alloc(SECTOR);
  const entry = (at: number, name: string, type: number, child: number, start: number, bytes: number) => {
    Buffer.from(`${name}\0`, 'utf16le').copy(directory, at);
    directory.writeUInt16LE((name.length + 1) * 2, at + 64);
    directory.writeUInt8(type, at + 66);
    directory.writeUInt8(1, at + 67);
    directory.writeUInt32LE(FREE, at + 68);
    directory.writeUInt32LE(FREE, at + 72);
    directory.writeUInt32LE(child, at + 76);
    directory.writeUInt32LE(start, at + 116);
    directory.writeUInt32LE(bytes, at + 120);
  };
  entry(0, 'Root Entry', 5, 1, END_OF_CHAIN, 0);
  entry(128, 'Workbook', 2, FREE, 0, size);
  for (let at = 256; at < SECTOR; at += 128) {
    directory.writeUInt32LE(FREE, at + 68);
    directory.writeUInt32LE(FREE, at + 72);
    directory.writeUInt32LE(FREE, at + 76);
  }
  const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
  for (let s = 0; s < dataSectors; s++) fat.writeUInt32LE(s + 1 < dataSectors ? s + 1 : END_OF_CHAIN, s * 4);
  fat.writeUInt32LE(END_OF_CHAIN, directorySector * 4);
  for (let i = 0; i < fatSectors; i++) fat.writeUInt32LE(FAT_SECTOR, (firstFat + i) * 4);
  const padding = Buffer.alloc(dataSectors * SECTOR - size);
  return { header, tail: Buffer.concat([padding, directory, fat]) };
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Streams an .xls of `rows` statement rows (65,535 per sheet) to a file. */
export async function writeLargeXls(path: string, rows: number): Promise<void> {
  const sheetsFile = `${path}.sheets`;
  const sheets = createWriteStream(sheetsFile);
  const sizes: number[] = [];
  for (let first = 0; first < rows; first += XLS_ROWS_PER_SHEET) {
    let size = 0;
    for (const part of sheetRecords(Math.min(XLS_ROWS_PER_SHEET, rows - first), first)) {
      size += part.length;
      await write(sheets, part);
    }
    sizes.push(size);
  }
  sheets.end();
  await once(sheets, 'finish');
  const head = globals(sizes);
  const { header, tail } = container(head.length + statSync(sheetsFile).size);
  const out = createWriteStream(path);
  await write(out, header);
  await write(out, head);
  for await (const chunk of createReadStream(sheetsFile)) await write(out, chunk as Buffer);
  await write(out, tail);
  out.end();
  await once(out, 'finish');
  rmSync(sheetsFile);
}

/** The same in memory (tests). */
export function makeLargeXls(rows: number): Buffer {
  const sheets: Buffer[] = [];
  const sizes: number[] = [];
  for (let first = 0; first < rows; first += XLS_ROWS_PER_SHEET) {
    const parts = [...sheetRecords(Math.min(XLS_ROWS_PER_SHEET, rows - first), first)];
    sizes.push(parts.reduce((n, p) => n + p.length, 0));
    for (const part of parts) sheets.push(part);
  }
  const head = globals(sizes);
  const body = Buffer.concat([head, ...sheets]);
  const { header, tail } = container(body.length);
  return Buffer.concat([header, body, tail]);
}

/** The cells row `n` (0-based transaction) of a generated workbook reads as. */
export function expectedXlsRow(n: number): string[] {
  const amount = ((n % 2 ? -1 : 1) * (n % 100_000)) / 100;
  const day = new Date(Date.UTC(1899, 11, 30) + (45292 + Math.floor(n / 1000)) * 86_400_000);
  return [day.toISOString().slice(0, 10), STRINGS[3 + (n % 1000)] ?? '', String(amount)];
}
