import { formatDate } from '../../lib/format';

const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * A week's 'YYYY-MM-DD - YYYY-MM-DD' as the spec shows dates (clients spec 9: MM/DD/YYYY). The server
 * sends the range as text; every day in it is rewritten, the rest kept.
 */
export function formatDateRange(range: string): string {
  return range.replace(ISO_DAY, (day) => formatDate(day));
}

/** The last day of a week's range (its end), as the charts' axes name the week. */
export function formatWeekEnd(range: string): string {
  return formatDate(range.slice(-10));
}
