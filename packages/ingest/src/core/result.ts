import type { ExtractionError } from './extraction-error.js';

/** Every reader answers with a Result: failures are values the pipeline can store, never exceptions. */
export type Result<T, E = ExtractionError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
