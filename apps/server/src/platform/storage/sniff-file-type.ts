export type SniffedKind = 'pdf' | 'zip' | 'ole' | 'text' | 'binary';

/** What the first bytes say a file is, whatever its name claims. */
export function sniffFileKind(head: Uint8Array): SniffedKind {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) return 'text'; // UTF-16 with a byte-order mark
  const sample = head.subarray(0, 4096);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return 'binary';
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1a)) control += 1;
  }
  return control <= sample.length * 0.01 ? 'text' : 'binary';
}

// Which contents each extension may carry. Banks often send CSV or HTML named .xls, so .xls takes text too.
const ALLOWED: Record<string, SniffedKind[]> = {
  pdf: ['pdf'],
  xlsx: ['zip'],
  xls: ['ole', 'text'],
};

export function isKindAllowedFor(fileName: string, kind: SniffedKind): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (ALLOWED[ext] ?? ['text']).includes(kind);
}

export const CONTENT_TYPES: Record<SniffedKind, string> = {
  pdf: 'application/pdf',
  zip: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ole: 'application/vnd.ms-excel',
  text: 'text/plain',
  binary: 'application/octet-stream',
};
