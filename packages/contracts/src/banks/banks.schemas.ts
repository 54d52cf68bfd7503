import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';
import { ActiveStatusSchema } from '../common/active-status.schemas';
import { REPORT_FREQUENCIES } from '../clients/client-lists';

// clients-accounts-investments-reports.md 8 (bank texts) plus our success and lookup texts.
export const BANK_MSG = {
  createFailed: 'Failed to create bank.',
  editFailed: 'Failed to edit bank.',
  created: 'Bank created successfully.',
  updated: 'Bank updated successfully.',
  notFound: 'Bank not found.',
  positiveNumber: 'Field must be a positive number.',
  institutionTypeInactive: 'Selected institution type is not active.',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec 5: asset size required and positive (millions, decimals allowed). Sent as text or a number. */
// Thousands separators are taken out ('1,250', issue 20 point 7).
const AssetSizeSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : plainNumberText(blankToUndefined(v))),
  z
    .string({ error: MSG.required })
    .trim()
    .refine((s) => /^\d{1,14}(\.\d{1,2})?$/.test(s) && Number(s) > 0, BANK_MSG.positiveNumber),
);

/** The Add/Edit Bank form (spec 3, 5). POST /add and PUT /{id} carry it as {bank}. */
export const BankInputSchema = z.object({
  bankName: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(120, 'At most 120 characters.'),
  assetSize: AssetSizeSchema,
  // New banks default to active; only DEACTIVATE_BANKS may change it (checked on the server).
  status: ActiveStatusSchema.optional(),
  defaultDataGatheringFrequency: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: MSG.required })
      .refine((n) => (REPORT_FREQUENCIES as readonly number[]).includes(n), MSG.required),
  ),
  // Required as a choice: a business day 1-24, or null for 'Not Set'.
  dataAvailabilityDate: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: MSG.required }).int(MSG.required).min(1, MSG.required).max(24, MSG.required).nullable(),
  ),
  fdicCode: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().max(20, 'At most 20 characters.').nullable().optional(),
  ),
  institutionTypeId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.number().int().positive().nullable().optional(),
  ),
});
export type BankInput = z.input<typeof BankInputSchema>;
export type BankInputParsed = z.output<typeof BankInputSchema>;
export const BankBodySchema = z.object({ bank: BankInputSchema });

/** Spec 3 "Bank" as read (GET /api/banks/all). */
export const BankSchema = z.object({
  bankId: z.number().int(),
  bankName: z.string(),
  assetSize: z.number(),
  status: ActiveStatusSchema,
  defaultDataGatheringFrequency: z.number().int(),
  /** Business day of the month 1-24; null shows 'Not Set' (ordinalBusinessDay). */
  dataAvailabilityDate: z.number().int().nullable(),
  fdicCode: z.string().nullable(),
  institutionTypeId: z.number().int().nullable(),
  institutionType: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bank = z.infer<typeof BankSchema>;

export const BankIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const BankResultSchema = z.object({ msg: z.string(), bank: BankSchema });
export type BankResult = z.infer<typeof BankResultSchema>;

/** GET /api/banks/list: bank names for pickers (active banks). */
export const BankOptionSchema = z.object({ bankId: z.number().int(), bankName: z.string() });
export type BankOption = z.infer<typeof BankOptionSchema>;

/** GET /api/banks/default-data-gathering-frequencies: what each bank's accounts inherit. */
export const BankDefaultFrequencySchema = z.object({
  bankId: z.number().int(),
  defaultDataGatheringFrequency: z.number().int(),
});

/** GET /api/banks/types/list: active institution types, shown as label and value (platform.md 3). */
export const InstitutionTypeOptionSchema = z.object({
  institutionTypeId: z.number().int(),
  institutionTypeName: z.string(),
  label: z.string(),
  value: z.number().int(),
});
export type InstitutionTypeOption = z.infer<typeof InstitutionTypeOptionSchema>;
