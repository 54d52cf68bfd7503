import { GroupOptionSchema, type GroupOption } from '@tideline/contracts/accounts/account-groups.schemas';
import {
  LiquidityLevelsSavedSchema,
  LiquidityLevelsSchema,
  type LiquidityDateRange,
  type LiquidityLevels,
  type LiquidityLevelsBody,
  type LiquidityLevelsSaved,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import {
  DurationCapabilityGraphSchema,
  MonteCarloResultsSchema,
  MonteCarloTotalBalanceSchema,
  type DurationCapabilityGraph,
  type MonteCarloResults,
  type MonteCarloTotalBalance,
} from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import {
  AssetsWidgetSchema,
  LiquidityLevelsWidgetSchema,
  type AssetsWidget,
  type LiquidityLevelsWidget,
} from '@tideline/contracts/monte-carlo/monte-carlo-widgets.schemas';
import {
  MonteCarloMessageSchema,
  MonteCarloRunSchema,
  MonteCarloRunStartedSchema,
  MonteCarloValidationSchema,
  type MonteCarloRun,
  type MonteCarloRunInput,
  type MonteCarloRunStarted,
  type MonteCarloValidation,
} from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { apiRequest } from '../../lib/api-client';

// ingestion-analysis.md 7 "Analysis", the Monte Carlo calls (/api/analytics/monte-carlo), and the
// summary widgets of clients-accounts-investments-reports.md 7.

const BASE = '/analytics/monte-carlo';

/** GET monte-carlo/{clientId}: the history, newest first. */
export async function fetchMonteCarloRuns(clientId: number): Promise<MonteCarloRun[]> {
  return MonteCarloRunSchema.array().parse(await apiRequest(`${BASE}/${clientId}`));
}

/** GET monte-carlo/validate/{groupId}: whether the run button may be pressed, and why not. */
export async function validateMonteCarloRun(
  groupId: number,
  endDate: string,
  numberOfYears: number,
): Promise<MonteCarloValidation> {
  const query = new URLSearchParams({ endDate, numberOfYears: String(numberOfYears) });
  return MonteCarloValidationSchema.parse(await apiRequest(`${BASE}/validate/${groupId}?${query}`));
}

/** POST monte-carlo/run, body {monteCarlo}. */
export async function runMonteCarlo(monteCarlo: MonteCarloRunInput): Promise<MonteCarloRunStarted> {
  return MonteCarloRunStartedSchema.parse(
    await apiRequest(`${BASE}/run`, { method: 'POST', body: { monteCarlo } }),
  );
}

/** DELETE monte-carlo/remove/{id}: answers the server's msg. */
export async function deleteMonteCarlo(monteCarloId: number): Promise<string> {
  return MonteCarloMessageSchema.parse(
    await apiRequest(`${BASE}/remove/${monteCarloId}`, { method: 'DELETE' }),
  ).msg;
}

export async function fetchMonteCarloResults(monteCarloId: number): Promise<MonteCarloResults> {
  return MonteCarloResultsSchema.parse(await apiRequest(`${BASE}/results/${monteCarloId}`));
}

export async function fetchTotalBalance(monteCarloId: number): Promise<MonteCarloTotalBalance> {
  return MonteCarloTotalBalanceSchema.parse(await apiRequest(`${BASE}/total-balance/${monteCarloId}`));
}

export async function fetchCapabilityGraph(monteCarloId: number): Promise<DurationCapabilityGraph> {
  return DurationCapabilityGraphSchema.parse(
    await apiRequest(`${BASE}/duration-capability-cushion-graph/${monteCarloId}`),
  );
}

/** GET liquidity-levels/get/current/{id}: the run's effective levels. */
export async function fetchCurrentLevels(monteCarloId: number): Promise<LiquidityLevels> {
  return LiquidityLevelsSchema.parse(
    await apiRequest(`${BASE}/liquidity-levels/get/current/${monteCarloId}`),
  );
}

/** GET liquidity-levels/get/default/{id}?dateRange=: Restore Defaults. */
export async function fetchDefaultLevels(
  monteCarloId: number,
  dateRange: LiquidityDateRange,
): Promise<LiquidityLevels> {
  return LiquidityLevelsSchema.parse(
    await apiRequest(`${BASE}/liquidity-levels/get/default/${monteCarloId}?dateRange=${dateRange}`),
  );
}

/** PUT liquidity-levels/{accountGroupId}, body {monteCarlo}. */
export async function saveLiquidityLevels(
  accountGroupId: number,
  monteCarlo: LiquidityLevelsBody['monteCarlo'],
): Promise<LiquidityLevelsSaved> {
  return LiquidityLevelsSavedSchema.parse(
    await apiRequest(`${BASE}/liquidity-levels/${accountGroupId}`, { method: 'PUT', body: { monteCarlo } }),
  );
}

/** GET /api/accounts/groups/list/{clientId}: the Settings dialog's account groups. */
export async function fetchGroupOptions(clientId: number): Promise<GroupOption[]> {
  return GroupOptionSchema.array().parse(await apiRequest(`/accounts/groups/list/${clientId}`));
}

/** GET /api/clients/assets-widget/{clientId}. */
export async function fetchAssetsWidget(clientId: number): Promise<AssetsWidget> {
  return AssetsWidgetSchema.parse(await apiRequest(`/clients/assets-widget/${clientId}`));
}

/** GET /api/investments/liquidity-levels-widget/{clientId}/{groupId}. */
export async function fetchInvestedByLevel(
  clientId: number,
  groupId: number,
): Promise<LiquidityLevelsWidget> {
  return LiquidityLevelsWidgetSchema.parse(
    await apiRequest(`/investments/liquidity-levels-widget/${clientId}/${groupId}`),
  );
}
