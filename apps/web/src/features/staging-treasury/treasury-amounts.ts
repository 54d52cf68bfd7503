import {
  ecrForDisplay,
  ecrForSave,
  isRateRow,
  type AmountPair,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { formatCurrency } from '../../lib/format';

// Spec 3: amounts are [headerIndex, value] pairs under the row's headers; a pair whose first item is
// null is unused. Rate rows (ECR) are fractions shown and edited x100, saved /100 (spec 9).

/** The value under header `index`, null when the row has none. */
export function amountAt(pairs: readonly AmountPair[], index: number): number | null {
  return pairs.find((p) => p[0] === index)?.[1] ?? null;
}

/** The pairs in use, with the label of their header. */
export function usedAmounts(
  pairs: readonly AmountPair[],
  headers: readonly string[],
): { index: number; label: string; value: number | null }[] {
  return pairs.flatMap(([index, value]) =>
    index === null ? [] : [{ index, label: headers[index] ?? `Amount ${index + 1}`, value }],
  );
}

/** Spec 3: 'ecr' or a description with the word Rate; the server may also have read it as a rate. */
export function isRate(row: { isRate?: boolean; description: string | null }): boolean {
  return row.isRate === true || isRateRow(row.description);
}

/** Percent for rate rows, else USD with $ and 2 decimals; '---' when there is no value. */
export function formatTreasuryAmount(value: number | null, rate: boolean): string {
  if (value === null) return '---';
  return rate ? `${ecrForDisplay(value)}%` : formatCurrency(value);
}

/** The text an edit field starts with: the percent for rate rows. */
export function editTextOf(value: number | null, rate: boolean): string {
  if (value === null) return '';
  return String(rate ? ecrForDisplay(value) : value);
}

// Optional minus, digits, optional decimals (spec 5 'Field must be a number.').
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

export function isNumberText(text: string): boolean {
  return NUMBER.test(text.trim());
}

/** What is sent for a field: blank is null, a rate's percent is divided by 100. */
export function savedValueOf(text: string, rate: boolean): string | number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return rate ? ecrForSave(Number(trimmed)) : trimmed;
}
