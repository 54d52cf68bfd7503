import {
  BankLevelExceptionListSchema,
  ClientLevelExceptionListSchema,
  FeeCategoryListSchema,
  StagingAccountBalanceListSchema,
  StagingBalanceListSchema,
  StagingFeeListSchema,
  StagingTreasuryChangeResultSchema,
  StandardizedDescriptionListSchema,
  type BankLevelException,
  type ClientLevelException,
  type FeeCategory,
  type StagingAccountBalanceEditBody,
  type StagingAccountBalanceIdsBody,
  type StagingAccountBalanceList,
  type StagingBalanceEditBody,
  type StagingBalanceIdsBody,
  type StagingBalanceList,
  type StagingFeeEditBody,
  type StagingFeeIdsBody,
  type StagingFeeList,
  type StandardizedDescription,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { apiRequest } from '../../lib/api-client';
import type { ValidationChange } from '../../lib/staging-rows';

// ingestion-analysis.md 7 "Treasury services" (base /api/data-ingestion-treasury-services).
const BASE = '/data-ingestion-treasury-services';

export type { ValidationChange };

export async function fetchStagingFees(batchId: number): Promise<StagingFeeList> {
  return StagingFeeListSchema.parse(await apiRequest(`${BASE}/fees/staging/${batchId}`));
}

export async function fetchStagingBalances(batchId: number): Promise<StagingBalanceList> {
  return StagingBalanceListSchema.parse(await apiRequest(`${BASE}/balances/staging/${batchId}`));
}

export async function fetchStagingAccountBalances(batchId: number): Promise<StagingAccountBalanceList> {
  return StagingAccountBalanceListSchema.parse(
    await apiRequest(`${BASE}/account-balances/staging/${batchId}`),
  );
}

export async function fetchStandardizedDescriptions(): Promise<StandardizedDescription[]> {
  const answer = await apiRequest(`${BASE}/standardized-description/list`);
  return StandardizedDescriptionListSchema.parse(answer).results;
}

export async function fetchBankLevelExceptions(): Promise<BankLevelException[]> {
  return BankLevelExceptionListSchema.parse(await apiRequest(`${BASE}/bank-level-exception/list`)).results;
}

export async function fetchClientLevelExceptions(): Promise<ClientLevelException[]> {
  const answer = await apiRequest(`${BASE}/client-level-exception/list`);
  return ClientLevelExceptionListSchema.parse(answer).results;
}

export async function fetchFeeCategories(): Promise<FeeCategory[]> {
  return FeeCategoryListSchema.parse(await apiRequest(`${BASE}/fee-categories/list`)).results;
}

/** Every change answers with the server's msg. */
async function change(path: string, method: 'PUT' | 'DELETE', body: unknown): Promise<string> {
  return StagingTreasuryChangeResultSchema.parse(await apiRequest(`${BASE}${path}`, { method, body })).msg;
}

/** PUT /balances/staging: one row's standardized description and amounts. */
export const updateStagingBalance = (body: StagingBalanceEditBody) =>
  change('/balances/staging', 'PUT', body);

/** PUT /balances/staging/validate or /invalidate. */
export const changeBalanceValidation = (to: ValidationChange, body: StagingBalanceIdsBody) =>
  change(`/balances/staging/${to}`, 'PUT', body);

export const deleteStagingBalances = (body: StagingBalanceIdsBody) =>
  change('/balances/staging', 'DELETE', body);

/** PUT /fees/staging: one fee's edit, or the bulk category edit of several. */
export const updateStagingFees = (body: StagingFeeEditBody) => change('/fees/staging', 'PUT', body);

export const changeFeeValidation = (to: ValidationChange, body: StagingFeeIdsBody) =>
  change(`/fees/staging/${to}`, 'PUT', body);

export const deleteStagingFees = (body: StagingFeeIdsBody) => change('/fees/staging', 'DELETE', body);

/** PUT /account-balances/staging: one row's amounts (accountBalanceAmounts). */
export const updateStagingAccountBalance = (body: StagingAccountBalanceEditBody) =>
  change('/account-balances/staging', 'PUT', body);

export const changeAccountBalanceValidation = (to: ValidationChange, body: StagingAccountBalanceIdsBody) =>
  change(`/account-balances/staging/${to}`, 'PUT', body);
