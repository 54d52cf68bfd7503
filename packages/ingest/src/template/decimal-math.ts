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
