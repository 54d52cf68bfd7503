/**
 * Every model returns a Result instead of throwing: bad input becomes a typed error that says what is
 * missing, so callers (the job runner, the API) can show it and no NaN ever reaches an output.
 */
export type AnalyticsErrorCode =
  | 'EMPTY_HISTORY'
  | 'HISTORY_TOO_SHORT'
  | 'HISTORY_GAP'
  | 'NON_FINITE_AMOUNT'
  | 'AMOUNT_TOO_LARGE'
  | 'INVALID_DATE'
  | 'DATES_OUT_OF_ORDER'
  | 'DUPLICATE_DATE'
  | 'NO_ACCOUNTS'
  | 'END_DATE_AFTER_TODAY'
  | 'DATE_OUT_OF_RANGE'
  | 'NEGATIVE_BALANCE'
  | 'NEGATIVE_AMOUNT'
  | 'LEVELS_DO_NOT_ADD_UP'
  | 'DUPLICATE_ID'
  | 'INVALID_ARGUMENT'
  | 'MODEL_NOT_READY';

export interface AnalyticsError {
  readonly code: AnalyticsErrorCode;
  /** Plain-words explanation of what is missing or wrong. */
  readonly message: string;
  /** The input field the error is about, as a dotted path (e.g. `accounts[2].transactions[5].date`). */
  readonly field?: string;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AnalyticsError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: AnalyticsErrorCode, message: string, field?: string): Result<T> {
  return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
}
