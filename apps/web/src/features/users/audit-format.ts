// How the Audit Log tab shows a row's time and its changed fields.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as local MM/DD/YYYY hh:mm AM/PM (platform.md 9: server dates are UTC). */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const day = `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
  return `${day} ${pad(hours % 12 || 12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

const VALUE_MAX = 40;

function showValue(value: unknown): string {
  if (value === null || value === undefined) return '∅';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/**
 * One line per changed field: `field: before → after`; a created record lists its values, a removed one
 * what it held.
 */
export function describeChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    const old = before?.[key];
    const next = after?.[key];
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    if (!before) lines.push(`${key}: ${showValue(next)}`);
    else if (!after) lines.push(`${key}: ${showValue(old)} → ∅`);
    else lines.push(`${key}: ${showValue(old)} → ${showValue(next)}`);
  }
  return lines;
}
