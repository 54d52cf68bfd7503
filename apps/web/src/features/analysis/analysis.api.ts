import {
  AnalysisOpenReportRowSchema,
  CompleteAnalysisResultSchema,
  type AnalysisOpenReportRow,
  type CompleteAnalysisResult,
} from '@tideline/contracts/analysis/analysis.schemas';
import { ClientSchema, type Client } from '@tideline/contracts/clients/clients.schemas';
import { apiRequest } from '../../lib/api-client';

/** GET /api/analytics/open-reports: 'Clients with Open Reports'. */
export async function fetchAnalysisOpenReports(): Promise<AnalysisOpenReportRow[]> {
  return AnalysisOpenReportRowSchema.array().parse(await apiRequest('/analytics/open-reports'));
}

/** PUT /api/analytics/complete-analysis/{clientId}. */
export async function completeAnalysis(clientId: number): Promise<CompleteAnalysisResult> {
  return CompleteAnalysisResultSchema.parse(
    await apiRequest(`/analytics/complete-analysis/${clientId}`, { method: 'PUT' }),
  );
}

/** GET /api/clients/{id}: the name in 'Analysis: {client name}'. */
export async function fetchAnalysisClient(clientId: number): Promise<Client> {
  return ClientSchema.parse(await apiRequest(`/clients/${clientId}`));
}

/** GET /api/clients/all: the clients an analysis may be opened for. */
export async function fetchAnalysisClients(): Promise<Client[]> {
  return ClientSchema.array().parse(await apiRequest('/clients/all'));
}
