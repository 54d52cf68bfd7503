import { z } from 'zod';
import { MSG } from '../common/messages';

// The fields every Global Settings list shares (platform.md 3, 5): a required name of at most 120
// characters (the default text length), a status of 1 or 0, and the ids of a bulk deactivation.

/** Required name; `required` is the spec's text for that form ('Required!', or 'Required' for institution types). */
export const settingNameSchema = (required: string = MSG.required) =>
  z.string({ error: required }).trim().min(1, required).max(120, 'At most 120 characters.');

/** 1 active, 0 inactive; required when editing (platform.md 4.5: creation sends no status). */
export const SettingStatusSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(1), z.literal(0)], { error: MSG.required }),
);

/** A whole number typed as text or sent as a number: blank is 'Required!', text that is no number is 'Field must be a number.'. */
export const wholeNumberSchema = (min: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
      .int('Must be a whole number.')
      .min(min, `Minimum is ${min}.`),
  );

/** The ids of a bulk action, at least one. */
export const SettingIdsSchema = z.array(z.number().int().positive()).min(1, MSG.required).max(1000);

export const SettingIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** What a bulk deactivation answers. */
export const DeactivatedSchema = z.object({ msg: z.string(), deactivatedCount: z.number().int() });
export type Deactivated = z.infer<typeof DeactivatedSchema>;
