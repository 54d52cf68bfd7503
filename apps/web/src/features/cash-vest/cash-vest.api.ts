import { GroupOptionSchema, type GroupOption } from '@tideline/contracts/accounts/account-groups.schemas';
import {
  CashVestHistoryRowSchema,
  CashVestResultSchema,
  CashVestSubScoresSchema,
  type CashVestHistoryRow,
  type CashVestInput,
  type CashVestResult,
  type CashVestSubScores,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import {
  CashVestSuggestionSchema,
  type CashVestSuggestion,
  type CashVestSuggestionQuery,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import {
  CashVestWidgetSchema,
  InterestRateComparisonWidgetSchema,
  type CashVestSeriesPoint,
  type InterestRateComparisonWidget,
} from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import { apiRequest } from '../../lib/api-client';

// ingestion-analysis.md 7 "Analysis" (cash-vest under /api/analytics) and the client summary widgets of
// clients-accounts-investments-reports.md 7 (/api/clients).

/** GET cash-vest/{clientId}: the history, newest first. */
export async function listCashVest(clientId: number): Promise<CashVestHistoryRow[]> {
  return CashVestHistoryRowSchema.array().parse(await apiRequest(`/analytics/cash-vest/${clientId}`));
}

/** GET cash-vest/sub-scores/{cashVestId}. */
export async function fetchSubScores(cashVestId: number): Promise<CashVestSubScores> {
  return CashVestSubScoresSchema.parse(await apiRequest(`/analytics/cash-vest/sub-scores/${cashVestId}`));
}

/** GET cash-vest/suggestion/{cashVestId} (ours): the wizard's prefill with the inputs behind it. */
export async function fetchSuggestion(
  cashVestId: number,
  query: CashVestSuggestionQuery,
): Promise<CashVestSuggestion> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return CashVestSuggestionSchema.parse(
    await apiRequest(`/analytics/cash-vest/suggestion/${cashVestId}${search ? `?${search}` : ''}`),
  );
}

/** POST cash-vest/{clientId} (ours): 'New cashVest Score'. */
export async function createCashVest(clientId: number): Promise<CashVestResult> {
  return CashVestResultSchema.parse(await apiRequest(`/analytics/cash-vest/${clientId}`, { method: 'POST' }));
}

/** PUT cash-vest/update/{cashVestId}, body {cashVest}. */
export async function updateCashVest(cashVestId: number, cashVest: CashVestInput): Promise<CashVestResult> {
  return CashVestResultSchema.parse(
    await apiRequest(`/analytics/cash-vest/update/${cashVestId}`, { method: 'PUT', body: { cashVest } }),
  );
}

/** GET /api/accounts/groups/list/{clientId}: the groups the suggestion may read. */
export async function fetchGroupOptions(clientId: number): Promise<GroupOption[]> {
  return GroupOptionSchema.array().parse(await apiRequest(`/accounts/groups/list/${clientId}`));
}

/** GET /api/clients/cash-vest/widget/{id}: the cashVest Score series. */
export async function fetchCashVestSeries(clientId: number): Promise<CashVestSeriesPoint[]> {
  return CashVestWidgetSchema.parse(await apiRequest(`/clients/cash-vest/widget/${clientId}`));
}

/** GET /api/clients/interest-rate-comparison-widget/{id}. */
export async function fetchInterestRateComparison(clientId: number): Promise<InterestRateComparisonWidget> {
  return InterestRateComparisonWidgetSchema.parse(
    await apiRequest(`/clients/interest-rate-comparison-widget/${clientId}`),
  );
}
