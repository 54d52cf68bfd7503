// Display formats of architecture.md "Web" and platform.md 9: USD '$1,234.56' ('$0' for zero), dates
// MM/DD/YYYY (server dates are UTC), and the '---' / '...' conventions of the tables.

// Written out, not Intl.NumberFormat: the first Intl formatter a page makes loads ICU's locale data,
// ~35 ms of a phone's main thread (130 ms at 4x CPU throttling in a CPU profile of a client profile,
// the largest single cost after its first paint). Kept for what the written-out form does not cover.
let usd: Intl.NumberFormat | undefined;

/** Cents a JavaScript number stands for, as Intl rounds them: its shortest decimal, half away from zero. */
function toCents(magnitude: number): bigint {
  // Under 1e-6 String() writes an exponent; such an amount is no cents (0.005 is the least that is one).
  if (magnitude < 1e-6) return 0n;
  const [whole = '0', fraction = ''] = String(magnitude).split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  return fraction.charCodeAt(2) >= 53 /* '5' */ ? cents + 1n : cents;
}

/** '$1,234.56'; zero is '$0'; null or undefined is '---'. The same text as Intl's en-US currency. */
export function formatCurrency(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '---';
  if (amount === 0) return '$0';
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e21) {
    usd ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return usd.format(amount);
  }
  const cents = toCents(Math.abs(amount)).toString().padStart(3, '0');
  const whole = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}$${whole}.${cents.slice(-2)}`;
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
