import { set, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import {
  describeOutOfRange,
  isOutOfRange,
  withDateLimits,
  type DateLimits,
} from '../../components/date-limits';

type Step1Dates = FieldValues & {
  startRange: string;
  endRange: string;
  balanceAdjustments: { date: string }[];
};

/** The later of two YYYY-MM-DD days (a missing one gives way), for a date input's min. */
export function pickLaterDay(day: string | null | undefined, other: string): string {
  return day && day > other ? day : other;
}

/**
 * Step 1's resolver, also refusing a start, end or adjustment date typed outside the picker's range
 * (platform.md 5). The adjustment dates sit in a field array, which withDateLimits' names do not reach.
 */
export function withStep1DateLimits<V extends Step1Dates, C, O>(
  resolver: Resolver<V, C, O>,
  limits: DateLimits,
): Resolver<V, C, O> {
  const limited = withDateLimits(resolver, ['startRange', 'endRange'] as Path<V>[], limits);
  return async (values, context, options) => {
    const result = await limited(values, context, options);
    const outside = values.balanceAdjustments.flatMap((a, index) =>
      isOutOfRange(a.date, limits) ? [`balanceAdjustments.${index}.date`] : [],
    );
    if (outside.length === 0) return result;
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const name of outside)
      set(errors, name, {
        type: 'validate',
        message: describeOutOfRange(limits),
        ref: options.fields[name]?.ref,
      });
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
