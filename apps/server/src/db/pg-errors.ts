/** The SQLSTATE and constraint of a PostgreSQL error; Drizzle wraps the driver's error in `cause`. */
function findPgError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return e as { code: string; constraint?: string };
  }
  return undefined;
}

/** True when PostgreSQL refused a row for a unique index (SQLSTATE 23505), e.g. two racing creates. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = findPgError(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/**
 * True for PostgreSQL's data exceptions (SQLSTATE class 22): a value of the request that the database
 * could not take (out of range, wrong type, a character it cannot store). Validation should catch them
 * first; this keeps one that slips through a 400 instead of a 500.
 */
export function isDataException(error: unknown): boolean {
  return findPgError(error)?.code.startsWith('22') ?? false;
}
