// How the reconciliation writes figures and days in its sentences: as a US treasury analyst reads
// them, $1,234.56 and 07/31/2026.

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number): string {
  return DOLLARS.format(amount);
}

/** YYYY-MM-DD as MM/DD/YYYY. */
export function formatDay(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}
