import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GlobalSettingId } from '@tideline/contracts/settings/global-settings.schemas';
import type { KeywordInput } from '@tideline/contracts/settings/keywords.schemas';
import {
  createKeyword,
  deleteKeywords,
  updateGlobalSetting,
  updateKeyword,
  type SettingTypeValues,
} from './settings.api';
import { updateFirm } from './firm.api';
import { settingsQueries } from './settings.queries';
import type { TypesTableConfig } from './types-tables';

// One hook per change, each refreshing what it changed (style.md "Web").

/** Keywords change the categories' keywordsAssigned and the Transactions keyword filter. */
function useRefreshKeywords() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsQueries.keywords().queryKey }),
      queryClient.invalidateQueries({ queryKey: settingsQueries.keywordCategories().queryKey }),
      queryClient.invalidateQueries({ queryKey: ['transactions', 'keywords'] }),
    ]);
}

export function useSaveKeyword() {
  const refresh = useRefreshKeywords();
  return useMutation({
    mutationFn: ({ keywordId, keyword }: { keywordId: number | null; keyword: KeywordInput }) =>
      keywordId ? updateKeyword(keywordId, keyword) : createKeyword(keyword),
    onSuccess: refresh,
  });
}

export function useDeleteKeywords() {
  const refresh = useRefreshKeywords();
  return useMutation({ mutationFn: (ids: number[]) => deleteKeywords(ids), onSuccess: refresh });
}

function useRefreshTypes(config: TypesTableConfig) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [config.queryKey, ...config.alsoRefresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useSaveSettingType(config: TypesTableConfig) {
  const refresh = useRefreshTypes(config);
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: SettingTypeValues }) => config.save(id, values),
    onSuccess: refresh,
  });
}

export function useDeactivateSettingTypes(config: TypesTableConfig) {
  const refresh = useRefreshTypes(config);
  return useMutation({ mutationFn: (ids: number[]) => config.deactivate(ids), onSuccess: refresh });
}

export function useUpdateGlobalSetting(id: GlobalSettingId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: number) => updateGlobalSetting(id, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.globalSetting(id).queryKey }),
  });
}

/** Saves the firm's name and logo (Global Settings "Firm"); the answer is the firm as stored. */
export function useUpdateFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirm,
    onSuccess: (result) => queryClient.setQueryData(settingsQueries.firm().queryKey, result.firm),
  });
}
