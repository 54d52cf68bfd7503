import { normalizeDateRange, normalizeNumericRange } from '@tideline/contracts/paging/filter-semantics';
import type { FilterValue } from '@tideline/contracts/paging/paging.schemas';
import { formatCurrency } from '../../lib/format';
import type { DateRangeFilterValue, FilterDefinition, RangeFilterValue } from './data-table.types';

function formatAmount(n: number, kind: 'number' | 'money'): string {
  return kind === 'number' ? String(n) : formatCurrency(n);
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
