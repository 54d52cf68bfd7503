import type { DateFormat } from '@tideline/contracts/templates/template-fields';
import {
  scanNumericDate,
  scanSerial,
  scanned,
  SEPARATOR_DOT,
  trimmedEnd,
  trimmedStart,
} from './scan-date.js';

export type ParsedDate = { ok: true; value: string } | { ok: false; reason: string };

/** Date layouts, as bits: a template's date format allows some of them (see LAYOUTS_OF). */
export const LAYOUT_NUMERIC = 1; // 05/02/2024, 5-2-24: day and month in either order
export const LAYOUT_DOTTED = 2; // 05.02.2024
export const LAYOUT_YEAR_FIRST = 4; // 2024-02-05, 2024/02/05, with or without a time
export const LAYOUT_MONTH_NAME = 8; // 05-Feb-2024, 5 Feb 2024, Feb 5, 2024
export const LAYOUT_SERIAL = 16; // 45327: Excel's day count

/** The order of day and month in numeric dates; unknown is Auto before the file has shown it. */
export const ORDER_UNKNOWN = 0;
export const MONTH_FIRST = 1;
export const DAY_FIRST = 2;

/** Why a date cell was not read; the text is built only when the row is reported (describeDateFailure). */
export const DATE_EMPTY = -1;
export const DATE_UNREADABLE = -2;
export const DATE_OTHER_LAYOUT = -3;
export const DATE_INVALID = -4;
/** Auto, order unknown: a valid date read either way (01/02/2024), and two different dates. */
export const DATE_AMBIGUOUS = -5;

/**
 * Every stated format also reads year-first dates (2024-02-05): they cannot be misread, and they are
 * what the XLSX, XLS and JSON readers give for real date cells.
 */
export const LAYOUTS_OF: Record<DateFormat, number> = {
  Auto: LAYOUT_NUMERIC | LAYOUT_DOTTED | LAYOUT_YEAR_FIRST | LAYOUT_MONTH_NAME | LAYOUT_SERIAL,
  'MM/DD/YYYY': LAYOUT_NUMERIC | LAYOUT_DOTTED | LAYOUT_YEAR_FIRST,
  'DD/MM/YYYY': LAYOUT_NUMERIC | LAYOUT_DOTTED | LAYOUT_YEAR_FIRST,
  'YYYY-MM-DD': LAYOUT_YEAR_FIRST,
  'DD-Mon-YYYY': LAYOUT_MONTH_NAME | LAYOUT_YEAR_FIRST,
  'Excel serial': LAYOUT_SERIAL | LAYOUT_YEAR_FIRST,
};

export function orderOf(format: DateFormat): number {
  if (format === 'MM/DD/YYYY') return MONTH_FIRST;
  return format === 'DD/MM/YYYY' ? DAY_FIRST : ORDER_UNKNOWN;
}

/** Set by readDateText when, with the order unknown, a date read only one way (13/02/2024). */
export const dateScan = { provenOrder: ORDER_UNKNOWN };

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const DAY_MON_YEAR = /^(\d{1,2})[- ]([A-Za-z]{3,4})[- ,]+(\d{2}|\d{4})$/;
const MON_DAY_YEAR = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/;
/** The largest serial Excel shows as a date: 9999-12-31. */
const MAX_EXCEL_SERIAL = 2958465;

/**
 * Reads a date cell into YYYY-MM-DD, or answers a DATE_* code. `layouts` are the layouts the
 * template's format allows; `order` reads numeric dates month-first or day-first. With the order
 * unknown, a date valid only one way sets dateScan.provenOrder and one valid both ways (different
 * dates) is DATE_AMBIGUOUS: never a guess. No allocation but the answer on the numeric paths.
 */
export function readDateText(raw: string, layouts: number, order: number): string | number {
  const start = trimmedStart(raw);
  const end = trimmedEnd(raw, start);
  if (start === end) return DATE_EMPTY;
  if (scanNumericDate(raw, start, end)) {
    const { first, second, third, firstLength, thirdLength } = scanned;
    if (firstLength === 4) {
      if ((layouts & LAYOUT_YEAR_FIRST) === 0) return DATE_OTHER_LAYOUT;
      return thirdLength > 2 ? DATE_UNREADABLE : isoDate(first, second, third);
    }
    if (firstLength > 2 || (thirdLength !== 2 && thirdLength !== 4)) return DATE_UNREADABLE;
    const layout = scanned.separator === SEPARATOR_DOT ? LAYOUT_DOTTED : LAYOUT_NUMERIC;
    if ((layouts & layout) === 0) return DATE_OTHER_LAYOUT;
    // Two-digit years are 20yy: statements are never from the last century's 00-99 window we'd need.
    const year = thirdLength === 2 ? 2000 + third : third;
    if (order === MONTH_FIRST) return isoDate(year, first, second);
    if (order === DAY_FIRST) return isoDate(year, second, first);
    const isMonthFirst = isValidDate(year, first, second);
    const isDayFirst = isValidDate(year, second, first);
    if (isMonthFirst && isDayFirst) return first === second ? isoDate(year, first, first) : DATE_AMBIGUOUS;
    if (isMonthFirst) dateScan.provenOrder = MONTH_FIRST;
    else if (isDayFirst) dateScan.provenOrder = DAY_FIRST;
    else return DATE_INVALID;
    return isMonthFirst ? isoDate(year, first, second) : isoDate(year, second, first);
  }
  const serial = scanSerial(raw, start, end);
  if (serial >= 0) {
    if ((layouts & LAYOUT_SERIAL) === 0) return DATE_OTHER_LAYOUT;
    return serialToIso(serial);
  }
  return readMonthName(raw.slice(start, end), layouts);
}

