import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CashVestSuggestionQuery } from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import {
  fetchCashVestSeries,
  fetchGroupOptions,
  fetchInterestRateComparison,
  fetchSubScores,
  fetchSuggestion,
  listCashVest,
} from './cash-vest.api';

// One key factory per area (style.md "Web"): everything cashVest sits under ['cash-vest'].
export const cashVestKeys = {
  all: () => ['cash-vest'] as const,
  history: (clientId: number) => [...cashVestKeys.all(), 'history', clientId] as const,
  subScores: (cashVestId: number) => [...cashVestKeys.all(), 'sub-scores', cashVestId] as const,
  suggestions: (cashVestId: number) => [...cashVestKeys.all(), 'suggestion', cashVestId] as const,
  series: (clientId: number) => [...cashVestKeys.all(), 'series', clientId] as const,
};

export const cashVestQueries = {
  history: (clientId: number) =>
    queryOptions({ queryKey: cashVestKeys.history(clientId), queryFn: () => listCashVest(clientId) }),
  subScores: (cashVestId: number) =>
    queryOptions({ queryKey: cashVestKeys.subScores(cashVestId), queryFn: () => fetchSubScores(cashVestId) }),
  suggestion: (cashVestId: number, query: CashVestSuggestionQuery) =>
    queryOptions({
      queryKey: [...cashVestKeys.suggestions(cashVestId), query] as const,
      queryFn: () => fetchSuggestion(cashVestId, query),
      // A new date or tick keeps the last suggestion on screen until the next one arrives.
      placeholderData: keepPreviousData,
      retry: false,
    }),
  groups: (clientId: number) =>
    queryOptions({
      queryKey: ['accounts', 'groups', 'options', clientId] as const,
      queryFn: () => fetchGroupOptions(clientId),
      staleTime: 60_000,
    }),
  series: (clientId: number) =>
    queryOptions({ queryKey: cashVestKeys.series(clientId), queryFn: () => fetchCashVestSeries(clientId) }),
  rateComparison: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'interest-rate-comparison', clientId] as const,
      queryFn: () => fetchInterestRateComparison(clientId),
    }),
};
