import CFB from 'cfb';

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [...u16(n & 0xffff), ...u16((n >>> 16) & 0xffff)];
const f64 = (n: number) => [...new Uint8Array(new Float64Array([n]).buffer)];
const latin = (s: string) => [...s].map((c) => c.charCodeAt(0));
const wide = (s: string) => [...s].flatMap((c) => u16(c.charCodeAt(0)));
const record = (type: number, data: number[]) => [...u16(type), ...u16(data.length), ...data];
const cell = (row: number, col: number, xf: number) => [...u16(row), ...u16(col), ...u16(xf)];

/**
 * A small hand-built BIFF8 workbook (no xls writer is allowed in the project): two sheets, shared
 * strings with one split across a CONTINUE record, dates by built-in and custom formats, RK,
 * MULRK, an 8-bit LABEL and a formula with a string result.
 */
export function makeBiff8Xls(): Buffer {
  const bof = (kind: number) =>
    record(0x0809, [...u16(0x0600), ...u16(kind), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const eof = record(0x000a, []);
  const sheet1 = [
    ...bof(0x0010),
    ...record(0x00fd, [...cell(0, 0, 0), ...u32(0)]),
    ...record(0x00fd, [...cell(0, 1, 0), ...u32(1)]),
    ...record(0x00fd, [...cell(0, 2, 0), ...u32(2)]),
    ...record(0x0203, [...cell(1, 0, 1), ...f64(45292)]),
    ...record(0x027e, [...cell(1, 1, 0), ...u32((5 << 2) | 2)]),
    ...record(0x00fd, [...cell(1, 2, 0), ...u32(2)]),
    ...record(0x00bd, [
      ...u16(2),
      ...u16(0),
      ...u16(2),
      ...u32(((45293 << 2) | 2) >>> 0),
      ...u16(0),
      ...u32((-1234 << 2) | 3),
      ...u16(1),
    ]),
    ...record(0x0204, [...cell(3, 0, 0), ...u16(4), 0, ...latin('Caf\u00e9')]),
    ...record(0x0006, [...cell(3, 1, 0), 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0]),
    ...record(0x0207, [...u16(6), 1, ...wide('Total\u20ac')]),
    ...eof,
  ];
  const sheet2 = [...bof(0x0010), ...record(0x0203, [...cell(0, 0, 2), ...f64(45300.5)]), ...eof];

  const sstHead = [
    ...u32(3),
    ...u32(3),
    ...u16(4),
    0,
    ...latin('Date'),
    ...u16(11),
    0,
    ...latin('Description'),
  ];
  const split = [...u16(13), 0, ...latin('\u00dcber')];
  const globalsWithout = (sheetOffsets: number[]) => [
    ...bof(0x0005),
    ...record(0x0022, u16(0)),
    ...record(0x041e, [...u16(164), ...u16(10), 0, ...latin('yyyy-mm-dd')]),
    ...record(0x00e0, [...u16(0), ...u16(0), ...new Array(16).fill(0)]),
    ...record(0x00e0, [...u16(0), ...u16(14), ...new Array(16).fill(0)]),
    ...record(0x00e0, [...u16(0), ...u16(164), ...new Array(16).fill(0)]),
    ...record(0x0085, [...u32(sheetOffsets[0] ?? 0), 0, 0, 8, 0, ...latin('January ')]),
    ...record(0x0085, [...u32(sheetOffsets[1] ?? 0), 0, 0, 3, 0, ...latin('Feb')]),
    ...record(0x00fc, [...sstHead, ...split]),
    ...record(0x003c, [1, ...wide('weisung \u20ac')]),
    ...eof,
  ];
  const globalsLength = globalsWithout([0, 0]).length;
  const stream = [...globalsWithout([globalsLength, globalsLength + sheet1.length]), ...sheet1, ...sheet2];
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', Buffer.from(stream));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
