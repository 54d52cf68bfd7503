import {
  GlobalSettingSchema,
  type GlobalSetting,
  type GlobalSettingId,
} from '@tideline/contracts/settings/global-settings.schemas';
import {
  KeywordCategorySchema,
  KeywordSchema,
  type Keyword,
  type KeywordCategory,
  type KeywordInput,
} from '@tideline/contracts/settings/keywords.schemas';
import {
  SETTING_TYPES,
  settingTypeRowSchema,
  type SettingTypeKind,
} from '@tideline/contracts/settings/setting-types.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import { apiRequest } from '../../lib/api-client';

// platform.md 7 "Administration" (/api/administration): Global Settings tabs 0-4.

/** A row of any types table, whatever the spec calls its id and name (keyword categories add a rank). */
export interface SettingTypeRow {
  id: number;
  name: string;
  status: 0 | 1;
  createdAt: string;
  rank?: number;
  keywordsAssigned?: boolean;
  /** Investment types: whether the instrument is callable (it then needs a call date). */
  callable?: boolean;
}

/** The name, and on edit the status (and a keyword category's rank), as the dialog collects them. */
export interface SettingTypeValues {
  name: string;
  status?: 0 | 1;
  rank?: number;
  callable?: boolean;
}

const msgOf = (answer: unknown) => {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
};

export async function fetchKeywords(): Promise<Keyword[]> {
  return KeywordSchema.array().parse(await apiRequest('/administration/keywords'));
}

export async function createKeyword(keyword: KeywordInput) {
  return msgOf(await apiRequest('/administration/keywords', { method: 'POST', body: { keyword } }));
}

export async function updateKeyword(keywordId: number, keyword: KeywordInput) {
  return msgOf(
    await apiRequest(`/administration/keywords/${keywordId}`, { method: 'PUT', body: { keyword } }),
  );
}

export async function deleteKeywords(ids: number[]) {
  return msgOf(
    await apiRequest('/administration/keywords', { method: 'DELETE', body: { keywords: { ids } } }),
  );
}

const categoryRow = (c: KeywordCategory): SettingTypeRow => ({
  id: c.categoryId,
  name: c.categoryName,
  status: c.status,
  createdAt: c.createdAt,
  rank: c.rank,
  keywordsAssigned: c.keywordsAssigned,
});

export async function fetchKeywordCategories(): Promise<SettingTypeRow[]> {
  return KeywordCategorySchema.array()
    .parse(await apiRequest('/administration/keyword-category'))
    .map(categoryRow);
}

export async function saveKeywordCategory(id: number | null, values: SettingTypeValues) {
  const keywordCategory = {
    categoryName: values.name,
    rank: values.rank,
    ...(id ? { status: values.status } : {}),
  };
  const path = id ? `/administration/keyword-category/${id}` : '/administration/keyword-category';
  return msgOf(await apiRequest(path, { method: id ? 'PUT' : 'POST', body: { keywordCategory } }));
}

/** The spec's deactivation body for categories is {keywords:{ids}}. */
export async function deactivateKeywordCategories(ids: number[]) {
  return msgOf(
    await apiRequest('/administration/keyword-category', { method: 'PUT', body: { keywords: { ids } } }),
  );
}

export async function fetchSettingTypes(kind: SettingTypeKind): Promise<SettingTypeRow[]> {
  const d = SETTING_TYPES[kind];
  const rows = settingTypeRowSchema(d)
    .array()
    .parse(await apiRequest(`/administration/${d.path}`));
  return rows.map((r) => ({
    id: r[d.idKey] as number,
    name: r[d.nameKey] as string,
    status: r.status as 0 | 1,
    createdAt: r.createdAt as string,
    ...(d.hasCallable ? { callable: r.callable as boolean } : {}),
  }));
}

/**
 * Add sends the name only; edit sends the name and the status (platform.md 4.5). An investment type
 * sends its callable flag with both.
 */
export async function saveSettingType(kind: SettingTypeKind, id: number | null, values: SettingTypeValues) {
  const d = SETTING_TYPES[kind];
  const fields = {
    [d.nameKey]: values.name,
    ...(id ? { status: values.status } : {}),
    ...(d.hasCallable ? { callable: values.callable ?? false } : {}),
  };
  const path = id ? `/administration/${d.path}/${id}` : `/administration/${d.path}`;
  return msgOf(await apiRequest(path, { method: id ? 'PUT' : 'POST', body: { [d.bodyKey]: fields } }));
}

export async function deactivateSettingTypes(kind: SettingTypeKind, ids: number[]) {
  const d = SETTING_TYPES[kind];
  const [wrapper, field] = d.idsBody;
  return msgOf(
    await apiRequest(`/administration/${d.path}`, { method: 'PUT', body: { [wrapper]: { [field]: ids } } }),
  );
}

export async function fetchGlobalSetting(id: GlobalSettingId): Promise<GlobalSetting> {
  return GlobalSettingSchema.parse(await apiRequest(`/administration/global-setting/${id}`));
}

export async function updateGlobalSetting(id: GlobalSettingId, value: number) {
  return msgOf(
    await apiRequest(`/administration/global-setting/${id}`, {
      method: 'PUT',
      body: { globalSetting: { value } },
    }),
  );
}
