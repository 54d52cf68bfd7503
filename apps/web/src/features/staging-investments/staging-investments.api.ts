import {
  InvestmentTypeOptionSchema,
  type InvestmentTypeOption,
} from '@tideline/contracts/investments/investments.schemas';
import type { PagedList, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import {
  StagingInvestmentChangeResultSchema,
  StagingInvestmentPageSchema,
  StagingInvestmentResultSchema,
  type StagingInvestment,
  type StagingInvestmentInput,
  type StagingInvestmentValidationBody,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import { apiRequest } from '../../lib/api-client';
import type { ValidationChange } from '../../lib/staging-rows';

// ingestion-analysis.md 7 "Staging investments" (/api/investments/staging).

/** POST /all/{batchAccountId}: one page of the batch account's staged investments. */
export async function listStagingInvestments(
  batchAccountId: number,
  request: PagedListRequest,
): Promise<PagedList<StagingInvestment>> {
  const answer = await apiRequest(`/investments/staging/all/${batchAccountId}`, {
    method: 'POST',
    body: request,
  });
  return StagingInvestmentPageSchema.parse(answer);
}

/** GET /api/investments/types/list: the active investment types (label and value). */
export async function fetchInvestmentTypeOptions(): Promise<InvestmentTypeOption[]> {
  return InvestmentTypeOptionSchema.array().parse(await apiRequest('/investments/types/list'));
}

/** PUT /{id}: the row's fields; answers with the server's msg. */
export async function updateStagingInvestment(
  id: number,
  investment: StagingInvestmentInput,
): Promise<string> {
  const answer = await apiRequest(`/investments/staging/${id}`, { method: 'PUT', body: { investment } });
  return StagingInvestmentResultSchema.parse(answer).msg;
}

/** PUT /validate or /invalidate: rows of one batch account. */
export async function changeStagingInvestmentValidation(
  change: ValidationChange,
  body: StagingInvestmentValidationBody,
): Promise<string> {
  const answer = await apiRequest(`/investments/staging/${change}`, { method: 'PUT', body });
  return StagingInvestmentChangeResultSchema.parse(answer).msg;
}

/** DELETE /: the investment body {investment: {stagingInvestmentIds}}. */
export async function deleteStagingInvestments(ids: number[]): Promise<string> {
  const answer = await apiRequest('/investments/staging', {
    method: 'DELETE',
    body: { investment: { stagingInvestmentIds: ids } },
  });
  return StagingInvestmentChangeResultSchema.parse(answer).msg;
}
