import { MSG } from '../common/messages';
import type { DateRangeFilterValue, RangeFilterValue } from './paging.schemas';

// platform.md 2.9 filter semantics, written once: the server helper turns them into SQL and the web's
// client-side tables apply them to rows, so both modes filter alike.

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const MONEY = /^[-+]?\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** The section 5 message for one range input, or null when it is fine (blanks are fine). */
export function rangeInputError(input: string, kind: 'number' | 'money'): string | null {
  const v = input.trim();
  if (v === '') return null;
  if (kind === 'money') return MONEY.test(v) ? null : MSG.fieldMustBeMonetary;
  return NUMBER.test(v) ? null : MSG.fieldMustBeNumber;
}

function toNumber(v: string | number): number {
  return typeof v === 'number' ? v : Number(v.trim().replace(/[$,]/g, ''));
}

/**
 * A numeric range as the spec reads it: blank low means 0, blank high means unbounded (null), and
 * low > high are swapped. Returns null when an end is not a number.
 */
export function normalizeNumericRange(value: RangeFilterValue): { low: number; high: number | null } | null {
  const low = isBlank(value.low) ? 0 : toNumber(value.low!);
  const high = isBlank(value.high) ? null : toNumber(value.high!);
  if (!Number.isFinite(low) || (high !== null && !Number.isFinite(high))) return null;
  if (high !== null && low > high) return { low: high, high: low };
  return { low, high };
}

/** An inclusive date range by calendar day; the ends are swapped when given the wrong way round. */
export function normalizeDateRange(value: DateRangeFilterValue): { from: string | null; to: string | null } {
  const from = value.from || null;
  const to = value.to || null;
  if (from && to && from > to) return { from: to, to: from };
  return { from, to };
}

/** True when a range or date range filter leaves nothing to filter on (both ends blank). */
export function isEmptyFilterValue(value: unknown): boolean {
  if (isBlank(value)) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isBlank);
  return false;
}

export function matchesTextPrefix(cell: unknown, prefix: string): boolean {
  if (prefix.trim() === '') return true;
  return String(cell ?? '')
    .toLowerCase()
    .startsWith(prefix.trim().toLowerCase());
}

export function matchesNumericRange(cell: unknown, value: RangeFilterValue): boolean {
  const range = normalizeNumericRange(value);
  if (!range) return false;
  if (cell === null || cell === undefined || cell === '') return false;
  const n = Number(cell);
  return n >= range.low && (range.high === null || n <= range.high);
}

/** Compares calendar days (midnight), inclusive at both ends. `cell` is a Date or an ISO string. */
export function matchesDateRange(cell: unknown, value: DateRangeFilterValue): boolean {
  const { from, to } = normalizeDateRange(value);
  if (!from && !to) return true;
  if (cell === null || cell === undefined || cell === '') return false;
  const day = toIsoDay(cell);
  if (!day) return false;
  return (!from || day >= from) && (!to || day <= to);
}

function toIsoDay(cell: unknown): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : localIsoDay(cell);
  const s = String(cell);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : localIsoDay(d);
}

// Server dates are UTC and shown in local time (platform.md 9), so a timestamp's day is its local day.
function localIsoDay(d: Date): string {
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${m}-${day}`;
}
