import { z } from 'zod';
import { MSG } from '../common/messages';

// The date fields of Start Report and Start Ingestion (clients-accounts-investments-reports.md 5):
// required, sent as YYYY-MM-DD, the end not before the start.

export const CYCLE_DATE_MSG = {
  endBeforeStart: 'End date cannot be before start date.',
  invalidDate: 'Not a real date.',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const isRealDate = (d: string) => {
  const parsed = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
};

const IsoDate = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.')
  .refine(isRealDate, CYCLE_DATE_MSG.invalidDate);

/** A required date: '' and null read as missing ('Required!'). */
export const RequiredDateSchema = z.preprocess(blankToUndefined, IsoDate);

/** An optional date: '', null and absent all mean none (null). */
export const OptionalDateSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  IsoDate.nullable(),
);

/** Adds the end-not-before-start rule to an object with startDate and endDate; the message sits on endDate. */
export function refineDateRange<T extends { startDate: string; endDate: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: CYCLE_DATE_MSG.endBeforeStart });
  }
}
