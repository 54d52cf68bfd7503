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

// Node's socket errors of a connection that went away or never came.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// node-postgres's own words for a connection it lost, or could not get from the pool in time.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];

/**
 * True when the database could not be reached or dropped the connection: a socket error, a connection
 * node-postgres lost, or PostgreSQL's own refusals of one (class 08 connection exceptions, 57P01-57P03
 * a terminated backend or a server shutting down or starting, 53300 too many connections, 55000 a
 * database that does not accept connections now, 3D000 a database gone). The request or job may well
 * succeed once the database answers again: a 503, a retry, never a crash.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code)) return true;
      if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', '55000', '3D000'].includes(code))
        return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** A deadlock's victim (40P01) or a serialization failure (40001): the same work may pass if run again. */
export function isTransactionConflict(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '40P01' || code === '40001';
}

/** True for an error the database raised (a SQLSTATE) or Drizzle wrapped ('Failed query: …'). */
export function isDatabaseError(error: unknown): boolean {
  if (isDatabaseUnavailable(error) || findPgError(error)) return true;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { name?: unknown }).name === 'DrizzleQueryError') return true;
  return false;
}
