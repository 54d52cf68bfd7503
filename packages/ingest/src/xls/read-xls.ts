import CFB from 'cfb';
import { readAllBytes, type ByteSource } from '../core/byte-source.js';
import type { Grid, GridSheet } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { fromExcelSerial } from '../template/parse-date.js';
import { BiffSegmentReader, readRecordString } from './biff-segment-reader.js';
import { BIFF, readBiffRecords, type BiffRecord } from './read-biff-records.js';

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (/^general$/i.test(bare.trim())) return false;
  return /[yd]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

function decodeRk(rk: number): number {
  const value =
    rk & 0x02 ? rk >> 2 : new DataView(new Uint32Array([0, rk & 0xfffffffc]).buffer).getFloat64(0, true);
  return rk & 0x01 ? value / 100 : value;
}

const u16 = (d: Uint8Array, at: number) => (d[at] ?? 0) | ((d[at + 1] ?? 0) << 8);
const u32 = (d: Uint8Array, at: number) => (u16(d, at) | (u16(d, at + 2) << 16)) >>> 0;
const f64 = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset + at, 8).getFloat64(0, true);

/**
 * Reads legacy .xls (BIFF8) without the `xlsx` package: the cfb container reader finds the
 * Workbook stream, and this reader walks its records for sheet names, shared strings, number
 * formats (to give dates as dates) and cell values. BIFF5 and encrypted workbooks are refused.
 */
export async function readXls(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  const limits = resolveLimits(options.limits);
  const bytes = await readAllBytes(source, limits.maxFileBytes);
  if (!bytes.ok) return bytes;
  const unsupported = (message: string) => fail({ kind: 'unsupported' as const, message });
  let stream: Uint8Array | undefined;
  try {
    const container = CFB.read(Buffer.from(bytes.value), { type: 'buffer' });
    const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
    if (!entry?.content)
      return fail({ kind: 'malformed', format: 'xls', message: 'The .xls has no workbook stream.' });
    if (entry.name === 'Book')
      return unsupported('Excel 5/95 (BIFF5) workbooks are not supported; save as .xlsx.');
    stream = Uint8Array.from(entry.content as ArrayLike<number>);
  } catch (cause) {
    return fail({
      kind: 'malformed',
      format: 'xls',
      message: `The .xls could not be opened: ${String(cause)}`,
    });
  }

  try {
    const records = readBiffRecords(stream);
    if (records.some((r) => r.type === BIFF.FILEPASS))
      return unsupported('The workbook is password-protected.');
    const strings: string[] = [];
    const formats = new Map<number, string>();
    const xfFormats: number[] = [];
    const sheetsAt: { name: string; offset: number }[] = [];
    let is1904 = false;
    for (let i = 0; i < records.length; i++) {
      const { type, data } = records[i] as BiffRecord;
      if (type === BIFF.EOF) break;
      if (type === BIFF.BOUNDSHEET && data[5] === 0) {
        sheetsAt.push({ offset: u32(data, 0), name: readRecordString(data, 6, 1) });
      } else if (type === BIFF.FORMAT) formats.set(u16(data, 0), readRecordString(data, 2));
      else if (type === BIFF.XF) xfFormats.push(u16(data, 2));
      else if (type === BIFF.DATEMODE) is1904 = u16(data, 0) === 1;
      else if (type === BIFF.SST) {
        const segments = [data.subarray(8)];
        while (records[i + 1]?.type === BIFF.CONTINUE) segments.push((records[++i] as BiffRecord).data);
        const reader = new BiffSegmentReader(segments);
        const count = u32(data, 4);
        for (let s = 0; s < count && !reader.isAtEnd(); s++) strings.push(reader.readRichString());
      }
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

    const sheets: GridSheet[] = [];
    let totalRows = 0;
    for (const { name, offset } of sheetsAt) {
      const cells = new Map<number, string[]>();
      let lastRow = -1;
      const put = (row: number, col: number, value: string) => {
        const line = cells.get(row) ?? [];
        while (line.length <= col) line.push('');
        line[col] = value;
        cells.set(row, line);
        lastRow = Math.max(lastRow, row);
      };
      let formulaCell: { row: number; col: number } | undefined;
      for (const { type, data } of readBiffRecords(stream, offset)) {
        if (type === BIFF.EOF) break;
        const row = u16(data, 0);
        const col = u16(data, 2);
        if (type === BIFF.LABELSST) put(row, col, strings[u32(data, 6)] ?? '');
        else if (type === BIFF.LABEL) put(row, col, readRecordString(data, 6));
        else if (type === BIFF.NUMBER) put(row, col, formatNumber(f64(data, 6), u16(data, 4)));
        else if (type === BIFF.RK) put(row, col, formatNumber(decodeRk(u32(data, 6)), u16(data, 4)));
        else if (type === BIFF.MULRK) {
          for (let p = 4, c = col; p + 6 <= data.length - 2; p += 6, c++) {
            put(row, c, formatNumber(decodeRk(u32(data, p + 2)), u16(data, p)));
          }
        } else if (type === BIFF.BOOLERR) put(row, col, data[7] ? '' : data[6] ? 'TRUE' : 'FALSE');
        else if (type === BIFF.FORMULA) {
          formulaCell = undefined;
          if (u16(data, 12) !== 0xffff) put(row, col, formatNumber(f64(data, 6), u16(data, 4)));
          else if (data[6] === 0) formulaCell = { row, col };
          else if (data[6] === 1) put(row, col, data[8] ? 'TRUE' : 'FALSE');
        } else if (type === BIFF.STRING && formulaCell) {
          put(formulaCell.row, formulaCell.col, readRecordString(data, 0));
          formulaCell = undefined;
        }
      }
      totalRows += lastRow + 1;
      if (totalRows > limits.maxRows) {
        return fail({
          kind: 'limit-exceeded',
          limit: 'rows',
          maximum: limits.maxRows,
          message: `More than ${limits.maxRows} rows.`,
        });
      }
      const rows = Array.from({ length: lastRow + 1 }, (_, r) => {
        const line = cells.get(r) ?? [];
        while (line.length > 0 && line[line.length - 1] === '') line.pop();
        return { rowNumber: r + 1, cells: line };
      });
      sheets.push({ name, rows });
    }
    return ok({ sheets, source: { format: 'xls' } });
  } catch (cause) {
    return fail({ kind: 'malformed', format: 'xls', message: `The .xls is damaged: ${String(cause)}` });
  }
}
