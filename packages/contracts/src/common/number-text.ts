// Issue 20 point 7: money and rates are typed the way people write them, '12,000', '1,000.00' or
// '4.25%', and sent as the plain number. Only well-formed thousands separators (groups of three) are
// taken out, and a trailing '%' only where a rate is asked for; anything else is left for the field's
// own pattern to refuse with its message.

const GROUPED = /^([-+]?)(\d{1,3}(?:,\d{3})+)(\.\d*)?$/;

/**
 * Typed text without its thousands separators (and, with `isRate`, without a trailing '%'); other
 * values are answered unchanged.
 */
export function plainNumberText(value: unknown, { isRate = false } = {}): unknown {
  if (typeof value !== 'string') return value;
  let text = value.trim();
  if (isRate && text.endsWith('%')) text = text.slice(0, -1).trimEnd();
  const grouped = GROUPED.exec(text);
  if (grouped) text = `${grouped[1]}${grouped[2]!.replace(/,/g, '')}${grouped[3] ?? ''}`;
  return text;
}

/** For a rate: '4.25%' and '1,250.5 %' read as '4.25' and '1250.5'. */
export const plainRateText = (value: unknown) => plainNumberText(value, { isRate: true });
