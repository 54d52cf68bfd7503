import { zodResolver as baseZodResolver } from '@hookform/resolvers/zod';
import { set, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { MSG } from '@tideline/contracts/common/messages';

function isUnreadableDate(ref: unknown): boolean {
  return ref instanceof HTMLInputElement && ref.type === 'date' && ref.validity.badInput;
}

/**
 * Issue 20 point 7: a date the browser cannot read ('13/45/2026') leaves its input empty, which a schema
 * takes for a missing date ('Required!'). Such a date is reported as not a real date instead.
 */
export function withUnreadableDates<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const unreadable = Object.entries(options.fields).filter(([, field]) => isUnreadableDate(field?.ref));
    if (unreadable.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<V>;
    for (const [name, field] of unreadable) {
      const error: FieldError = { type: 'validate', message: MSG.invalidDate, ref: field.ref };
      set(errors, name, error);
    }
    return { values: {}, errors };
  };
}

/** @hookform/resolvers' zodResolver, with unreadable dates said as such (withUnreadableDates). */
export const zodResolver = ((...args: Parameters<typeof baseZodResolver>) =>
  withUnreadableDates(
    baseZodResolver(...args) as Resolver<FieldValues>,
  )) as unknown as typeof baseZodResolver;
