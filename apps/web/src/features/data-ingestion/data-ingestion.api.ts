import {
  BatchAccountSchema,
  type BatchAccount,
} from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import {
  ExtractionFileSchema,
  type ExtractionFile,
} from '@tideline/contracts/data-ingestion/batch-files.schemas';
import {
  BatchSummarySchema,
  ClientBatchSchema,
  type BatchSummary,
  type ClientBatch,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import {
  OpenReportDeletedSchema,
  OpenReportRowSchema,
  type OpenReportRow,
} from '@tideline/contracts/data-ingestion/open-reports.schemas';
import {
  ValidationHistoryRowSchema,
  type ValidationHistoryRow,
} from '@tideline/contracts/data-ingestion/validation-history.schemas';
import {
  StartIngestionResultSchema,
  type StartIngestionBody,
  type StartIngestionResult,
} from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import { apiRequest } from '../../lib/api-client';

// ingestion-analysis.md 7 and clients-accounts-investments-reports.md 7 "Data ingestion" (/api/data-ingestion).

/** What Start Ingestion runs for: one relationship, the whole client, or a bank's clients. */
export type IngestionTarget =
  | { kind: 'bank'; bankClientRelId: number; name: string }
  | { kind: 'client'; clientId: number; name: string }
  | { kind: 'bank-clients'; bankId: number; name: string };

const pathOf = (target: IngestionTarget) => {
  if (target.kind === 'bank') return `bank/${target.bankClientRelId}`;
  if (target.kind === 'client') return `client/${target.clientId}`;
  return `bank-clients/${target.bankId}`;
};

/** POST /start-ingestion/{bank|client|bank-clients}/{id} {startDate, endDate, types}. */
export async function startIngestion(
  target: IngestionTarget,
  body: StartIngestionBody,
): Promise<StartIngestionResult> {
  const answer = await apiRequest(`/data-ingestion/start-ingestion/${pathOf(target)}`, {
    method: 'POST',
    body,
  });
  return StartIngestionResultSchema.parse(answer);
}

/** GET /open-reports: 'Clients with Reports in Progress', newest first. */
export async function fetchOpenReports(): Promise<OpenReportRow[]> {
  return OpenReportRowSchema.array().parse(await apiRequest('/data-ingestion/open-reports'));
}

/** DELETE /open-reports/{clientId}: the client's open report and its batches; answers the server's msg. */
export async function deleteOpenReport(clientId: number): Promise<string> {
  const answer = await apiRequest(`/data-ingestion/open-reports/${clientId}`, { method: 'DELETE' });
  return OpenReportDeletedSchema.parse(answer).msg;
}

/** GET /batches/all/{clientId}: 'Batches Ready for Files'. */
export async function fetchClientBatches(clientId: number): Promise<ClientBatch[]> {
  return ClientBatchSchema.array().parse(await apiRequest(`/data-ingestion/batches/all/${clientId}`));
}

/** GET /batches/summary/{clientId}: what the extraction poll reads every 4 seconds. */
export async function fetchBatchSummary(clientId: number): Promise<BatchSummary[]> {
  return BatchSummarySchema.array().parse(await apiRequest(`/data-ingestion/batches/summary/${clientId}`));
}

/** GET /accounts/all/{batchId}: the batch accounts (Validate Uploads). */
export async function fetchBatchAccounts(batchId: number): Promise<BatchAccount[]> {
  return BatchAccountSchema.array().parse(await apiRequest(`/data-ingestion/accounts/all/${batchId}`));
}

/** GET /extraction-status/{batchId}: the Extraction Progress list. */
export async function fetchBatchExtraction(batchId: number): Promise<ExtractionFile[]> {
  return ExtractionFileSchema.array().parse(await apiRequest(`/data-ingestion/extraction-status/${batchId}`));
}

/** GET /validation/{clientId}: 'Ingested Batches', the client's validated batches and their files. */
export async function fetchValidationHistory(clientId: number): Promise<ValidationHistoryRow[]> {
  return ValidationHistoryRowSchema.array().parse(await apiRequest(`/data-ingestion/validation/${clientId}`));
}
