import { normalizeDecimal, scanAmount } from './scan-amount.js';

export { normalizeDecimal } from './scan-amount.js';

export interface AmountOptions {
  /** The template's decimal separator is a comma: "1.234,56" reads as 1234.56. */
  decimalComma?: boolean;
}

export type ParsedAmount = { ok: true; value: string } | { ok: false; reason: string };

// Compiled once: the general path below runs for every amount written with a currency sign,
// parentheses or spaces.
const CURRENCY_SYMBOLS = /[$€£¥]|\b(USD|EUR|GBP|CAD)\b/g;
const SPACES = /\s+/g;
const LEADING_MINUS = /^[-−]/;
const TRAILING_MINUS = /[-−]$/;
const TRAILING_DEBIT = /dr$/i;
const TRAILING_CREDIT = /cr$/i;
const DOT_NUMBER = /^(\d{1,3}(,\d{3})+|\d+)(\.\d*)?$|^\.\d+$/;
const COMMA_NUMBER = /^(\d{1,3}(\.\d{3})+|\d+)(,\d*)?$|^,\d+$/;
const SEPARATORS = /[,.]/g;

/**
 * Reads a money amount into a normalised decimal string ("-1234.5"): `$`, thousands separators,
 * a leading or trailing minus, parentheses and a trailing CR/DR mark; with decimalComma the roles of
 * dot and comma swap ("-1.250,00", "1 250,00", "(1.250,00)", "1.250,00-"). Strings, not floats, so
 * amounts reach the database exactly as the bank wrote them.
 */
export function parseAmount(raw: string, options: AmountOptions = {}): ParsedAmount {
  if (typeof raw !== 'string') return { ok: false, reason: 'the value is not text' };
  try {
    return readAmount(raw, options);
  } catch {
    return { ok: false, reason: 'the value is not an amount the reader can read' };
  }
}

function readAmount(raw: string, options: AmountOptions): ParsedAmount {
  const isDecimalComma = options.decimalComma === true;
  // The shapes a million-row file writes on every row, read without a regular expression.
  const scanned = scanAmount(raw, isDecimalComma);
  if (scanned !== undefined) return { ok: true, value: scanned };
  const value = readGeneral(raw, isDecimalComma);
  if (typeof value === 'string') return { ok: true, value };
  return {
    ok: false,
    reason: value === EMPTY ? 'empty amount' : describeUnreadable(raw, isDecimalComma, value),
  };
}

/** Why the general path could not read an amount. */
const EMPTY = 0;
const MINUS_SIGNS = 1;
const SHAPE = 2;
type Unreadable = typeof EMPTY | typeof MINUS_SIGNS | typeof SHAPE;

function readGeneral(raw: string, isDecimalComma: boolean): string | Unreadable {
  let text = raw.trim();
  if (text === '') return EMPTY;
  let isNegative = false;
  let minusSigns = 0;
  if (text.startsWith('(') && text.endsWith(')')) {
    isNegative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(CURRENCY_SYMBOLS, '').replace(SPACES, '');
  if (LEADING_MINUS.test(text)) {
    isNegative = !isNegative;
    minusSigns++;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (TRAILING_MINUS.test(text)) {
    isNegative = !isNegative;
    minusSigns++;
    text = text.slice(0, -1);
  } else if (TRAILING_DEBIT.test(text)) {
    isNegative = !isNegative;
    text = text.slice(0, -2);
  } else if (TRAILING_CREDIT.test(text)) {
    text = text.slice(0, -2);
  }
  // A sign may sit on either side of the currency symbol: "-$5" and "$-5" both mean minus five.
  if (LEADING_MINUS.test(text)) {
    isNegative = !isNegative;
    minusSigns++;
    text = text.slice(1);
  }
  if (minusSigns > 1) return MINUS_SIGNS;
  const [thousands, decimal] = isDecimalComma ? ['.', ','] : [',', '.'];
  if (!(isDecimalComma ? COMMA_NUMBER : DOT_NUMBER).test(text)) return SHAPE;
  const [whole = '', fraction = ''] = text.split(thousands).join('').split(decimal);
  return normalizeDecimal(isNegative, whole, fraction);
}

/** An amount that fits the other decimal separator says so: the template's setting is the likely fix. */
function describeUnreadable(raw: string, isDecimalComma: boolean, why: Unreadable): string {
  const text = raw.trim();
  if (why === MINUS_SIGNS) return `"${text}" has more than one minus sign`;
  const swapped = text.replace(SEPARATORS, (c) => (c === ',' ? '.' : ','));
  if (swapped !== text && typeof readGeneral(swapped, isDecimalComma) === 'string') {
    const setting = isDecimalComma ? 'dot (1,234.56)' : 'comma (1.234,56)';
    return `"${text}" is not a number with a decimal ${isDecimalComma ? 'comma' : 'dot'}; is the template's decimal separator ${setting}?`;
  }
  return `"${text}" is not a number`;
}
