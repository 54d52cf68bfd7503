import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { withUnreadableDates } from '../../lib/zod-resolver';

/**
 * A react-hook-form resolver over a contracts schema that keeps each field's first message as the
 * schema states it. zodResolver reports a union's first branch instead ('Invalid input: expected 1'),
 * which loses the spec's 'Required' of a Yes/No choice.
 */
export function contractResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  type Values = z.input<S> & FieldValues;
  type Output = z.output<S> & FieldValues;
  return withUnreadableDates<Values, unknown, Output>(async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as z.output<S> & FieldValues, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (path && !(path in errors)) errors[path] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<z.input<S> & FieldValues> };
  });
}