function readMonthName(text: string, layouts: number): string | number {
  const dayFirst = DAY_MON_YEAR.exec(text);
  const match = dayFirst ?? MON_DAY_YEAR.exec(text);
  if (!match) return DATE_UNREADABLE;
  if ((layouts & LAYOUT_MONTH_NAME) === 0) return DATE_OTHER_LAYOUT;
  const name = (dayFirst ? match[2] : match[1]) ?? '';
  const month = MONTHS[name.toLowerCase().slice(0, name.length > 4 ? 3 : name.length)];
  if (month === undefined) return DATE_UNREADABLE;
  const year = match[3] ?? '';
  return isoDate(
    year.length === 2 ? 2000 + Number(year) : Number(year),
    month,
    Number(dayFirst ? match[1] : match[2]),
  );
}

/** Excel counts days from 1899-12-30, with the phantom 1900-02-29 (serial 60) kept for Lotus. */
function serialToIso(serial: number): string | number {
  if (serial < 1 || serial > MAX_EXCEL_SERIAL || Math.floor(serial) === 60) return DATE_INVALID;
  const days = Math.floor(serial) - (serial < 60 ? 1 : 2);
  return new Date(Date.UTC(1900, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

export function fromExcelSerial(serial: number, raw = String(serial)): ParsedDate {
  const value = serialToIso(serial);
  return typeof value === 'string'
    ? { ok: true, value }
    : { ok: false, reason: `"${raw.trim()}" is not a date` };
}

function isValidDate(year: number, month: number, day: number): boolean {
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && year >= 1900 && year <= 9999
  );
}

/**
 * Dates already written out, by year, month and day: a statement repeats a few dozen dates over
 * its rows, so each is formatted once, and its rows share the string.
 */
const isoDates = new Map<number, string>();

function isoDate(year: number, month: number, day: number): string | number {
  if (!isValidDate(year, month, day)) return DATE_INVALID;
  const key = year * 512 + month * 32 + day;
  let iso = isoDates.get(key);
  if (iso === undefined) {
    if (isoDates.size >= 4096) isoDates.clear();
    iso = formatIsoDate(year, month, day);
    isoDates.set(key, iso);
  }
  return iso;
}

/**
 * Reads one date outside a template: with a stated format as the template would (Auto refuses a date
 * that reads both ways), or, without one, as before templates could say: numeric dates month-first as
 * the spec shows them (MM/DD/YYYY), a date that only reads day-first or a dotted date refused.
 */
export function parseDate(raw: string, format?: DateFormat): ParsedDate {
  if (typeof raw !== 'string') return { ok: false, reason: 'the value is not text' };
  try {
    return readDate(raw, format);
  } catch {
    return { ok: false, reason: 'the value is not a date the reader can read' };
  }
}

function readDate(raw: string, format: DateFormat | undefined): ParsedDate {
  const layouts = format ? LAYOUTS_OF[format] : LAYOUTS_OF.Auto & ~LAYOUT_DOTTED;
  const value = readDateText(raw, layouts, format ? orderOf(format) : MONTH_FIRST);
  if (typeof value === 'string') return { ok: true, value };
  return { ok: false, reason: describeDateFailure(value, raw, format ?? 'MM/DD/YYYY') };
}

const FORMAT_WORDS: Record<DateFormat, string> = {
  Auto: 'a date',
  'MM/DD/YYYY': 'MM/DD/YYYY',
  'DD/MM/YYYY': 'DD/MM/YYYY',
  'YYYY-MM-DD': 'YYYY-MM-DD',
  'DD-Mon-YYYY': 'DD-Mon-YYYY (such as 05-Feb-2024)',
  'Excel serial': 'an Excel serial number (such as 45327)',
};

/** The reason shown for a date cell that was not read, naming the value and the expected format. */
export function describeDateFailure(code: number, raw: string, format: DateFormat): string {
  const text = `"${raw.trim()}"`;
  if (code === DATE_EMPTY) return 'empty date';
  if (code === DATE_AMBIGUOUS)
    return `${text} could be day/month or month/day; choose the date format MM/DD/YYYY or DD/MM/YYYY in the template`;
  if (code === DATE_OTHER_LAYOUT) return `${text} is not written as ${FORMAT_WORDS[format]}`;
  if (code === DATE_INVALID) {
    const order = orderOf(format);
    if (order !== ORDER_UNKNOWN) {
      const other = order === MONTH_FIRST ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
      const otherOrder = order === MONTH_FIRST ? DAY_FIRST : MONTH_FIRST;
      const isOtherWay = typeof readDateText(raw, LAYOUT_NUMERIC | LAYOUT_DOTTED, otherOrder) === 'string';
      if (isOtherWay) return `${text} is not a valid ${format} date (it reads only as ${other})`;
    }
    return `${text} is not a valid date`;
  }
  return `${text} is not a date`;
}

export function buildDate(year: number, month: number, day: number, raw: string): ParsedDate {
  return isValidDate(year, month, day)
    ? { ok: true, value: formatIsoDate(year, month, day) }
    : { ok: false, reason: `"${raw.trim()}" is not a valid date` };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && isLeap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}
