export type ParsedDate = { ok: true; value: string } | { ok: false; reason: string };

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

const ISO =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const US = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/i;
const DAY_MON_YEAR = /^(\d{1,2})[- ]([A-Za-z]{3,4})[- ,]+(\d{2}|\d{4})$/;
const MON_DAY_YEAR = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/;
const EXCEL_SERIAL = /^\d{1,7}(\.\d+)?$/;
/** The largest serial Excel shows as a date: 9999-12-31. */
const MAX_EXCEL_SERIAL = 2958465;

/**
 * Reads a statement date into YYYY-MM-DD: MM/DD/YYYY, M/D/YY, YYYY-MM-DD, DD-Mon-YYYY, Mon D, YYYY
 * and Excel serial numbers. Slash dates are month-first as the spec says; a date that only reads
 * day-first (13/02/2024) or a European dotted date (05.02.2024) is an error, never a guess.
 */
const DIGIT = (text: string, i: number) => text.charCodeAt(i) - 48;
const isDigitAt = (text: string, i: number) => {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9;
};

export function parseDate(raw: string): ParsedDate {
  // Fast path for MM/DD/YYYY, the common US export (a million-row file spends its time here).
  if (
    raw.length === 10 &&
    raw.charCodeAt(2) === 47 &&
    raw.charCodeAt(5) === 47 &&
    isDigitAt(raw, 0) &&
    isDigitAt(raw, 1) &&
    isDigitAt(raw, 3) &&
    isDigitAt(raw, 4) &&
    isDigitAt(raw, 6) &&
    isDigitAt(raw, 7) &&
    isDigitAt(raw, 8) &&
    isDigitAt(raw, 9)
  ) {
    const month = DIGIT(raw, 0) * 10 + DIGIT(raw, 1);
    const day = DIGIT(raw, 3) * 10 + DIGIT(raw, 4);
    const year = DIGIT(raw, 6) * 1000 + DIGIT(raw, 7) * 100 + DIGIT(raw, 8) * 10 + DIGIT(raw, 9);
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && year >= 1900) {
      // Already zero-padded: the ISO date is the same digits reordered.
      return { ok: true, value: `${raw.slice(6, 10)}-${raw.slice(0, 2)}-${raw.slice(3, 5)}` };
    }
    if (month >= 1 && month <= 12) return buildDate(year, month, day, raw);
  }
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'empty date' };
  let m = ISO.exec(text);
  if (m) return buildDate(Number(m[1]), Number(m[2]), Number(m[3]), raw);
  m = US.exec(text);
  if (m) {
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (month > 12 && day <= 12) {
      return { ok: false, reason: `"${text}" reads only day-first; dates must be MM/DD/YYYY` };
    }
    return buildDate(expandYear(m[3] ?? ''), month, day, raw);
  }
  m = DAY_MON_YEAR.exec(text);
  if (m) return buildMonthName(m[2] ?? '', Number(m[1]), m[3] ?? '', raw);
  m = MON_DAY_YEAR.exec(text);
  if (m) return buildMonthName(m[1] ?? '', Number(m[2]), m[3] ?? '', raw);
  if (EXCEL_SERIAL.test(text)) return fromExcelSerial(Number(text), raw);
  if (/^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(text)) {
    return { ok: false, reason: `"${text}" is ambiguous (day or month first?)` };
  }
  return { ok: false, reason: `"${text}" is not a date` };
}

/** Excel counts days from 1899-12-30, with the phantom 1900-02-29 (serial 60) kept for Lotus. */
export function fromExcelSerial(serial: number, raw = String(serial)): ParsedDate {
  if (serial < 1 || serial > MAX_EXCEL_SERIAL || serial === 60) {
    return { ok: false, reason: `"${raw.trim()}" is not a date` };
  }
  const days = Math.floor(serial) - (serial < 60 ? 1 : 2);
  const date = new Date(Date.UTC(1900, 0, 1) + days * 86_400_000);
  return { ok: true, value: date.toISOString().slice(0, 10) };
}

function buildMonthName(name: string, day: number, year: string, raw: string): ParsedDate {
  const month = MONTHS[name.toLowerCase().slice(0, name.length > 4 ? 3 : name.length)];
  if (month === undefined) return { ok: false, reason: `"${raw.trim()}" has an unknown month name` };
  return buildDate(expandYear(year), month, day, raw);
}

/** Two-digit years are 20yy: statements are never from the last century's 00-99 window we'd need. */
function expandYear(year: string): number {
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

export function buildDate(year: number, month: number, day: number, raw: string): ParsedDate {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || year < 1900 || year > 9999) {
    return { ok: false, reason: `"${raw.trim()}" is not a valid date` };
  }
  return { ok: true, value: formatIsoDate(year, month, day) };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && isLeap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}
