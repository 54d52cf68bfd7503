import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// Builds honest .xlsx workbooks of any unpacked size without holding them unpacked: the sheet XML is
// streamed through deflate in chunks. A 524 MB sheet packs to about 1.5 MB, as in the penetration test.

interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '</Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    '</Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
    '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    '</Relationships>',
};

function packPart(name: string, text: string): ZipEntry {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
}

// Each row is one cell of 256 KB of text: honest XML that packs about 350 to 1.
const CELL_TEXT = 'Wire transfer 1,250.00 '.repeat(11_398);

/** sheet1.xml: `rows` rows of one long inline-string cell, deflated as it is produced. */
async function packSheet(rows: number): Promise<ZipEntry> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const tail = Buffer.from('</sheetData></worksheet>');
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(head);
  let size = head.length;
  deflate.write(head);
  for (let r = 1; r <= rows; r++) {
    const part = Buffer.from(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${CELL_TEXT}</t></is></c></row>`,
    );
    crc = crc32(part, crc);
    size += part.length;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  size += tail.length;
  deflate.end(tail);
  await done;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(out), crc, size };
}

function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A valid one-sheet workbook whose sheet unpacks to about `unpackedMb` megabytes. */
export async function buildXlsxOfSize(unpackedMb: number): Promise<Buffer> {
  const rowBytes = CELL_TEXT.length + 70;
  const sheet = await packSheet(Math.ceil((unpackedMb * 1024 * 1024) / rowBytes));
  return writeZip([...Object.entries(PARTS).map(([name, text]) => packPart(name, text)), sheet]);
}
