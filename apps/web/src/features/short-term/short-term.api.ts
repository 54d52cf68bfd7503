import { AccountGroupSchema, type AccountGroup } from '@tideline/contracts/accounts/account-groups.schemas';
import {
  ShortTermDownloadSchema,
  ShortTermMessageSchema,
  ShortTermRunStartedSchema,
  type ShortTermDownload,
  type ShortTermRunStarted,
  type ShortTermStep1Input,
} from '@tideline/contracts/short-term/short-term.schemas';
import {
  CashPositionForecastSchema,
  DayToDayVarianceSchema,
  ShortTermForecastSchema,
  ShortTermModelOptionSchema,
  ShortTermModelRowSchema,
  ShortTermStep2RowSchema,
  type CashPositionForecast,
  type DayToDayVariance,
  type ShortTermForecast,
  type ShortTermModelOption,
  type ShortTermModelRow,
  type ShortTermStep2Row,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { apiRequest } from '../../lib/api-client';

// ingestion-analysis.md 7 "Analysis", the short-term calls (/api/analytics/short-term), and the
// summary widgets of clients-accounts-investments-reports.md 7 (/api/clients).

const BASE = '/analytics/short-term';
const modelQuery = (shortTermModelId?: number) =>
  shortTermModelId === undefined ? '' : `?shortTermModelId=${shortTermModelId}`;

export async function fetchStep1Rows(clientId: number): Promise<ShortTermModelRow[]> {
  return ShortTermModelRowSchema.array().parse(await apiRequest(`${BASE}/step-1/${clientId}`));
}

export async function fetchStep2Rows(clientId: number): Promise<ShortTermStep2Row[]> {
  return ShortTermStep2RowSchema.array().parse(await apiRequest(`${BASE}/step-2/${clientId}`));
}

/** GET short-term/list: the models whose step 1 is ready (the step 2 dialog's choices). */
export async function fetchModelOptions(clientId: number): Promise<ShortTermModelOption[]> {
  return ShortTermModelOptionSchema.array().parse(await apiRequest(`${BASE}/list?clientId=${clientId}`));
}

/** GET /api/accounts/groups/all/{clientId}: the groups with their minDate (spec 3 "Account group"). */
export async function fetchAccountGroups(clientId: number): Promise<AccountGroup[]> {
  return AccountGroupSchema.array().parse(await apiRequest(`/accounts/groups/all/${clientId}`));
}

export async function runStep1(shortTerm: ShortTermStep1Input): Promise<ShortTermRunStarted> {
  return ShortTermRunStartedSchema.parse(
    await apiRequest(`${BASE}/step-1/run`, { method: 'POST', body: { shortTerm } }),
  );
}

export async function runStep2(shortTermModelId: number, modelName: string): Promise<ShortTermRunStarted> {
  return ShortTermRunStartedSchema.parse(
    await apiRequest(`${BASE}/step-2/run/${shortTermModelId}`, {
      method: 'PUT',
      body: { shortTerm: { modelName } },
    }),
  );
}

/** DELETE short-term/step-{1|2}/remove/{id}: answers the server's msg. */
export async function removeModel(step: 1 | 2, shortTermModelId: number): Promise<string> {
  return ShortTermMessageSchema.parse(
    await apiRequest(`${BASE}/step-${step}/remove/${shortTermModelId}`, { method: 'DELETE' }),
  ).msg;
}

export async function fetchForecast(groupId: number, shortTermModelId?: number): Promise<ShortTermForecast> {
  return ShortTermForecastSchema.parse(
    await apiRequest(`${BASE}/forecast/${groupId}${modelQuery(shortTermModelId)}`),
  );
}

export async function fetchDayToDayVariance(
  groupId: number,
  shortTermModelId?: number,
): Promise<DayToDayVariance> {
  return DayToDayVarianceSchema.parse(
    await apiRequest(`${BASE}/day-to-day-variance/${groupId}${modelQuery(shortTermModelId)}`),
  );
}

export async function fetchCashPositionForecast(
  clientId: number,
  groupId: number,
  shortTermModelId?: number,
): Promise<CashPositionForecast> {
  return CashPositionForecastSchema.parse(
    await apiRequest(`${BASE}/cash-position-forecast/${clientId}/${groupId}${modelQuery(shortTermModelId)}`),
  );
}

/** GET short-term/download/{clientId}/{fileUrl}: a short-lived signed link to the PDF. */
export async function fetchPdfLink(clientId: number, fileUrl: string): Promise<ShortTermDownload> {
  return ShortTermDownloadSchema.parse(
    await apiRequest(`${BASE}/download/${clientId}/${encodeURIComponent(fileUrl)}`),
  );
}

/** GET /api/clients/day-to-day-variance/{id}: the client's latest step 2. */
export async function fetchClientDayToDayVariance(clientId: number): Promise<DayToDayVariance> {
  return DayToDayVarianceSchema.parse(await apiRequest(`/clients/day-to-day-variance/${clientId}`));
}

/** GET /api/clients/short-term-forecast/{id}?weeks=N: Short Term Modeling/Forecast rows. */
export async function fetchClientShortTermForecast(
  clientId: number,
  weeks: number,
): Promise<CashPositionForecast> {
  return CashPositionForecastSchema.parse(
    await apiRequest(`/clients/short-term-forecast/${clientId}?weeks=${weeks}`),
  );
}

/** GET /api/clients/short-term/{id}/{weeks}: the Short-Term Cash Position Forecast chart's weeks. */
export async function fetchClientCashPosition(
  clientId: number,
  weeks: number,
): Promise<CashPositionForecast> {
  return CashPositionForecastSchema.parse(await apiRequest(`/clients/short-term/${clientId}/${weeks}`));
}
