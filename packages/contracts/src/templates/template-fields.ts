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

/**
 * How a template's dates are written (issue 15 point 4). Auto reads every unambiguous layout and takes
 * the day/month order from the file itself, refusing a file that never shows it; a stored template
 * without the field means Auto.
 */
export const DATE_FORMATS = [
  'Auto',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'DD-Mon-YYYY',
  'Excel serial',
] as const;
export const DateFormatSchema = z.enum(DATE_FORMATS, { error: 'Field has an invalid format.' });
export type DateFormat = z.infer<typeof DateFormatSchema>;

/** The decimal separator of a template's amounts: dot (1,234.56) or comma (1.234,56); absent means dot. */
export const DECIMAL_SEPARATORS = ['dot', 'comma'] as const;
export const DecimalSeparatorSchema = z.enum(DECIMAL_SEPARATORS, { error: 'Field has an invalid format.' });
export type DecimalSeparator = z.infer<typeof DecimalSeparatorSchema>;

/** Stored templates and forms may carry an empty value for "not chosen": it means the default. */
export const optionalChoice = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
