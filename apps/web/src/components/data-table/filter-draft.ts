import { isEmptyFilterValue, rangeInputError } from '@tideline/contracts/paging/filter-semantics';
import type { FilterValue } from '@tideline/contracts/paging/paging.schemas';
import type {
  DateRangeFilterValue,
  FilterDefinition,
  FilterValues,
  RangeFilterValue,
} from './data-table.types';
import { describeOutOfRange, findPickerLimits, isOutOfRange, type DateLimits } from '../date-limits';

// What the Set Filters dialog holds while the user types: strings only, turned into filter values on
// APPLY FILTERS. Kept apart from the dialog so the conversion is tested on its own.

export interface RangeDraft {
  low: string;
  high: string;
}
export interface DateRangeDraft {
  from: string;
  to: string;
}
export type DraftValue = string | string[] | RangeDraft | DateRangeDraft;
export type FilterDraft = Record<string, DraftValue>;

function emptyDraftValue(kind: FilterDefinition<unknown>['kind']): DraftValue {
  switch (kind) {
    case 'number':
    case 'money':
      return { low: '', high: '' };
    case 'dateRange':
      return { from: '', to: '' };
    case 'multiSelect':
      return [];
    default:
      return '';
  }
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The applied filters as the dialog shows them. */
export function toDraft<T>(definitions: readonly FilterDefinition<T>[], values: FilterValues): FilterDraft {
  const draft: FilterDraft = {};
  for (const d of definitions) {
    const value = values[d.id];
    if (value === undefined) {
      draft[d.id] = emptyDraftValue(d.kind);
      continue;
    }
    switch (d.kind) {
      case 'number':
      case 'money': {
        const range = value as RangeFilterValue;
        draft[d.id] = { low: text(range.low), high: text(range.high) };
        break;
      }
      case 'dateRange': {
        const range = value as DateRangeFilterValue;
        draft[d.id] = { from: text(range.from), to: text(range.to) };
        break;
      }
      case 'multiSelect':
        draft[d.id] = (value as readonly unknown[]).map(text);
        break;
      default:
        draft[d.id] = text(value);
    }
  }
  return draft;
}

/**
 * The section 5 messages of every range input, by filter id and end (low is a date range's From, high
 * its To): a number that is none, a date outside the pickers' 20 years either way.
 */
export function draftErrors<T>(
  definitions: readonly FilterDefinition<T>[],
  draft: FilterDraft,
  limits: DateLimits = findPickerLimits(),
): Record<string, { low: string | null; high: string | null }> {
  const errors: Record<string, { low: string | null; high: string | null }> = {};
  const dayError = (day: string) => (isOutOfRange(day, limits) ? describeOutOfRange(limits) : null);
  for (const d of definitions) {
    if (d.kind === 'dateRange') {
      const range = draft[d.id] as DateRangeDraft | undefined;
      const [low, high] = [dayError(range?.from ?? ''), dayError(range?.to ?? '')];
      if (low || high) errors[d.id] = { low, high };
      continue;
    }
    if (d.kind !== 'number' && d.kind !== 'money') continue;
    const range = draft[d.id] as RangeDraft | undefined;
    const low = rangeInputError(range?.low ?? '', d.kind);
    const high = rangeInputError(range?.high ?? '', d.kind);
    if (low || high) errors[d.id] = { low, high };
  }
  return errors;
}

function optionValue<T>(definition: FilterDefinition<T>, raw: string): string | number {
  return definition.options?.find((o) => String(o.value) === raw)?.value ?? raw;
}

/** The draft as applied filters; blanks are left out. Call only when draftErrors is empty. */
export function fromDraft<T>(definitions: readonly FilterDefinition<T>[], draft: FilterDraft): FilterValues {
  const values: FilterValues = {};
  for (const d of definitions) {
    const raw = draft[d.id];
    if (raw === undefined) continue;
    let value: FilterValue;
    switch (d.kind) {
      case 'number':
      case 'money': {
        const range = raw as RangeDraft;
        value = { low: range.low.trim(), high: range.high.trim() };
        break;
      }
      case 'dateRange': {
        const range = raw as DateRangeDraft;
        value = { from: range.from || null, to: range.to || null };
        break;
      }
      case 'multiSelect':
        value = (raw as string[]).map((v) => optionValue(d, v));
        break;
      case 'select':
      case 'radio':
        value = raw === '' ? '' : optionValue(d, raw as string);
        break;
      case 'boolean':
        value = raw === '' ? '' : raw === 'true';
        break;
      default:
        value = (raw as string).trim();
    }
    if (!isEmptyFilterValue(value)) values[d.id] = value;
  }
  return values;
}

/** Whether two applied values are the same filter (a table's defaults against what is applied). */
export function isSameFilterValue(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function isSameFilters(a: FilterValues, b: FilterValues): boolean {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...ids].every((id) => isSameFilterValue(a[id], b[id]));
}
