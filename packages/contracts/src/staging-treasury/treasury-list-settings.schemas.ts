import { z } from 'zod';
import { MSG } from '../common/messages';
import { settingNameSchema } from '../settings/setting-fields';
import {
  BankLevelExceptionSchema,
  ClientLevelExceptionSchema,
  FeeSubCategorySchema,
  StandardizedDescriptionSchema,
} from './staging-treasury.schemas';

// Issue 17 point 4: the four treasury pick lists (standardized descriptions, bank and client level
// exceptions, fee categories with their sub categories) edited in Global Settings, under
// /api/administration/treasury-lists. The rule: add and rename freely (a name is unique in its list,
// whatever its case); delete only an entry nothing refers to. Staging rows and the books keep the chosen
// names as text, so an entry some row carries cannot be deleted, and a rename reaches only the staging
// rows of batches not yet validated; a validated statement is never rewritten.

export const TREASURY_LIST_KINDS = [
  'standardizedDescription',
  'bankLevelException',
  'clientLevelException',
  'feeCategory',
  'feeSubCategory',
] as const;
export type TreasuryListKind = (typeof TREASURY_LIST_KINDS)[number];

export interface TreasuryListDefinition {
  kind: TreasuryListKind;
  /** Under /api/administration/treasury-lists. */
  path: string;
  /** The body wrapper of add and edit, and of the answer. */
  bodyKey: TreasuryListKind;
  /** Title case, for headings and messages: 'Fee Sub Category'. */
  noun: string;
  msg: {
    created: string;
    updated: string;
    deleted: string;
    notFound: string;
    saveFailed: string;
    deleteFailed: string;
  };
}

function definition(kind: TreasuryListKind, path: string, noun: string): TreasuryListDefinition {
  return {
    kind,
    path,
    bodyKey: kind,
    noun,
    msg: {
      created: `${noun} created successfully.`,
      updated: `${noun} updated successfully.`,
      deleted: `${noun} deleted successfully.`,
      notFound: `${noun} not found.`,
      saveFailed: `Failed to save ${noun}.`,
      deleteFailed: `Failed to delete ${noun}.`,
    },
  };
}

export const TREASURY_LISTS: Record<TreasuryListKind, TreasuryListDefinition> = {
  standardizedDescription: definition(
    'standardizedDescription',
    'standardized-descriptions',
    'Standardized Description',
  ),
  bankLevelException: definition('bankLevelException', 'bank-level-exceptions', 'Bank Level Exception'),
  clientLevelException: definition(
    'clientLevelException',
    'client-level-exceptions',
    'Client Level Exception',
  ),
  feeCategory: definition('feeCategory', 'fee-categories', 'Fee Category'),
  feeSubCategory: definition('feeSubCategory', 'fee-sub-categories', 'Fee Sub Category'),
};

