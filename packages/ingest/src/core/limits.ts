/** Safety limits (issue 7 point 7). Every one is configurable per call; defaults fit bank statements. */
export interface Limits {
  maxFileBytes: number;
  maxRows: number;
  /** Sum of uncompressed sizes declared in the XLSX central directory, checked before unzipping. */
  maxXlsxUncompressedBytes: number;
  maxXlsxEntries: number;
  maxPdfPages: number;
  maxPdfMillis: number;
  /** One CSV field longer than this means a runaway quote, not data. */
  maxCellLength: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxFileBytes: 512 * 1024 * 1024,
  maxRows: 5_000_000,
  maxXlsxUncompressedBytes: 1024 * 1024 * 1024,
  maxXlsxEntries: 10_000,
  maxPdfPages: 1_000,
  maxPdfMillis: 120_000,
  maxCellLength: 1024 * 1024,
};

export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
