import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText, plainRateText } from '../common/number-text';
import { US_STATES } from '../common/us-states';

// platform.md 2.11, 3 "Negotiated rate", 5, 8 (failure fallbacks) plus our success texts.
export const NEGOTIATED_RATE_MSG = {
  created: 'Negotiated Rate added successfully.',
  updated: 'Negotiated Rate updated successfully.',
  deleted: 'Negotiated Rate deleted successfully.',
  createFailed: 'Failed to add Negotiated Rate.',
  editFailed: 'Failed to edit Negotiated Rate.',
  deleteFailed: 'Failed to delete Negotiated Rate.',
  notFound: 'Negotiated rate not found.',
  bankNotFound: 'Bank not found.',
  quoteTypeInactive: 'Choose an active quote type.',
  stateInvalid: 'Choose a US state or DC.',
  deleteWarning:
    'WARNING: This action cannot be undone. Are you sure you want to delete this negotiated rate?',
} as const;

/** platform.md 9: comments longer than this are cut with an ellipsis; empty ones show '---'. */
export const NEGOTIATED_RATE_COMMENT_PREVIEW = 100;

/** platform.md 5: an optionally signed decimal ('-1.5', '+2', '.25', '3.'). */
export const SIGNED_DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A number typed as text or sent as a number: blank is 'Required!', anything else 'Field must be a number.'. */
const decimalSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
  .trim()
  .regex(SIGNED_DECIMAL, MSG.fieldMustBeNumber)
  .transform(Number)
  .refine((v) => Math.abs(v) < 1e15, 'The number is too large.');
/** Numbers become their plain text (never '1e-7'; NaN and Infinity then fail the pattern); blank is missing. */
const PLAIN = { useGrouping: false, maximumFractionDigits: 20 } as const;
const asDecimalText = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'number' ? v.toLocaleString('en-US', PLAIN) : v;
// Issue 20 point 7: '250,000' and '4.25%' as typed, sent as the plain number.
const requiredRate = z.preprocess((v) => plainRateText(asDecimalText(v)), decimalSchema);
const optionalDecimal = z.preprocess((v) => plainNumberText(asDecimalText(v)), decimalSchema.optional());

const requiredId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required),
);

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number().int().positive().optional(),
);

/** platform.md 5 "Negotiated rate": the add and edit form; who captured is never taken from it. */
export const NegotiatedRateInputSchema = z.object({
  clientId: requiredId,
  bankId: requiredId,
  state: z.preprocess(
    blankToUndefined,
    z.enum(US_STATES, {
      error: (issue) => (issue.input === undefined ? MSG.required : NEGOTIATED_RATE_MSG.stateInvalid),
    }),
  ),
  amount: optionalDecimal,
  term: optionalDecimal,
  rate: requiredRate,
  quoteTypeId: optionalId,
  realized: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(1), z.literal(0)], { error: MSG.required }),
  ),
  comments: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2000, 'At most 2000 characters.').optional(),
  ),
});
export type NegotiatedRateInput = z.infer<typeof NegotiatedRateInputSchema>;

/** POST /api/dashboard/negotiated-rates/ and PUT /{id}: {negotiatedRates: {...}}. */
export const NegotiatedRateBodySchema = z.object({ negotiatedRates: NegotiatedRateInputSchema });

/** platform.md 3 "Negotiated rate". */
export const NegotiatedRateSchema = z.object({
  negotiatedRateId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  bankId: z.number().int(),
  bankName: z.string(),
  state: z.string(),
  amount: z.number().nullable(),
  term: z.number().nullable(),
  rate: z.number(),
  quoteTypeId: z.number().int().nullable(),
  quoteType: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  realized: z.union([z.literal(1), z.literal(0)]),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type NegotiatedRate = z.infer<typeof NegotiatedRateSchema>;

export const NegotiatedRateResultSchema = z.object({ msg: z.string(), negotiatedRate: NegotiatedRateSchema });

export const NegotiatedRateIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
