import { z } from 'zod';
import { COLLECTION_TYPES, DATA_GATHERING_FREQUENCIES } from '../banks/bank-lists';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';
import { ACCOUNT_CATEGORIES, ACCOUNT_TYPES } from './account-lists';

// clients-accounts-investments-reports.md 8 "Accounts", plus our success and conflict texts.
export const ACCOUNT_MSG = {
  deleteFailed: 'Failed to delete account(s)',
  createFailed: 'Failed to create account.',
  editFailed: 'Failed to edit account.',
  notFound: 'Account not found.',
  downloadTemplateFailed: 'Failed to Download Template',
  updateFailed: 'Failed to Update Accounts.',
  extractFailed: 'Failed to Extract Accounts from CSV file.',
  fileTypeNotAccepted: 'File type not accepted.',
  /** Spec 5 "Account form": the account form says 'Required' without the exclamation mark. */
  required: 'Required',
  created: 'Account created successfully.',
  updated: 'Account updated successfully.',
  deleted: 'Account(s) deleted successfully.',
  duplicateNumber: 'An account with this number already exists at this bank for the client.',
  bankNotRelated: 'The bank is not related to this client. Add the bank relationship first.',
  notStaging: 'Only accounts that require additional setup can be removed here.',
  uploadStarted: 'Extraction of accounts started.',
} as const;

/** Spec 3: accountClosed Yes/No, sent as 1/0. */
export const AccountClosedSchema = z.union([z.literal(1), z.literal(0)]);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const requiredText = z
  .string({ error: ACCOUNT_MSG.required })
  .trim()
  .min(1, ACCOUNT_MSG.required)
  .max(120, 'At most 120 characters.');
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: ACCOUNT_MSG.required }));
const IsoDaySchema = z
  .string({ error: ACCOUNT_MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.')
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
  }, 'Not a real date.');

/**
 * Spec 5: an optional minus sign, digits and a decimal point ('Field must be a number.'); cents at most.
 * Thousands separators are taken out ('12,000', issue 20 point 7).
 */
export const AccountBalanceSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === '' ? null : plainNumberText(v)),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,16}(\.\d{1,2})?$/, MSG.fieldMustBeNumber)
    .nullable()
    .optional(),
);

/**
 * The Add/Edit Account form (spec 3, 4, 5). POST /add and PUT /{accountId} carry it as {account}.
 * dataGatheringFrequency and collectionType are null when the account follows its bank's default.
 */
export const AccountInputSchema = z
  .object({
    clientId: z.number({ error: ACCOUNT_MSG.required }).int().positive(ACCOUNT_MSG.required),
    accountName: requiredText,
    accountNumber: requiredText,
    accountAlias: requiredText,
    accountType: requiredChoice(ACCOUNT_TYPES),
    accountCategory: requiredChoice(ACCOUNT_CATEGORIES),
    bankId: z.preprocess(
      blankToUndefined,
      z.number({ error: ACCOUNT_MSG.required }).int().positive(ACCOUNT_MSG.required),
    ),
    accountBalance: AccountBalanceSchema,
    accountBalanceDate: z.preprocess(blankToUndefined, IsoDaySchema),
    accountClosed: z.preprocess(
      blankToUndefined,
      z.union([z.literal(1), z.literal(0)], { error: ACCOUNT_MSG.required }),
    ),
    accountDateClosed: z.preprocess(blankToUndefined, IsoDaySchema.optional()),
    dataGatheringFrequency: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number()
        .refine(
          (n) => (DATA_GATHERING_FREQUENCIES as readonly number[]).includes(n),
          'Not an allowed frequency.',
        )
        .nullable(),
    ),
    collectionType: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.enum(COLLECTION_TYPES).nullable(),
    ),
  })
  .superRefine((a, ctx) => {
    // Spec 4, 5: the closed date is required when the account is closed, and only then kept.
    if (a.accountClosed === 1 && !a.accountDateClosed)
      ctx.addIssue({ code: 'custom', path: ['accountDateClosed'], message: ACCOUNT_MSG.required });
  })
  .transform((a) => ({ ...a, accountDateClosed: a.accountClosed === 1 ? a.accountDateClosed! : null }));
export type AccountInput = z.input<typeof AccountInputSchema>;
export type AccountInputParsed = z.output<typeof AccountInputSchema>;
export const AccountBodySchema = z.object({ account: AccountInputSchema });

/** Spec 3 "Account" as read (GET /all, /single). */
export const AccountSchema = z.object({
  accountId: z.number().int(),
  clientId: z.number().int(),
  accountName: z.string(),
  accountNumber: z.string(),
  accountAlias: z.string().nullable(),
  accountType: z.string().nullable(),
  accountCategory: z.string().nullable(),
  bankId: z.number().int().nullable(),
  bankName: z.string().nullable(),
  /** The start balance. */
  accountBalance: z.number().nullable(),
  accountBalanceDate: z.string().nullable(),
  /** The newest transaction's date (YYYY-MM-DD), null without any ('N/A'). */
  lastTransactionDate: z.string().nullable(),
  accountClosed: AccountClosedSchema,
  accountDateClosed: z.string().nullable(),
  /** The account's own frequency in months; null follows bankDataGatheringFrequency. */
  dataGatheringFrequency: z.number().int().nullable(),
  bankDataGatheringFrequency: z.number().int().nullable(),
  /** What applies: the account's own, else the bank relationship's; null is 'Not set'. */
  collectionType: z.string().nullable(),
  /** True when collectionType follows the client/bank relationship's default. */
  inheritedCollectionType: z.boolean(),
  /** The relationship's collection type (what Reset returns to); null is 'Not set'. */
  defaultCollectionType: z.string().nullable(),
  isStaging: z.boolean(),
  /** The bulk-upload file the account came from, if any. */
  sourceFileId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountResultSchema = z.object({ msg: z.string(), account: AccountSchema });

/** GET /list/{clientId}: the client's complete accounts for pick lists. */
export const AccountOptionSchema = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type AccountOption = z.infer<typeof AccountOptionSchema>;

export const AccountClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });
export const AccountIdParamsSchema = z.object({ accountId: z.coerce.number().int().positive() });
export const ClientAccountParamsSchema = AccountClientParamsSchema.extend({
  accountId: z.coerce.number().int().positive(),
});

/** DELETE /review and DELETE /remove: body {account:{accountIds}}. */
export const AccountIdsBodySchema = z.object({
  account: z.object({
    accountIds: z.array(z.number().int().positive()).min(1, ACCOUNT_MSG.required).max(500),
  }),
});

export const AccountsDeletedSchema = z.object({ msg: z.string(), deletedCount: z.number().int() });
