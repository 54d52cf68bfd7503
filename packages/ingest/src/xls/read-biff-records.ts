import type { CfbStream } from './read-cfb.js';

export interface BiffRecord {
  type: number;
  data: Uint8Array;
  offset: number;
}

/** Thrown inside the .xls reader when a record runs past the end of the workbook stream. */
export class BiffCut extends Error {}

/**
 * The records of a BIFF stream from `start`, one at a time: type (u16), length (u16), data. Only
 * the current record is read out of the container, never the stream as a whole.
 */
export function* iterateBiffRecords(stream: CfbStream, start = 0): Generator<BiffRecord> {
  for (let p = start; p + 4 <= stream.size;) {
    const head = stream.read(p, 4);
    const type = (head[0] ?? 0) | ((head[1] ?? 0) << 8);
    const length = (head[2] ?? 0) | ((head[3] ?? 0) << 8);
    if (p + 4 + length > stream.size) throw new BiffCut(`a record at byte ${p} runs past the end`);
    yield { type, data: stream.read(p + 4, length), offset: p };
    p += 4 + length;
  }
}

export const BIFF = {
  BOF: 0x0809,
  EOF: 0x000a,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  FORMAT: 0x041e,
  XF: 0x00e0,
  DATEMODE: 0x0022,
  FILEPASS: 0x002f,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
  DBCELL: 0x00d7,
} as const;
