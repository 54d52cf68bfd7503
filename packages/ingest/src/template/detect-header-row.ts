import type { GridRow } from '../core/grid.js';
import { parseAmount } from './parse-amount.js';
import { parseDate } from './parse-date.js';

const SCAN_ROWS = 30;

/** Numbers and dates in either convention: a UK or German data row is no header row. */
function isLabel(cell: string): boolean {
  const text = cell.trim();
  return (
    text !== '' &&
    !parseAmount(text).ok &&
    !parseAmount(text, { decimalComma: true }).ok &&
    !parseDate(text).ok &&
    !parseDate(text, 'DD/MM/YYYY').ok
  );
}

/**
 * Guesses which row is the header so a template can be created from it: among the first rows,
 * the one with the most cells that are all labels (no numbers, no dates). -1 when none qualifies.
 */
export function detectHeaderRow(rows: readonly GridRow[]): number {
  let best = -1;
  let bestCount = 1;
  for (let i = 0; i < Math.min(rows.length, SCAN_ROWS); i++) {
    const cells = (rows[i]?.cells ?? []).filter((c) => c.trim() !== '');
    if (cells.length > bestCount && cells.every(isLabel)) {
      best = i;
      bestCount = cells.length;
    }
  }
  return best;
}

export function findFirstNonEmptyCell(rows: readonly GridRow[]): string {
  for (const row of rows) {
    for (const cell of row.cells) if (cell.trim() !== '') return cell.trim();
  }
  return '';
}
