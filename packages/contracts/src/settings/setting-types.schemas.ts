import { z } from 'zod';
import type { Permission } from '../access/permissions';
import { MSG } from '../common/messages';
import { ActiveStatusSchema } from '../common/active-status.schemas';
import {
  SettingIdsSchema,
  SettingStatusSchema,
  settingNameSchema,
  wholeNumberSchema,
} from './setting-fields';

// platform.md 2.12 "Types tables", 3, 5, 6, 7 "Administration", 8: note categories (tab 1), investment
// types (tab 2), institution types (tab 3) and quote types (tab 4) behave alike: a name unique
// regardless of case, a status, a creation date; add, edit, and deactivate one or many. Deactivated
// types stay on the records that have them and leave the choice lists.

export const SETTING_TYPE_KINDS = ['noteCategory', 'investmentType', 'institutionType', 'quoteType'] as const;
export type SettingTypeKind = (typeof SETTING_TYPE_KINDS)[number];

export interface SettingTypeDefinition {
  kind: SettingTypeKind;
  /** Under /api/administration (platform.md 7). */
  path: string;
  /** Lower case, for messages: 'note category'. */
  label: string;
  /** The spec's field names (platform.md 3) and the body wrapper of add and edit. */
  idKey: string;
  nameKey: string;
  bodyKey: string;
  /** The wrapper and field of the bulk deactivation body, as the spec writes them ({notes:{categoryIds}}). */
  idsBody: readonly [string, string];
  /** The 'required' text of the name (platform.md 5 writes 'Required' for institution types only). */
  nameRequired: string;
  /**
   * Investment types only: a `callable` flag (issue 20 point 1), so a call date is required for the
   * callable instruments alone. Optional on add and edit (left out: false on add, kept on edit).
   */
  hasCallable?: boolean;
  /** Editing needs `edit`; the spec has EDIT_ only for institution types, so the others edit with ADD_. */
  permissions: { view: Permission; add: Permission; edit: Permission; deactivate: Permission };
  msg: {
    createFailed: string;
    editFailed: string;
    deactivateFailed: string;
    created: string;
    updated: string;
    deactivated: string;
    notFound: string;
    someNotFound: string;
    duplicate: (name: string) => string;
  };
}

function successTexts(label: string, plural: string) {
  const title = label[0]!.toUpperCase() + label.slice(1);
  return {
    created: `${title} created successfully.`,
    updated: `${title} updated successfully.`,
    deactivated: `${plural[0]!.toUpperCase()}${plural.slice(1)} deactivated successfully.`,
    notFound: `${title} not found.`,
    someNotFound: `One or more of the selected ${plural} no longer exist.`,
    duplicate: (name: string) => `A ${label} named '${name}' already exists.`,
  };
}