export const TREASURY_LIST_MSG = {
  loaded: 'Treasury lists loaded.',
  loadFailed: 'Failed to load the treasury lists.',
  /** 409: a name (or a category's code) already in its list, compared without case. */
  duplicateName: (noun: string, name: string) => `A ${noun.toLowerCase()} named '${name}' already exists.`,
  duplicateSubCategory: (name: string, category: string) =>
    `'${category}' already has a sub category named '${name}'.`,
  duplicateCode: (code: string) => `A fee category with code '${code}' already exists.`,
  /** 409: staging rows or booked records carry the entry's name (or a sub category's). */
  inUse: (name: string, count: number) =>
    `'${name}' is used by ${count} ${count === 1 ? 'record' : 'records'}, so it cannot be deleted.`,
  unknownCategory: 'Choose a category from the list.',
  codeFormat: 'Must be two digits.',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}?`,
  inUseHint: 'In use by staging rows or validated records: it can be renamed, not deleted.',
} as const;

/** How many staging rows and booked records carry an entry's name: deletable at 0. */
const usage = { usageCount: z.number().int() };

export const StandardizedDescriptionSettingSchema = StandardizedDescriptionSchema.extend(usage);
export type StandardizedDescriptionSetting = z.infer<typeof StandardizedDescriptionSettingSchema>;
export const BankLevelExceptionSettingSchema = BankLevelExceptionSchema.extend(usage);
export type BankLevelExceptionSetting = z.infer<typeof BankLevelExceptionSettingSchema>;
export const ClientLevelExceptionSettingSchema = ClientLevelExceptionSchema.extend(usage);
export type ClientLevelExceptionSetting = z.infer<typeof ClientLevelExceptionSettingSchema>;
export const FeeSubCategorySettingSchema = FeeSubCategorySchema.extend(usage);
export type FeeSubCategorySetting = z.infer<typeof FeeSubCategorySettingSchema>;
/** A category's usageCount counts its own name only; each sub category has its own. */
export const FeeCategorySettingSchema = z.object({
  categoryId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ...usage,
  subCategories: z.array(FeeSubCategorySettingSchema),
});
export type FeeCategorySetting = z.infer<typeof FeeCategorySettingSchema>;

/** GET /api/administration/treasury-lists: the four lists at once, for the Global Settings tab. */
export const TreasuryListsSchema = z.object({
  msg: z.string(),
  standardizedDescriptions: z.array(StandardizedDescriptionSettingSchema),
  bankLevelExceptions: z.array(BankLevelExceptionSettingSchema),
  clientLevelExceptions: z.array(ClientLevelExceptionSettingSchema),
  feeCategories: z.array(FeeCategorySettingSchema),
});
export type TreasuryLists = z.infer<typeof TreasuryListsSchema>;

// Add and edit bodies ({<kind>: {...}}); every name is required, at most 120 characters.

const name = settingNameSchema();
const description = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string().trim().max(500, 'At most 500 characters.'),
);
/** The AFP family: two digits ('01'). */
const familyCode = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .regex(/^\d{2}$/, TREASURY_LIST_MSG.codeFormat);
/** A sub category's AFP service code, optional (blank is none). */
const serviceCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(20, 'At most 20 characters.').nullable().default(null),
);

export const StandardizedDescriptionInputSchema = z.object({ name, isRate: z.boolean().default(false) });
export const ExceptionInputSchema = z.object({ name, description });
export const FeeCategoryInputSchema = z.object({ code: familyCode, name });
/** A sub category stays in the category it was added to: edit sends its code and name only. */
export const FeeSubCategoryEditSchema = z.object({ code: serviceCode, name });
export const FeeSubCategoryInputSchema = FeeSubCategoryEditSchema.extend({
  categoryId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.number({ error: MSG.required }).int().positive(),
  ),
});

/** The fields of one list's add (create) and edit bodies. */
export const TREASURY_LIST_INPUTS = {
  standardizedDescription: {
    create: StandardizedDescriptionInputSchema,
    edit: StandardizedDescriptionInputSchema,
  },
  bankLevelException: { create: ExceptionInputSchema, edit: ExceptionInputSchema },
  clientLevelException: { create: ExceptionInputSchema, edit: ExceptionInputSchema },
  feeCategory: { create: FeeCategoryInputSchema, edit: FeeCategoryInputSchema },
  feeSubCategory: { create: FeeSubCategoryInputSchema, edit: FeeSubCategoryEditSchema },
} as const;
export type TreasuryListInput<
  K extends TreasuryListKind,
  Mode extends 'create' | 'edit' = 'create',
> = z.output<(typeof TREASURY_LIST_INPUTS)[K][Mode]>;

/** An entry as add and edit answer it: its id and fields (a sub category with its categoryId). */
export const TreasuryListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isRate: z.boolean().optional(),
  description: z.string().optional(),
  code: z.string().nullable().optional(),
  categoryId: z.number().int().optional(),
});
export type TreasuryListEntry = z.infer<typeof TreasuryListEntrySchema>;

export function treasuryListBodySchemas(kind: TreasuryListKind) {
  const d = TREASURY_LISTS[kind];
  return {
    create: z.object({ [d.bodyKey]: TREASURY_LIST_INPUTS[kind].create }),
    edit: z.object({ [d.bodyKey]: TREASURY_LIST_INPUTS[kind].edit }),
    result: z.object({ msg: z.string(), [d.bodyKey]: TreasuryListEntrySchema }),
  };
}
