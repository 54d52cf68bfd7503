/**
 * The character scanner under the date readers: numbers separated by '/', '-' or '.', read from the
 * string's char codes without slicing or regular expressions, because a million-row file reads a date
 * on every row. Results go to `scanned` (reused, never allocated per call).
 */
export const scanned = {
  /** The three numbers, their digit counts, and the separator's char code. */
  first: 0,
  second: 0,
  third: 0,
  firstLength: 0,
  thirdLength: 0,
  separator: 0,
};

const SLASH = 47;
const DASH = 45;
const DOT = 46;
const SPACE = 32;
const LETTER_T = 84;

/** First and one-past-last index of the text without surrounding whitespace. */
export function trimmedStart(raw: string): number {
  let i = 0;
  while (i < raw.length && raw.charCodeAt(i) <= SPACE) i++;
  return i;
}

export function trimmedEnd(raw: string, start: number): number {
  let end = raw.length;
  while (end > start && raw.charCodeAt(end - 1) <= SPACE) end--;
  return end;
}

function digitAt(raw: string, i: number): number {
  const d = raw.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

/**
 * A time of day after a date ("10:00", "T10:00:00Z", "9:30 AM", "10:00:00.000+02:00"): a space or
 * T, then digits, colons, dots, signs, Z and AM/PM only, with at least one digit.
 */
function isTimeSuffix(raw: string, i: number, end: number): boolean {
  const mark = raw.charCodeAt(i);
  if (mark !== SPACE && mark !== LETTER_T) return false;
  let hasDigit = false;
  for (let j = i + 1; j < end; j++) {
    const c = raw.charCodeAt(j);
    if (c >= 48 && c <= 57) hasDigit = true;
    else if (
      c !== 58 && // :
      c !== DOT &&
      c !== 43 && // +
      c !== DASH &&
      c !== SPACE &&
      c !== 90 && // Z
      c !== 65 && // A
      c !== 80 && // P
      c !== 77 && // M
      c !== 97 && // a
      c !== 112 && // p
      c !== 109 // m
    ) {
      return false;
    }
  }
  return hasDigit;
}

/** Reads up to `max` digits from i; the count read is the return value, the number goes to `into`. */
let runValue = 0;
function readDigits(raw: string, i: number, end: number, max: number): number {
  let count = 0;
  runValue = 0;
  while (i + count < end && count < max) {
    const d = digitAt(raw, i + count);
    if (d < 0) break;
    runValue = runValue * 10 + d;
    count++;
  }
  return count;
}

/**
 * `1-4 digits, separator, 1-2 digits, the same separator, 1-4 digits`, optionally followed by a time.
 * True when the text between start and end has that shape; the parts are in `scanned`.
 */
export function scanNumericDate(raw: string, start: number, end: number): boolean {
  let i = start;
  const firstLength = readDigits(raw, i, end, 4);
  if (firstLength === 0) return false;
  scanned.first = runValue;
  i += firstLength;
  const separator = raw.charCodeAt(i);
  if (separator !== SLASH && separator !== DASH && separator !== DOT) return false;
  i++;
  const secondLength = readDigits(raw, i, end, 2);
  if (secondLength === 0) return false;
  scanned.second = runValue;
  i += secondLength;
  if (raw.charCodeAt(i) !== separator) return false;
  i++;
  const thirdLength = readDigits(raw, i, end, 4);
  if (thirdLength === 0) return false;
  scanned.third = runValue;
  i += thirdLength;
  if (i < end && !isTimeSuffix(raw, i, end)) return false;
  scanned.firstLength = firstLength;
  scanned.thirdLength = thirdLength;
  scanned.separator = separator;
  return true;
}

/** A plain number (digits, optionally a fraction) as an Excel serial date would be written; -1 if not. */
export function scanSerial(raw: string, start: number, end: number): number {
  let whole = 0;
  let i = start;
  for (; i < end; i++) {
    const d = digitAt(raw, i);
    if (d < 0) break;
    whole = whole * 10 + d;
  }
  const wholeLength = i - start;
  if (wholeLength === 0 || wholeLength > 7) return -1;
  if (i === end) return whole;
  if (raw.charCodeAt(i) !== DOT || i + 1 === end) return -1;
  for (let j = i + 1; j < end; j++) if (digitAt(raw, j) < 0) return -1;
  // The fraction is a time of day: the date is the whole part.
  return whole;
}

export const SEPARATOR_DOT = DOT;
