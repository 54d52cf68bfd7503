/** One published value: a series (FRED id, or BC_2MONTH), its observation date and percent a year. */
export interface RateObservation {
  seriesId: string;
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Rates outside this band (percent) are not rates but a broken answer. */
const PLAUSIBLE_PERCENT = { min: -10, max: 100 };

/** A published value as a number: null for a missing one ('.' or blank), undefined for garbage. */
export function parseRateValue(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '' || t === '.') return null;
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  const value = Number(t);
  return value >= PLAUSIBLE_PERCENT.min && value <= PLAUSIBLE_PERCENT.max ? value : undefined;
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
