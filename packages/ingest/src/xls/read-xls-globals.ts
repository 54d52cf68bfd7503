import { fail, ok, type Result } from '../core/result.js';
import { fromExcelSerial } from '../template/parse-date.js';
import { BiffSegmentReader, readRecordString } from './biff-segment-reader.js';
import { BIFF, iterateBiffRecords } from './read-biff-records.js';
import type { CfbStream } from './read-cfb.js';

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (/^general$/i.test(bare.trim())) return false;
  return /[yd]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

export const u16 = (d: Uint8Array, at: number) => (d[at] ?? 0) | ((d[at + 1] ?? 0) << 8);
export const u32 = (d: Uint8Array, at: number) => (u16(d, at) | (u16(d, at + 2) << 16)) >>> 0;

export interface XlsGlobals {
  /** Worksheets in workbook order, with where their records start in the stream. */
  sheets: { name: string; offset: number }[];
  strings: string[];
  /** A number as the cell shows it: an ISO date when its format is a date format. */
  formatNumber(value: number, xf: number): string;
}

/**
 * Reads the workbook globals of a BIFF8 stream: sheet names and offsets, shared strings (across
 * CONTINUE records), number formats and the date system. Encrypted and BIFF5 workbooks are refused.
 */
export function readXlsGlobals(stream: CfbStream): Result<XlsGlobals> {
  const strings: string[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const sheets: XlsGlobals['sheets'] = [];
  let is1904 = false;
  let hasEnded = false;
  const records = iterateBiffRecords(stream);
  let record = records.next();
  if (record.done || record.value.type !== BIFF.BOF || u16(record.value.data, 0) !== 0x0600) {
    return fail({
      kind: 'unsupported',
      message: 'Only Excel 97-2003 (BIFF8) .xls workbooks are supported; save it as .xlsx.',
    });
  }
  for (record = records.next(); !record.done;) {
    const { type, data } = record.value;
    record = records.next();
    if (type === BIFF.EOF) {
      hasEnded = true;
      break;
    }
    if (type === BIFF.FILEPASS)
      return fail({ kind: 'unsupported', message: 'The workbook is password-protected.' });
    if (type === BIFF.BOUNDSHEET && data[5] === 0) {
      sheets.push({ offset: u32(data, 0), name: readRecordString(data, 6, 1) });
    } else if (type === BIFF.FORMAT) formats.set(u16(data, 0), readRecordString(data, 2));
    else if (type === BIFF.XF) xfFormats.push(u16(data, 2));
    else if (type === BIFF.DATEMODE) is1904 = u16(data, 0) === 1;
    else if (type === BIFF.SST) {
      const segments = [data.subarray(8)];
      for (; !record.done && record.value.type === BIFF.CONTINUE; record = records.next()) {
        segments.push(record.value.data);
      }
      const reader = new BiffSegmentReader(segments);
      const count = u32(data, 4);
      for (let s = 0; s < count && !reader.isAtEnd(); s++) strings.push(reader.readRichString());
    }
  }
  if (!hasEnded) {
    return fail({
      kind: 'malformed',
      format: 'xls',
      message: 'The .xls is incomplete: its workbook records end early.',
    });
  }

  const isDateXf = (xf: number) => {
    const format = xfFormats[xf] ?? 0;
    return BUILTIN_DATE_FORMATS.has(format) || isDateFormat(formats.get(format) ?? '');
  };
  const formatNumber = (value: number, xf: number) => {
    if (!isDateXf(xf)) return String(value);
    const serial = is1904 ? value + 1462 : value;
    const date = fromExcelSerial(serial);
    if (!date.ok) return String(value);
    const seconds = Math.round((serial % 1) * 86_400);
    if (seconds === 0) return date.value;
    const time = new Date(seconds * 1000).toISOString().slice(11, 19);
    return `${date.value}T${time}`;
  };
  return ok({ sheets, strings, formatNumber });
}
