import { note } from '../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../platform/pdf/pdf-types';

// How the Liquidity Analysis writes its figures, as a county treasurer's board report does (issue 42
// point 5): dollars with thousands separators and negatives in parentheses (no minus sign to wrap
// onto a line of its own), rates as percents, dates MM/DD/YYYY. The tests format the stored results
// with these same functions to find them in the PDF.

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencySign: 'accounting',
});
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencySign: 'accounting',
  maximumFractionDigits: 0,
});
const numericDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });

/** $1,234,567.89 and ($1,234.56) below zero; null when there is no figure (the table shows '—'). */
export function formatMoney(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return dollars.format(Number(value));
}

/** $1,234,568 (or ($1,234,568)): opportunities and other estimates, where cents would claim a precision they lack. */
export function formatWholeMoney(value: number): string {
  return wholeDollars.format(value);
}

/** A percent a year as stored (4.25 means 4.25 %): '4.25%'. */
export function formatPercent(percent: number | null | undefined, digits = 2): string | null {
  if (percent === null || percent === undefined) return null;
  return `${percent.toFixed(digits)}%`;
}

/** A share (0.42) as '42.0%'. */
export function formatShare(share: number | null | undefined): string | null {
  if (share === null || share === undefined) return null;
  return `${(share * 100).toFixed(1)}%`;
}

/** 2025-03-31 as '03/31/2025'. */
export function formatDate(isoDate: string): string {
  return numericDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** A stored week '2025-03-24 - 2025-03-28' as '03/24/2025 - 03/28/2025'; other text as it is. */
export function formatDateRange(range: string): string {
  return range.replace(/\d{4}-\d{2}-\d{2}/g, (day) => formatDate(day));
}

/** 2025-03-01 as 'Mar 2025'. */
export function formatMonth(isoDate: string): string {
  return shortMonth.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** The report's period, as the cover and every footer say it. */
export function formatPeriod(startDate: string, endDate: string): string {
  return `${formatDate(startDate)} to ${formatDate(endDate)}`;
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** The one line a section prints when the analysis it shows is missing (the report still generates). */
export function missingLine(text: string): Content {
  return note(text);
}