export const SETTING_TYPES: Record<SettingTypeKind, SettingTypeDefinition> = {
  noteCategory: {
    kind: 'noteCategory',
    path: 'note-category',
    label: 'note category',
    idKey: 'noteCategoryId',
    nameKey: 'noteCategoryName',
    bodyKey: 'noteCategory',
    idsBody: ['notes', 'categoryIds'],
    nameRequired: MSG.required,
    permissions: {
      view: 'VIEW_NOTE_CATEGORIES',
      add: 'ADD_NOTE_CATEGORIES',
      edit: 'ADD_NOTE_CATEGORIES',
      deactivate: 'DEACTIVATE_NOTE_CATEGORIES',
    },
    msg: {
      createFailed: 'Failed to create/edit Note Category.',
      editFailed: 'Failed to create/edit Note Category.',
      deactivateFailed: 'Failed to deactivate note category.',
      ...successTexts('note category', 'note categories'),
    },
  },
  investmentType: {
    kind: 'investmentType',
    path: 'investment-types',
    label: 'investment type',
    idKey: 'investmentTypeId',
    nameKey: 'investmentTypeName',
    bodyKey: 'investmentType',
    idsBody: ['investmentType', 'ids'],
    nameRequired: MSG.required,
    hasCallable: true,
    permissions: {
      view: 'VIEW_INVESTMENT_TYPES',
      add: 'ADD_INVESTMENT_TYPES',
      edit: 'ADD_INVESTMENT_TYPES',
      deactivate: 'DEACTIVATE_INVESTMENT_TYPES',
    },
    msg: {
      createFailed: 'Failed to create/edit Investment Type.',
      editFailed: 'Failed to create/edit Investment Type.',
      deactivateFailed: 'Failed to deactivate investment type.',
      ...successTexts('investment type', 'investment types'),
    },
  },
  institutionType: {
    kind: 'institutionType',
    path: 'institution-types',
    label: 'institution type',
    idKey: 'institutionTypeId',
    nameKey: 'institutionTypeName',
    bodyKey: 'institutionType',
    idsBody: ['institutionType', 'ids'],
    nameRequired: 'Required',
    permissions: {
      view: 'VIEW_INSTITUTION_TYPES',
      add: 'ADD_INSTITUTION_TYPES',
      edit: 'EDIT_INSTITUTION_TYPES',
      deactivate: 'DEACTIVATE_INSTITUTION_TYPES',
    },
    msg: {
      createFailed: 'Failed to create Institution Type.',
      editFailed: 'Failed to edit Institution Type.',
      deactivateFailed: 'Failed to deactivate institution type.',
      ...successTexts('institution type', 'institution types'),
    },
  },
  quoteType: {
    kind: 'quoteType',
    path: 'quote-types',
    label: 'quote type',
    idKey: 'quoteTypeId',
    nameKey: 'quoteTypeName',
    bodyKey: 'quoteType',
    idsBody: ['quoteType', 'ids'],
    nameRequired: MSG.required,
    permissions: {
      view: 'VIEW_QUOTE_TYPES',
      add: 'ADD_QUOTE_TYPES',
      edit: 'ADD_QUOTE_TYPES',
      deactivate: 'DEACTIVATE_QUOTE_TYPES',
    },
    msg: {
      // platform.md 8: "the quote-type create error reuses 'Failed to create keyword.'" (kept to the letter).
      createFailed: 'Failed to create keyword.',
      editFailed: 'Failed to edit Quote Type.',
      deactivateFailed: 'Failed to deactivate quote type.',
      ...successTexts('quote type', 'quote types'),
    },
  },
};

/** A row as the spec names it: {quoteTypeId, quoteTypeName, status, createdAt} (investment types: callable). */
export function settingTypeRowSchema(d: SettingTypeDefinition) {
  const flags: Record<string, z.ZodBoolean> = d.hasCallable ? { callable: z.boolean() } : {};
  return z.object({
    [d.idKey]: z.number().int(),
    [d.nameKey]: z.string(),
    status: ActiveStatusSchema,
    createdAt: z.string(),
    ...flags,
  });
}

/**
 * Add sends the name only (platform.md 4.5); edit sends the name and the status (1 or 0). An investment
 * type may send its callable flag with either.
 */
export function settingTypeBodySchemas(d: SettingTypeDefinition) {
  const name = settingNameSchema(d.nameRequired);
  const flags: Record<string, z.ZodOptional<z.ZodBoolean>> = d.hasCallable
    ? { callable: z.boolean().optional() }
    : {};
  return {
    create: z.object({ [d.bodyKey]: z.object({ [d.nameKey]: name, ...flags }) }),
    edit: z.object({ [d.bodyKey]: z.object({ [d.nameKey]: name, status: SettingStatusSchema, ...flags }) }),
    deactivate: z.object({ [d.idsBody[0]]: z.object({ [d.idsBody[1]]: SettingIdsSchema }) }),
    result: z.object({ msg: z.string(), [d.bodyKey]: settingTypeRowSchema(d) }),
  };
}

/** The add/edit dialog of every types table (and of keyword categories, which add a rank). */
export function settingTypeFormSchema(nameRequired: string = MSG.required) {
  return z.object({
    name: settingNameSchema(nameRequired),
    status: SettingStatusSchema,
    callable: z.boolean().optional(),
  });
}
export type SettingTypeForm = z.output<ReturnType<typeof settingTypeFormSchema>>;

/** GET /quote-types/list (the negotiated-rate form): the active quote types as choices. */
export const SettingTypeOptionSchema = z.object({ label: z.string(), value: z.number().int() });
export type SettingTypeOption = z.infer<typeof SettingTypeOptionSchema>;

/** The Keyword Category dialog: the same fields and a rank (platform.md 5: required, a number, at least 0). */
export const KeywordCategoryFormSchema = settingTypeFormSchema().extend({ rank: wholeNumberSchema(0) });
