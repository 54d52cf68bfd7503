import { fail, type Result } from './result.js';

/** A reader bug in words: the user gets a plain message, never the exception's text. */
export function describeReaderBug(format: string) {
  // A format that is not a string (a caller's mistake) is not named: naming it could throw again.
  const label = typeof format === 'string' ? `${format.toUpperCase()} ` : '';
  return fail({
    kind: 'unsupported' as const,
    message: `The ${label}file could not be read because of an error in the reader. Please send it to support.`,
  });
}

/** Runs a public reader so that it answers a Result whatever happens inside: it never throws. */
export async function guardReader<T>(format: string, read: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await read();
  } catch {
    return describeReaderBug(format);
  }
}

/**
 * A public function that met input it could not handle (a caller's mistake or a bug of ours), in
 * words: `action` names what it was doing ('Matching the templates').
 */
export function describeCallFailure(action: string) {
  return fail({
    kind: 'unsupported' as const,
    message: `${action} failed because of an error in the reader or in what it was given. Please send the file to support.`,
  });
}

/**
 * Runs a public function that answers a Result so that it answers one whatever it is given
 * (issue 15 point 5): the typed failure, never an exception.
 */
export function guardCall<T>(action: string, run: () => Result<T>): Result<T> {
  try {
    return run();
  } catch {
    return describeCallFailure(action);
  }
}

/** guardCall for a function answering a promise of a Result: it never rejects. */
export async function guardAsyncCall<T>(action: string, run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch {
    return describeCallFailure(action);
  }
}

/**
 * For a public function answering a plain value, which has no failure to carry: `fallback` (an empty
 * grid or list) when its input cannot be read. Internal callers use the unguarded function, so a
 * bug of ours is never hidden as an empty answer.
 */
export function guardValue<T>(run: () => T, fallback: () => T): T {
  try {
    return run();
  } catch {
    return fallback();
  }
}
