/** Exact decimal arithmetic on normalised decimal strings, through scaled BigInts. */
function toScaled(value: string, scale: number): bigint {
  const isNegative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (isNegative ? value.slice(1) : value).split('.');
  const scaled = BigInt(whole + fraction.padEnd(scale, '0'));
  return isNegative ? -scaled : scaled;
}

function fromScaled(value: bigint, scale: number): string {
  const isNegative = value < 0n;
  const digits = (isNegative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const body = fraction === '' ? whole : `${whole}.${fraction}`;
  return isNegative ? `-${body}` : body;
}

function scaleOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

export function subtractDecimals(a: string, b: string): string {
  if (b === '0') return a;
  if (a === '0') return negateDecimal(b);
  const scale = Math.max(scaleOf(a), scaleOf(b));
  return fromScaled(toScaled(a, scale) - toScaled(b, scale), scale);
}

export function addDecimals(a: string, b: string): string {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  return fromScaled(toScaled(a, scale) + toScaled(b, scale), scale);
}

export function multiplyDecimals(a: string, b: string): string {
  const scale = scaleOf(a) + scaleOf(b);
  return fromScaled(toScaled(a, scaleOf(a)) * toScaled(b, scaleOf(b)), scale);
}

/** a / 100, exactly: a percentage ("99.5" of par) as a fraction. */
export function percentToFraction(a: string): string {
  return fromScaled(toScaled(a, scaleOf(a)), scaleOf(a) + 2);
}

export function negateDecimal(a: string): string {
  if (a === '0') return a;
  return a.startsWith('-') ? a.slice(1) : `-${a}`;
}

export function absDecimal(a: string): string {
  return a.startsWith('-') ? a.slice(1) : a;
}

/** Minor units (BAI2 amounts carry no decimal point) to a decimal string. */
export function fromMinorUnits(digits: string, decimals: number): string {
  const isNegative = digits.startsWith('-');
  const clean = digits.replace(/^[-+]/, '');
  if (!/^\d+$/.test(clean)) return 'NaN';
  return fromScaled(isNegative ? -BigInt(clean) : BigInt(clean), decimals);
}

/**
 * A normalised decimal string in whole cents, when it has at most two decimals and the cents are an
 * exact integer in a double (|value| < 90 trillion); NaN otherwise, and callers then use the string
 * functions above. The running-balance check adds in cents: exact, and no allocation per row.
 */
export function toCents(value: string): number {
  let i = value.charCodeAt(0) === 45 ? 1 : 0;
  const isNegative = i === 1;
  let cents = 0;
  let decimals = -1;
  for (; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 46 && decimals === -1) {
      decimals = 0;
      continue;
    }
    if (c < 48 || c > 57 || decimals === 2) return NaN;
    if (decimals >= 0) decimals++;
    cents = cents * 10 + (c - 48);
  }
  cents *= decimals === 1 ? 10 : decimals === 2 ? 1 : 100;
  if (!Number.isSafeInteger(cents)) return NaN;
  return isNegative ? -cents : cents;
}

export function fromCents(cents: number): string {
  const isNegative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return normalizeCents(isNegative, digits.slice(0, -2), digits.slice(-2));
}

function normalizeCents(isNegative: boolean, whole: string, fraction: string): string {
  const f = fraction === '00' ? '' : fraction.endsWith('0') ? fraction.slice(0, 1) : fraction;
  const body = f === '' ? whole : `${whole}.${f}`;
  return isNegative && body !== '0' ? `-${body}` : body;
}

/** |value| < 0.005: two amounts whose difference this is are equal to the cent. */
export function isZeroToTheCent(value: string): boolean {
  const digits = absDecimal(value);
  const dot = digits.indexOf('.');
  if (dot === -1) return digits === '0';
  return digits.slice(0, dot) === '0' && digits.slice(dot + 1, dot + 4).padEnd(3, '0') < '005';
}

/** A figure for a message: thousands grouped, at least two decimals, in the file's decimal style. */
export function formatFigure(value: string, isDecimalComma = false): string {
  const isNegative = value.startsWith('-');
  const [whole = '0', fraction = ''] = absDecimal(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, isDecimalComma ? '.' : ',');
  const decimals = fraction.padEnd(2, '0');
  return `${isNegative ? '-' : ''}${grouped}${isDecimalComma ? ',' : '.'}${decimals}`;
}
