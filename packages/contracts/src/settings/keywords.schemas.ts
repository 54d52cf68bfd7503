import { z } from 'zod';
import { MSG } from '../common/messages';
import { ActiveStatusSchema } from '../common/active-status.schemas';
import {
  SettingIdsSchema,
  SettingStatusSchema,
  settingNameSchema,
  wholeNumberSchema,
} from './setting-fields';

// platform.md 2.12 tab 0, 3 "Keyword" and "Keyword category", 4.5, 5, 7 "Administration", 8.

export const KEYWORD_MSG = {
  createFailed: 'Failed to create keyword.',
  editFailed: 'Failed to update keyword.',
  deleteFailed: 'Failed to delete keyword.',
  created: 'Keyword created successfully.',
  updated: 'Keyword updated successfully.',
  deleted: 'Keyword(s) deleted successfully.',
  notFound: 'Keyword not found.',
  someNotFound: 'One or more of the selected keywords no longer exist.',
  categoryNotFound: 'Keyword category not found.',
  categoryInactive: 'Selected keyword category is not active.',
  duplicate: (name: string) => `A keyword named '${name}' already exists.`,
} as const;

export const KEYWORD_CATEGORY_MSG = {
  saveFailed: 'Failed to create/edit keyword Category.',
  deactivateFailed: 'Failed to deactivate keyword category.',
  // platform.md 4.5: deactivation is refused while any selected category still has keywords.
  keywordsAssigned:
    'The selected keyword categories cannot be deactivated because keywords are still assigned to them.',
  created: 'Keyword category created successfully.',
  updated: 'Keyword category updated successfully.',
  deactivated: 'Keyword category(s) deactivated successfully.',
  notFound: 'Keyword category not found.',
  someNotFound: 'One or more of the selected keyword categories no longer exist.',
  duplicate: (name: string) => `A keyword category named '${name}' already exists.`,
} as const;

/** platform.md 3 "Keyword": the category is shown by name and sent as keywordCategoryId. */
export const KeywordSchema = z.object({
  keywordId: z.number().int(),
  keywordName: z.string(),
  keywordCategoryId: z.number().int(),
  keywordCategory: z.string(),
  createdAt: z.string(),
});
export type Keyword = z.infer<typeof KeywordSchema>;

/** platform.md 5 "Keyword": keywordName and keywordCategory required ('Required!'). */
export const KeywordInputSchema = z.object({
  keywordName: settingNameSchema(),
  keywordCategoryId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: MSG.required }).int().positive(MSG.required),
  ),
});
export type KeywordInput = z.input<typeof KeywordInputSchema>;
export type KeywordInputParsed = z.output<typeof KeywordInputSchema>;

/** POST /keywords and PUT /keywords/{id}: {keyword}. */
export const KeywordBodySchema = z.object({ keyword: KeywordInputSchema });
export const KeywordResultSchema = z.object({ msg: z.string(), keyword: KeywordSchema });

/** DELETE /keywords: {keywords:{ids}}. */
export const KeywordIdsBodySchema = z.object({ keywords: z.object({ ids: SettingIdsSchema }) });
export const KeywordsDeletedSchema = z.object({ msg: z.string(), deletedCount: z.number().int() });

/** platform.md 3 "Keyword category"; keywordsAssigned blocks deactivation (4.5). */
export const KeywordCategorySchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  rank: z.number().int(),
  status: ActiveStatusSchema,
  createdAt: z.string(),
  keywordsAssigned: z.boolean(),
});
export type KeywordCategory = z.infer<typeof KeywordCategorySchema>;

/** platform.md 5: name required; rank required, a number, at least 0. Creation sends no status. */
export const KeywordCategoryInputSchema = z.object({
  categoryName: settingNameSchema(),
  rank: wholeNumberSchema(0),
});
export const KeywordCategoryEditSchema = KeywordCategoryInputSchema.extend({ status: SettingStatusSchema });

/** POST /keyword-category: {keywordCategory}; PUT /keyword-category/{id} adds the status. */
export const KeywordCategoryBodySchema = z.object({ keywordCategory: KeywordCategoryInputSchema });
export const KeywordCategoryEditBodySchema = z.object({ keywordCategory: KeywordCategoryEditSchema });
export type KeywordCategoryEdit = z.output<typeof KeywordCategoryEditSchema>;
export const KeywordCategoryResultSchema = z.object({
  msg: z.string(),
  keywordCategory: KeywordCategorySchema,
});

/** PUT /keyword-category (deactivate): {keywords:{ids}}, the spec's wrapper. */
export const KeywordCategoryIdsBodySchema = z.object({ keywords: z.object({ ids: SettingIdsSchema }) });
