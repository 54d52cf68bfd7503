import type { ExtractionError } from '../core/extraction-error.js';
import { createRowBatcher, refuseRows, type RowBatchHandler } from '../core/grid-file.js';
import { readRecordString } from './biff-segment-reader.js';
import { BIFF, iterateBiffRecords } from './read-biff-records.js';
import type { CfbStream } from './read-cfb.js';
import { u16, u32, type XlsGlobals } from './read-xls-globals.js';

function decodeRk(rk: number): number {
  const value =
    rk & 0x02 ? rk >> 2 : new DataView(new Uint32Array([0, rk & 0xfffffffc]).buffer).getFloat64(0, true);
  return rk & 0x01 ? value / 100 : value;
}

const f64 = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset + at, 8).getFloat64(0, true);

/** BIFF8 sheets end at column IV. */
const MAX_COLUMNS = 256;

/** The shortest valid data of each cell record: a shorter one is damage, not a cell. */
const MIN_LENGTH = new Map<number, number>([
  [BIFF.LABELSST, 10],
  [BIFF.LABEL, 9],
  [BIFF.NUMBER, 14],
  [BIFF.RK, 10],
  [BIFF.MULRK, 12],
  [BIFF.BOOLERR, 8],
  [BIFF.FORMULA, 20],
]);

const damaged = (message: string): ExtractionError => ({ kind: 'malformed', format: 'xls', message });

/**
 * Reads one worksheet's records into rows, handed on in batches. Excel writes cells in blocks of
 * up to 32 rows closed by a DBCELL record, so a block's rows are complete there and are handed on;
 * a cell for a row already handed on is refused as damage. Without DBCELL records the sheet
 * (at most 65,536 rows in BIFF8) is handed on at its end.
 */
export async function readXlsSheet(
  stream: CfbStream,
  globals: XlsGlobals,
  sheet: { name: string; offset: number },
  maxRows: number,
  onRows: RowBatchHandler,
): Promise<ExtractionError | undefined> {
  const batcher = createRowBatcher(onRows);
  const pending = new Map<number, string[]>();
  let handedThrough = -1;
  let lastRow = -1;
  const put = (row: number, col: number, value: string) => {
    if (row <= handedThrough) throw new XlsDamage(`sheet "${sheet.name}" has cells out of row order`);
    if (col >= MAX_COLUMNS)
      throw new XlsDamage(`sheet "${sheet.name}" row ${row + 1} has a cell beyond column IV`);
    if (row + 1 > maxRows) throw new XlsRefusal(refuseRows(maxRows, `Sheet "${sheet.name}"`));
    let line = pending.get(row);
    if (!line) pending.set(row, (line = []));
    while (line.length <= col) line.push('');
    line[col] = value;
    lastRow = Math.max(lastRow, row);
  };
  const handOn = async (): Promise<boolean> => {
    for (let r = handedThrough + 1; r <= lastRow; r++) {
      const line = pending.get(r);
      if (!line) {
        let gapEnd = r;
        while (gapEnd + 1 <= lastRow && !pending.has(gapEnd + 1)) gapEnd++;
        batcher.addEmpty(r + 1, gapEnd + 1);
        r = gapEnd;
        continue;
      }
      while (line.length > 0 && line[line.length - 1] === '') line.pop();
      batcher.add({ rowNumber: r + 1, cells: line });
    }
    pending.clear();
    handedThrough = lastRow;
    return batcher.flush();
  };

  const records = iterateBiffRecords(stream, sheet.offset);
  const bof = records.next();
  if (bof.done || bof.value.type !== BIFF.BOF) {
    return damaged(`The .xls is damaged: sheet "${sheet.name}" does not start where the workbook says.`);
  }
  let formulaCell: { row: number; col: number } | undefined;
  for (let next = records.next(); ; next = records.next()) {
    if (next.done) return damaged(`The .xls is incomplete: sheet "${sheet.name}" has no end.`);
    const { type, data } = next.value;
    if (type === BIFF.EOF) break;
    if (type === BIFF.DBCELL) {
      if (await handOn()) return undefined;
      continue;
    }
    if (data.byteLength < (MIN_LENGTH.get(type) ?? 0)) {
      throw new XlsDamage(`sheet "${sheet.name}" has a cut-off cell record at byte ${next.value.offset}`);
    }
    const row = u16(data, 0);
    const col = u16(data, 2);
    const { formatNumber, strings } = globals;
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
  await handOn();
  return undefined;
}

/** Thrown inside the sheet reader; openXls answers them as typed errors. */
export class XlsDamage extends Error {}
export class XlsRefusal extends Error {
  constructor(readonly error: ExtractionError) {
    super(error.message);
  }
}
