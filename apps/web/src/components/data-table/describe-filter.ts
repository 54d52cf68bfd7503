import { normalizeDateRange, normalizeNumericRange } from '@tideline/contracts/paging/filter-semantics';
import type { FilterValue } from '@tideline/contracts/paging/paging.schemas';
import type { DateRangeFilterValue, FilterDefinition, RangeFilterValue } from './data-table.types';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function formatAmount(n: number, kind: 'number' | 'money'): string {
  if (kind === 'number') return String(n);
  // platform.md 9: a zero amount shows as $0.
  return n === 0 ? '$0' : usd.format(n);
}

/** YYYY-MM-DD as MM/DD/YYYY (platform.md 9). */
export function formatIsoDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}

/** How the Filter Summary reads one applied filter, with the spec's range semantics already applied. */
export function describeFilter<T>(definition: FilterDefinition<T>, value: FilterValue): string {
  const optionLabel = (v: unknown) =>
    definition.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
  switch (definition.kind) {
    case 'number':
    case 'money': {
      const range = normalizeNumericRange(value as RangeFilterValue);
      if (!range) return 'invalid range';
      const low = formatAmount(range.low, definition.kind);
      return range.high === null
        ? `${low} or more`
        : `${low} to ${formatAmount(range.high, definition.kind)}`;
    }
    case 'dateRange': {
      const { from, to } = normalizeDateRange(value as DateRangeFilterValue);
      if (from && to) return `${formatIsoDay(from)} to ${formatIsoDay(to)}`;
      return from ? `from ${formatIsoDay(from)}` : `until ${formatIsoDay(to!)}`;
    }
    case 'multiSelect':
      return (value as readonly unknown[]).map(optionLabel).join(', ');
    case 'select':
    case 'radio':
      return optionLabel(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'text':
      return `starts with "${String(value)}"`;
  }
}
