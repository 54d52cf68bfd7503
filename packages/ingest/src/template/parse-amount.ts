export interface AmountOptions {
  /** Only when the template says so: "1.234,56" reads as 1234.56. */
  decimalComma?: boolean;
}

export type ParsedAmount = { ok: true; value: string } | { ok: false; reason: string };

const CURRENCY_SYMBOLS = /[$€£¥]|\b(USD|EUR|GBP|CAD)\b/g;

/**
 * Reads a money amount into a normalised decimal string ("-1234.5"): `$`, thousands separators,
 * a leading or trailing minus, parentheses and a trailing CR/DR mark. Strings, not floats, so
 * amounts reach the database exactly as the bank wrote them.
 */
const PLAIN_AMOUNT = /^-?\d+(\.\d+)?$/;

export function parseAmount(raw: string, options: AmountOptions = {}): ParsedAmount {
  // Fast path for what most exports write ("1234.56", "-7"): the hot loop of a million-row file.
  if (!options.decimalComma && PLAIN_AMOUNT.test(raw)) {
    const isNegative = raw.charCodeAt(0) === 45;
    const dot = raw.indexOf('.');
    const first = raw.charCodeAt(isNegative ? 1 : 0);
    const last = raw.charCodeAt(raw.length - 1);
    // Already normalised ("1234.56", "-7"): hand back the same string, no allocation.
    if (
      (first !== 48 || raw.length === (isNegative ? 2 : 1) || raw.charCodeAt(isNegative ? 2 : 1) === 46) &&
      (dot === -1 || last !== 48)
    ) {
      if (!(isNegative && /^-0(\.0*)?$/.test(raw))) return { ok: true, value: raw };
    }
    const whole = raw.slice(isNegative ? 1 : 0, dot === -1 ? raw.length : dot);
    return { ok: true, value: normalizeDecimal(isNegative, whole, dot === -1 ? '' : raw.slice(dot + 1)) };
  }
  let text = raw.trim();
  if (text === '') return { ok: false, reason: 'empty amount' };
  let isNegative = false;
  let minusSigns = 0;
  if (text.startsWith('(') && text.endsWith(')')) {
    isNegative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(CURRENCY_SYMBOLS, '').replace(/\s+/g, '');
  if (/^[-−]/.test(text)) {
    isNegative = !isNegative;
    minusSigns++;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (/[-−]$/.test(text)) {
    isNegative = !isNegative;
    minusSigns++;
    text = text.slice(0, -1);
  } else if (/dr$/i.test(text)) {
    isNegative = !isNegative;
    text = text.slice(0, -2);
  } else if (/cr$/i.test(text)) {
    text = text.slice(0, -2);
  }
  // A sign may sit on either side of the currency symbol: "-$5" and "$-5" both mean minus five.
  if (/^[-−]/.test(text)) {
    isNegative = !isNegative;
    minusSigns++;
    text = text.slice(1);
  }
  if (minusSigns > 1) return { ok: false, reason: `"${raw.trim()}" has more than one minus sign` };
  const [thousands, decimal] = options.decimalComma ? ['.', ','] : [',', '.'];
  const pattern = options.decimalComma
    ? /^(\d{1,3}(\.\d{3})+|\d+)(,\d*)?$|^,\d+$/
    : /^(\d{1,3}(,\d{3})+|\d+)(\.\d*)?$|^\.\d+$/;
  if (!pattern.test(text)) return { ok: false, reason: `"${raw.trim()}" is not a number` };
  const [whole = '', fraction = ''] = text.split(thousands).join('').split(decimal);
  return { ok: true, value: normalizeDecimal(isNegative, whole, fraction) };
}

export function normalizeDecimal(isNegative: boolean, whole: string, fraction: string): string {
  const w = whole.length > 1 && whole.charCodeAt(0) === 48 ? whole.replace(/^0+(?=\d)/, '') : whole || '0';
  const f =
    fraction.length > 0 && fraction.charCodeAt(fraction.length - 1) === 48
      ? fraction.replace(/0+$/, '')
      : fraction;
  const body = f === '' ? w : `${w}.${f}`;
  return isNegative && body !== '0' ? `-${body}` : body;
}
