export interface BiffRecord {
  type: number;
  data: Uint8Array;
  offset: number;
}

/** Splits a BIFF stream into records: type (u16), length (u16), data. */
export function readBiffRecords(stream: Uint8Array, start = 0): BiffRecord[] {
  const records: BiffRecord[] = [];
  let p = start;
  while (p + 4 <= stream.length) {
    const type = (stream[p] ?? 0) | ((stream[p + 1] ?? 0) << 8);
    const length = (stream[p + 2] ?? 0) | ((stream[p + 3] ?? 0) << 8);
    records.push({ type, data: stream.subarray(p + 4, p + 4 + length), offset: p });
    p += 4 + length;
  }
  return records;
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
} as const;
