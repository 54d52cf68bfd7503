// Display formats of architecture.md "Web" and platform.md 9: USD '$1,234.56' ('$0' for zero), dates
// MM/DD/YYYY (server dates are UTC), and the '---' / '...' conventions of the tables.

// Made on first use: building a currency formatter loads the locale's data, ~50 ms of a phone's main
// thread when this module is evaluated (measured in Chromium at 4x CPU throttling), and most screens
// show their first paint without an amount.
let usd: Intl.NumberFormat | undefined;

/** '$1,234.56'; zero is '$0'; null or undefined is '---'. */
export function formatCurrency(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '---';
  if (amount === 0) return '$0';
  usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return usd.format(amount);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * MM/DD/YYYY. A calendar date ('2025-03-31') is shown as it is; a timestamp from the server (UTC) is
 * shown in the viewer's time zone. Null, undefined or unreadable is '---'.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '---';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '---';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** platform.md 2.12 and 9: the first `max` characters then '...'; empty shows '---'. */
export function truncateText(text: string | null | undefined, max: number): string {
  if (!text) return '---';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 'Active' for 1, 'Inactive' for 0 (platform.md 4.5). */
export function activeStatusLabel(status: number): string {
  return status === 1 ? 'Active' : 'Inactive';
}

/** platform.md 9 (dashboard widgets): a name over `over` characters keeps its first `keep`, then '...'. */
export function cutName(name: string, cut: { over: number; keep: number }): string {
  return name.length > cut.over ? `${name.slice(0, cut.keep)}...` : name;
}

/** Spec 9 (both ingestion and investments): rates in percent with 4 decimals, '4.2500'; none is '---'. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '---';
  return rate.toFixed(4);
}

/** Issue 20 point 10: days until maturity, or 'Matured' once the maturity date has passed. */
export function formatDaysUntilMaturity(days: number): string {
  return days < 0 ? 'Matured' : String(days);
}

/** '4.2500%'; null or undefined is '---'. */
export function formatPercent(rate: number | null | undefined): string {
  const text = formatRate(rate);
  return text === '---' ? text : `${text}%`;
}
