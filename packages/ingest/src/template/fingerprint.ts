import { guardValue } from '../core/guard-reader.js';
import type { Grid } from '../core/grid.js';
import { detectHeaderRow } from './detect-header-row.js';
import { joinHeaderCells, normalizeHeaderText } from './normalize-header.js';
import { parseDate } from './parse-date.js';

/** The layout of a file, so the pipeline can warn when a bank changes it (issue 7 point 5). */
export interface LayoutFingerprint {
  format: Grid['source']['format'];
  encoding: string | null;
  delimiter: string | null;
  sheetCount: number;
  headerRowIndex: number;
  /** Normalised header text (trimmed, case-folded, spaces collapsed). */
  headerRow: string;
  /** Most common cell count of the data rows. */
  columnCount: number;
  /** First column holding dates, and their shape with digits as 9 ("99/99/9999"). */
  dateColumn: number | null;
  datePattern: string | null;
}

export interface FingerprintChange {
  field: keyof LayoutFingerprint;
  before: string | number | null;
  after: string | number | null;
}

const SAMPLE_ROWS = 50;

function shapeOf(text: string): string {
  return text
    .trim()
    .replace(/\d/g, '9')
    .replace(/[A-Za-z]{3,}/g, 'Mon');
}

export function fingerprint(grid: Grid): LayoutFingerprint {
  // A grid it cannot read has the layout of an empty one.
  return guardValue(
    () => describeLayout(grid),
    () => describeLayout({ sheets: [], source: { format: 'csv' } }),
  );
}

function describeLayout(grid: Grid): LayoutFingerprint {
  const rows = grid.sheets.find((s) => s.rows.some((r) => r.cells.some((c) => c.trim() !== '')))?.rows ?? [];
  const headerRowIndex = detectHeaderRow(rows);
  const data = rows
    .slice(headerRowIndex + 1, headerRowIndex + 1 + SAMPLE_ROWS)
    .filter((r) => r.cells.some((c) => c.trim() !== ''));

  const counts = new Map<number, number>();
  for (const row of data) counts.set(row.cells.length, (counts.get(row.cells.length) ?? 0) + 1);
  const columnCount = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;

  let dateColumn: number | null = null;
  let datePattern: string | null = null;
  for (let c = 0; c < columnCount && dateColumn === null; c++) {
    const cells = data.map((r) => r.cells[c]?.trim() ?? '').filter((t) => t !== '');
    // Plain numbers could be serials or amounts; only written dates define the pattern.
    const dates = cells.filter(
      (t) => !/^\d+(\.\d+)?$/.test(t) && (parseDate(t).ok || parseDate(t, 'DD/MM/YYYY').ok),
    );
    if (cells.length > 0 && dates.length >= cells.length * 0.8) {
      dateColumn = c;
      const shapes = new Map<string, number>();
      for (const d of dates) shapes.set(shapeOf(d), (shapes.get(shapeOf(d)) ?? 0) + 1);
      datePattern = [...shapes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    }
  }

  return {
    format: grid.source.format,
    encoding: grid.source.encoding ?? null,
    delimiter: grid.source.delimiter ?? null,
    sheetCount: grid.sheets.length,
    headerRowIndex,
    headerRow:
      headerRowIndex >= 0 ? normalizeHeaderText(joinHeaderCells(rows[headerRowIndex]?.cells ?? [])) : '',
    columnCount,
    dateColumn,
    datePattern,
  };
}

/** What changed between the layout a template was made from and a new file's layout. */
export function compareFingerprints(
  before: LayoutFingerprint,
  after: LayoutFingerprint,
): FingerprintChange[] {
  return guardValue(
    () => listChanges(before, after),
    () => [],
  );
}

function listChanges(before: LayoutFingerprint, after: LayoutFingerprint): FingerprintChange[] {
  return (Object.keys(before) as (keyof LayoutFingerprint)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, before: before[field], after: after[field] }));
}
