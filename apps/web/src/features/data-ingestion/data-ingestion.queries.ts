import { queryOptions } from '@tanstack/react-query';
import {
  fetchBatchAccounts,
  fetchBatchExtraction,
  fetchBatchSummary,
  fetchClientBatches,
  fetchOpenReports,
  fetchValidationHistory,
} from './data-ingestion.api';

// One key factory per area (style.md "Web"): everything of data ingestion sits under ['data-ingestion'].
export const ingestionKeys = {
  all: () => ['data-ingestion'] as const,
  openReports: () => [...ingestionKeys.all(), 'open-reports'] as const,
  client: (clientId: number) => [...ingestionKeys.all(), 'client', clientId] as const,
  batches: (clientId: number) => [...ingestionKeys.client(clientId), 'batches'] as const,
  summary: (clientId: number) => [...ingestionKeys.client(clientId), 'summary'] as const,
  validation: (clientId: number) => [...ingestionKeys.client(clientId), 'validation'] as const,
  batch: (batchId: number) => [...ingestionKeys.all(), 'batch', batchId] as const,
  accounts: (batchId: number) => [...ingestionKeys.batch(batchId), 'accounts'] as const,
  extraction: (batchId: number) => [...ingestionKeys.batch(batchId), 'extraction'] as const,
};

export const ingestionQueries = {
  openReports: () => queryOptions({ queryKey: ingestionKeys.openReports(), queryFn: fetchOpenReports }),
  batches: (clientId: number) =>
    queryOptions({ queryKey: ingestionKeys.batches(clientId), queryFn: () => fetchClientBatches(clientId) }),
  summary: (clientId: number) =>
    queryOptions({ queryKey: ingestionKeys.summary(clientId), queryFn: () => fetchBatchSummary(clientId) }),
  validation: (clientId: number) =>
    queryOptions({
      queryKey: ingestionKeys.validation(clientId),
      queryFn: () => fetchValidationHistory(clientId),
    }),
  accounts: (batchId: number) =>
    queryOptions({ queryKey: ingestionKeys.accounts(batchId), queryFn: () => fetchBatchAccounts(batchId) }),
  extraction: (batchId: number) =>
    queryOptions({
      queryKey: ingestionKeys.extraction(batchId),
      queryFn: () => fetchBatchExtraction(batchId),
    }),
};
