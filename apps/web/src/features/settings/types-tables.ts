import type { Permission } from '@tideline/contracts/access/permissions';
import { MSG } from '@tideline/contracts/common/messages';
import { KEYWORD_CATEGORY_MSG } from '@tideline/contracts/settings/keywords.schemas';
import { SETTING_TYPES, type SettingTypeKind } from '@tideline/contracts/settings/setting-types.schemas';
import {
  deactivateKeywordCategories,
  deactivateSettingTypes,
  fetchKeywordCategories,
  fetchSettingTypes,
  saveKeywordCategory,
  saveSettingType,
  type SettingTypeRow,
  type SettingTypeValues,
} from './settings.api';
import { settingsQueries } from './settings.queries';

/** What the one types table needs to show and change one list (platform.md 2.12 "Types tables"). */
export interface TypesTableConfig {
  /** The table's title (platform.md 2.8 lists them). */
  title: string;
  /** In 'Add …', 'Edit …' and the name field's label. */
  noun: string;
  nameRequired: string;
  hasRank: boolean;
  /** Investment types: a Callable column and checkbox (issue 20 point 1). */
  hasCallable?: boolean;
  permissions: { add: Permission; edit: Permission; deactivate: Permission };
  msg: {
    createFailed: string;
    editFailed: string;
    deactivateFailed: string;
    created: string;
    updated: string;
    deactivated: string;
  };
  queryKey: readonly unknown[];
  fetch: () => Promise<SettingTypeRow[]>;
  save: (id: number | null, values: SettingTypeValues) => Promise<string | undefined>;
  deactivate: (ids: number[]) => Promise<string | undefined>;
  /** A reason to refuse before asking (keyword categories that still have keywords, platform.md 4.5). */
  blockDeactivation?: (rows: readonly SettingTypeRow[]) => string | null;
  /** Other lists built from this one, refreshed after a change (the choice lists). */
  alsoRefresh: readonly (readonly unknown[])[];
}

export const KEYWORD_CATEGORIES_TABLE: TypesTableConfig = {
  title: 'Manage Keyword Categories',
  noun: 'Keyword Category',
  nameRequired: MSG.required,
  hasRank: true,
  permissions: {
    add: 'ADD_KEYWORD_CATEGORIES',
    edit: 'EDIT_KEYWORD_CATEGORIES',
    deactivate: 'DEACTIVATE_KEYWORD_CATEGORIES',
  },
  msg: {
    createFailed: KEYWORD_CATEGORY_MSG.saveFailed,
    editFailed: KEYWORD_CATEGORY_MSG.saveFailed,
    deactivateFailed: KEYWORD_CATEGORY_MSG.deactivateFailed,
    created: KEYWORD_CATEGORY_MSG.created,
    updated: KEYWORD_CATEGORY_MSG.updated,
    deactivated: KEYWORD_CATEGORY_MSG.deactivated,
  },
  queryKey: settingsQueries.keywordCategories().queryKey,
  fetch: fetchKeywordCategories,
  save: saveKeywordCategory,
  deactivate: deactivateKeywordCategories,
  blockDeactivation: (rows) =>
    rows.some((r) => r.keywordsAssigned) ? KEYWORD_CATEGORY_MSG.keywordsAssigned : null,
  alsoRefresh: [],
};

function typesTable(
  kind: SettingTypeKind,
  title: string,
  noun: string,
  alsoRefresh: readonly (readonly unknown[])[],
): TypesTableConfig {
  const d = SETTING_TYPES[kind];
  return {
    title,
    noun,
    nameRequired: d.nameRequired,
    hasRank: false,
    hasCallable: d.hasCallable ?? false,
    permissions: d.permissions,
    msg: d.msg,
    queryKey: settingsQueries.types(kind).queryKey,
    fetch: () => fetchSettingTypes(kind),
    save: (id, values) => saveSettingType(kind, id, values),
    deactivate: (ids) => deactivateSettingTypes(kind, ids),
    alsoRefresh,
  };
}

// The choice lists of other areas are refreshed by their keys, so a deactivated type leaves them now.
export const NOTE_CATEGORIES_TABLE = typesTable('noteCategory', 'Manage Note Categories', 'Note Category', [
  ['notes', 'categories'],
]);
export const INVESTMENT_TYPES_TABLE = typesTable(
  'investmentType',
  'Manage Investment Types',
  'Investment Type',
  [['investments', 'types']],
);
export const INSTITUTION_TYPES_TABLE = typesTable(
  'institutionType',
  'All Institution Types',
  'Institution Type',
  [['banks', 'types']],
);
export const QUOTE_TYPES_TABLE = typesTable('quoteType', 'Manage Quote Types', 'Quote Type', [
  ['negotiated-rates', 'quote-types'],
]);
