/** Safety limits (issue 7 point 7). Every one is configurable per call; defaults fit bank statements. */
export interface Limits {
  maxFileBytes: number;
  /**
   * Workbooks, PDF and JSON are read from memory (a zip or PDF needs its directory at the end): at
   * most this much, so the file and its rows stay within the 600 MB peak. Streamed formats
   * (CSV and the bank formats) are bounded by maxFileBytes alone.
   */
  maxHeldFileBytes: number;
  maxRows: number;
  /** Sum of uncompressed sizes declared in the XLSX central directory, checked before unzipping. */
  maxXlsxUncompressedBytes: number;
  maxXlsxEntries: number;
  maxPdfPages: number;
  maxPdfMillis: number;
  /** Any one compressed PDF stream unpacked (a flate bomb is refused before pdf.js inflates it). */
  maxPdfStreamBytes: number;
  /** Every compressed PDF stream but images (which text extraction never unpacks), together. */
  maxPdfUnpackedBytes: number;
  /** JavaScript heap of the thread pdf.js runs in. */
  maxPdfHeapMb: number;
  /** One CSV field longer than this means a runaway quote, not data. */
  maxCellLength: number;
  /** Elements open at once in an XML or OFX file; bank formats nest a dozen deep, not thousands. */
  maxNestingDepth: number;
  /** Attributes of one XML element; camt elements carry one or two (Ccy, xmlns), not thousands. */
  maxAttributes: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxFileBytes: 512 * 1024 * 1024,
  maxHeldFileBytes: 256 * 1024 * 1024,
  maxRows: 5_000_000,
  maxXlsxUncompressedBytes: 1024 * 1024 * 1024,
  maxXlsxEntries: 10_000,
  maxPdfPages: 1_000,
  maxPdfMillis: 120_000,
  maxPdfStreamBytes: 64 * 1024 * 1024,
  maxPdfUnpackedBytes: 512 * 1024 * 1024,
  maxPdfHeapMb: 256,
  maxCellLength: 1024 * 1024,
  maxNestingDepth: 256,
  // The JDK's XML parsers refuse more than 10,000 attributes on an element (elementAttributeLimit).
  maxAttributes: 10_000,
});

/** The size a file read whole (workbook, PDF, JSON) may have. */
export function heldFileLimit(limits: Limits): number {
  return Math.min(limits.maxFileBytes, limits.maxHeldFileBytes);
}

export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
