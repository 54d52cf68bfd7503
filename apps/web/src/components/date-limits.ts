import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import { formatDate } from '../lib/format';

/** platform.md 5 and 9: a date picker's default range is 20 years back and 20 years forward. */
export const PICKER_YEARS = 20;

export interface DateLimits {
  /** YYYY-MM-DD, as a date input's min and max attributes take them. */
  min: string;
  max: string;
}

const isoDayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Today (the viewer's calendar day) less and plus PICKER_YEARS years. */
export function findPickerLimits(today: Date = new Date()): DateLimits {
  const shifted = (years: number) => {
    const day = new Date(today.getFullYear() + years, today.getMonth(), today.getDate());
    // 29 February of a year without one rolls to 1 March; keep to the last day of February.
    if (day.getMonth() !== today.getMonth()) day.setDate(0);
    return isoDayOf(day);
  };
  return { min: shifted(-PICKER_YEARS), max: shifted(PICKER_YEARS) };
}

/**
 * Ours (the spec gives no wording): a typed date outside the picker's range. Said under the field, as
 * 'Required!' is for an empty one.
 */
export function describeOutOfRange(limits: DateLimits): string {
  return `Enter a date between ${formatDate(limits.min)} and ${formatDate(limits.max)}.`;
}

/** Whether a YYYY-MM-DD day lies outside the limits (an empty or partial value does not). */
export function isOutOfRange(day: string, limits: DateLimits): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return day < limits.min || day > limits.max;
}

/**
 * A form's resolver that also refuses the named dates typed outside the limits, whatever else the
 * schema says (a schema's own refinements wait until every field parses).
 */
export function withDateLimits<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  fields: readonly Path<V>[],
  limits: DateLimits,
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const outside = fields.filter((name) => isOutOfRange(String(values[name] ?? ''), limits));
    if (outside.length === 0) return result;
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const name of outside)
      errors[name] = {
        type: 'validate',
        message: describeOutOfRange(limits),
        ref: options.fields[name]?.ref,
      };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
