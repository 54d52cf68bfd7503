import { ApiError } from './api-client';

/**
 * The text of a failure toast (platform.md 7): the server's msg when it sent one, else the spec's fixed
 * fallback for that action.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.message ? error.message : fallback;
}

/**
 * The server's field errors keyed by form field. The server may name a field inside its body wrapper
 * (`user.email`); the form knows it as `email`.
 */
export function fieldErrorsOf(error: unknown, wrapper?: string): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const prefix = wrapper ? `${wrapper}.` : '';
  const result: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    if (messages[0] && !(field in result)) result[field] = messages[0];
  }
  return result;
}

/**
 * Shows the server's field errors under the form's own fields (those of `fields` it names), so a
 * refused form keeps what was typed and says where it is wrong; answers every field error found.
 */
export function showFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { message: string }) => void,
  wrapper?: string,
): Record<string, string> {
  const fieldErrors = fieldErrorsOf(error, wrapper);
  for (const field of fields) if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
  return fieldErrors;
}
