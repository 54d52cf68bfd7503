const MINUS = 45;
const COMMA = 44;
const DOT = 46;

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The shapes nearly every export writes, read from char codes without regular expressions: an
 * optional leading minus, digits with optional thousands separators in groups of three, an optional
 * decimal part and an optional trailing minus ("-1234.56", "1,234.56", "1.234,56-" with a decimal
 * comma). Answers the normalised decimal string, or undefined for anything else (currency signs,
 * parentheses, spaces, CR/DR), which parseAmount's general path then reads or refuses.
 */
export function scanAmount(raw: string, isDecimalComma: boolean): string | undefined {
  const thousands = isDecimalComma ? DOT : COMMA;
  const decimal = isDecimalComma ? COMMA : DOT;
  const end = raw.length;
  let i = 0;
  let isNegative = false;
  if (raw.charCodeAt(0) === MINUS) {
    isNegative = true;
    i = 1;
  }
  const wholeStart = i;
  let group = 0;
  let hasThousands = false;
  for (; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (isDigit(c)) group++;
    else if (c === thousands) {
      if (hasThousands ? group !== 3 : group < 1 || group > 3) return undefined;
      hasThousands = true;
      group = 0;
    } else break;
  }
  if (group === 0 || (hasThousands && group !== 3)) return undefined;
  const wholeEnd = i;
  let fractionStart = i;
  if (i < end && raw.charCodeAt(i) === decimal) {
    fractionStart = ++i;
    while (i < end && isDigit(raw.charCodeAt(i))) i++;
    // "5." is left to the general path, which reads it as before.
    if (i === fractionStart) return undefined;
  }
  const fractionEnd = i;
  let hasTrailingMinus = false;
  if (i < end && raw.charCodeAt(i) === MINUS && !isNegative) {
    isNegative = true;
    hasTrailingMinus = true;
    i++;
  }
  if (i !== end) return undefined;

  const hasLeadingZero = raw.charCodeAt(wholeStart) === 48 && wholeEnd - wholeStart > 1;
  const hasTrailingZero = fractionEnd > fractionStart && raw.charCodeAt(fractionEnd - 1) === 48;
  const isMinusZero = isNegative && wholeEnd - wholeStart === 1 && raw.charCodeAt(wholeStart) === 48;
  // Already normalised ("1234.56", "-7"): the same string back, nothing allocated.
  if (
    !isDecimalComma &&
    !hasThousands &&
    !hasTrailingMinus &&
    !hasLeadingZero &&
    !hasTrailingZero &&
    !(isMinusZero && fractionEnd === fractionStart)
  ) {
    return raw;
  }
  const whole = hasThousands
    ? removeChar(raw, wholeStart, wholeEnd, thousands)
    : raw.slice(wholeStart, wholeEnd);
  return normalizeDecimal(isNegative, whole, raw.slice(fractionStart, fractionEnd));
}

function removeChar(raw: string, start: number, end: number, char: number): string {
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    if (raw.charCodeAt(i) !== char) continue;
    out += raw.slice(from, i);
    from = i + 1;
  }
  return out + raw.slice(from, end);
}

/** "-", "007", "50" -> "-7.5": no leading zeros in the whole part, no trailing zeros, no minus zero. */
export function normalizeDecimal(isNegative: boolean, whole: string, fraction: string): string {
  let from = 0;
  while (from < whole.length - 1 && whole.charCodeAt(from) === 48) from++;
  const w = whole === '' ? '0' : from === 0 ? whole : whole.slice(from);
  let to = fraction.length;
  while (to > 0 && fraction.charCodeAt(to - 1) === 48) to--;
  const f = to === fraction.length ? fraction : fraction.slice(0, to);
  const body = f === '' ? w : `${w}.${f}`;
  return isNegative && body !== '0' ? `-${body}` : body;
}
