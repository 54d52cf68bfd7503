import { z } from 'zod';

/** Form inputs and stored templates carry column numbers as text; numbers from older payloads are accepted. */
export const columnText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v),
  z.string().trim().optional(),
);

/** Flags are sent as 1 when true and omitted when false (spec 3); booleans from forms are accepted too. */
export const flag = z.preprocess((v) => v === 1 || v === '1' || v === true, z.boolean());

export const DIGITS = /^\d+$/;
export const SIGNED_DIGITS = /^-?\d+$/;
export const COLUMN_LIST = /^\d+(\s*,\s*\d+)*$/;
export const CELL_REFERENCE = /^\s*\d+\s*,\s*\d+\s*$/;

export function isFilled(v: string | undefined): v is string {
  return v !== undefined && v !== '';
}
