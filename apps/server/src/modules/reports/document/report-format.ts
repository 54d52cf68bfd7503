import { note } from '../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../platform/pdf/pdf-types';

// How the Liquidity Analysis writes its figures: dollars to the cent, rates as percents, dates in
// words. The tests format the stored results with these same functions to find them in the PDF.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });

/** $1,234,567.89; null when there is no figure (the table shows '—'). */
export function formatMoney(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return dollars.format(Number(value));
}

/** $1,234,568: opportunities and other estimates, where cents would claim a precision they lack. */
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

/** 2025-03-31 as 'March 31, 2025'. */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** 2025-03-01 as 'Mar 2025'. */
export function formatMonth(isoDate: string): string {
  return shortMonth.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** The report's period in words, as the cover and every footer say it. */
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
