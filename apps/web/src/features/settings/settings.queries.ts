import { queryOptions } from '@tanstack/react-query';
import type { GlobalSettingId } from '@tideline/contracts/settings/global-settings.schemas';
import type { SettingTypeKind } from '@tideline/contracts/settings/setting-types.schemas';
import { fetchGlobalSetting, fetchKeywordCategories, fetchKeywords, fetchSettingTypes } from './settings.api';
import { fetchFirm } from './firm.api';
import { fetchTreasuryLists } from './treasury-lists.api';

// One key factory for the Global Settings area (style.md "Web").
export const settingsQueries = {
  all: () => ['settings'] as const,
  keywords: () => queryOptions({ queryKey: ['settings', 'keywords'] as const, queryFn: fetchKeywords }),
  keywordCategories: () =>
    queryOptions({ queryKey: ['settings', 'keyword-categories'] as const, queryFn: fetchKeywordCategories }),
  types: (kind: SettingTypeKind) =>
    queryOptions({ queryKey: ['settings', 'types', kind] as const, queryFn: () => fetchSettingTypes(kind) }),
  globalSetting: (id: GlobalSettingId) =>
    queryOptions({
      queryKey: ['settings', 'global-setting', id] as const,
      queryFn: () => fetchGlobalSetting(id),
    }),
  firm: () => queryOptions({ queryKey: ['settings', 'firm'] as const, queryFn: fetchFirm }),
  treasuryLists: () =>
    queryOptions({ queryKey: ['settings', 'treasury-lists'] as const, queryFn: fetchTreasuryLists }),
};
