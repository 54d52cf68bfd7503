import type { GridRow } from '../core/grid.js';
import { parseAmount } from './parse-amount.js';

/** A balance a title or footer row states, with the row that states it. */
export interface StatedBalance {
  kind: 'opening' | 'closing';
  amount: string;
  rowNumber: number;
}

/** The wording of statements' balance lines, at the start of a cell: the amount follows. */
const LABELS: readonly [RegExp, StatedBalance['kind']][] = [
  [/^(?:beginning|opening|starting|previous|prior)\s+balance\b[\s:]*/i, 'opening'],
  [/^(?:ending|closing|new)\s+balance\b[\s:]*/i, 'closing'],
];

function readAmount(text: string, isDecimalComma: boolean): string | undefined {
  const parsed = parseAmount(text, { decimalComma: isDecimalComma });
  return parsed.ok ? parsed.value : undefined;
}

/**
 * The balance a row outside the table states: a cell that starts with its label ("Ending
 * Balance", with the amount in a later cell, or "Ending Balance 1,234.56" in the one cell), read with the template's decimal separator by the
 * parser the rows' amounts go through; undefined for any other row. The cell's own amount comes
 * first, then the first later cell holding an amount, then the last word of the cell ("Ending
 * balance on 01/31/2024 1,234.56").
 */
export function readStatedBalance(row: GridRow, isDecimalComma: boolean): StatedBalance | undefined {
  for (const [index, raw] of row.cells.entries()) {
    const cell = raw.trim().replace(/\s+/g, ' ');
    if (cell === '') continue;
    const label = LABELS.find(([pattern]) => pattern.test(cell));
    if (!label) continue;
    const [pattern, kind] = label;
    const rest = cell.replace(pattern, '');
    const amount =
      (rest === '' ? undefined : readAmount(rest, isDecimalComma)) ??
      row.cells
        .slice(index + 1)
        .map((c) => c.trim())
        .filter((c) => c !== '')
        .map((c) => readAmount(c, isDecimalComma))
        .find((a) => a !== undefined) ??
      readAmount(rest.split(' ').at(-1) ?? '', isDecimalComma);
    return amount === undefined ? undefined : { kind, amount, rowNumber: row.rowNumber };
  }
  return undefined;
}
