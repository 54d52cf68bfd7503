import type { BankOption } from '@tideline/contracts/banks/banks.schemas';
import {
  AssignableUserSchema,
  BankClientRelationshipSchema,
  ClientReportStatusSchema,
  ClientSchema,
  NumberListSchema,
  OptionListSchema,
  type AssignableUser,
  type BankClientRelationship,
  type Client,
  type ClientInput,
  type ClientReportStatus,
} from '@tideline/contracts/clients/clients.schemas';
import type { CollectionType } from '@tideline/contracts/banks/bank-lists';
import { MessageSchema } from '@tideline/contracts/common/errors';
import type {
  StartReportInput,
  StartReportResult,
} from '@tideline/contracts/data-ingestion/start-report.schemas';
import { apiRequest } from '../../lib/api-client';

// clients-accounts-investments-reports.md 7 "Clients" (/api/clients) and the bank pick list.

// Read by forms only (Start Report, Add Bank Relationship): their schemas load with the answer, not with
// the client profile every user opens, whose first load builds every schema its modules hold (issue 21).
const loadStartReportSchemas = () => import('@tideline/contracts/data-ingestion/start-report.schemas');
const loadBankSchemas = () => import('@tideline/contracts/banks/banks.schemas');

/** A write's answer: the server's msg (the success toast) and what was saved. */
export interface WriteResult<T> {
  msg?: string;
  saved: T;
}

function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

function fieldOf(answer: unknown, key: string): unknown {
  return answer && typeof answer === 'object' && key in answer
    ? (answer as Record<string, unknown>)[key]
    : undefined;
}

export async function fetchClients(): Promise<Client[]> {
  return ClientSchema.array().parse(await apiRequest('/clients/all'));
}

export async function fetchClient(clientId: number): Promise<Client> {
  return ClientSchema.parse(await apiRequest(`/clients/${clientId}`));
}

export async function fetchClientCategories(): Promise<string[]> {
  return OptionListSchema.parse(await apiRequest('/clients/categories'));
}

export async function fetchClientTypes(): Promise<string[]> {
  return OptionListSchema.parse(await apiRequest('/clients/types'));
}

export async function fetchAllowedReportFrequencies(): Promise<number[]> {
  return NumberListSchema.parse(await apiRequest('/clients/allowed-report-frequencies'));
}

export async function fetchAssignableUsers(): Promise<AssignableUser[]> {
  return AssignableUserSchema.array().parse(await apiRequest('/clients/assignable-users'));
}

export async function createClient(client: ClientInput): Promise<WriteResult<Client>> {
  const answer = await apiRequest('/clients/add', { method: 'POST', body: { client } });
  return { msg: messageOf(answer), saved: ClientSchema.parse(fieldOf(answer, 'client')) };
}

export async function updateClient(clientId: number, client: ClientInput): Promise<WriteResult<Client>> {
  const answer = await apiRequest(`/clients/${clientId}`, { method: 'PUT', body: { client } });
  return { msg: messageOf(answer), saved: ClientSchema.parse(fieldOf(answer, 'client')) };
}

/** GET /report-status/{id}: a list whose first element is the client's status (spec 3). */
export async function fetchReportStatus(clientId: number): Promise<ClientReportStatus | null> {
  const list = ClientReportStatusSchema.array().parse(await apiRequest(`/clients/report-status/${clientId}`));
  return list[0] ?? null;
}

/** POST /start-report/{id} {client}: opens the client's reporting cycle (spec 7). */
export async function startReport(clientId: number, client: StartReportInput): Promise<StartReportResult> {
  const answer = await apiRequest(`/clients/start-report/${clientId}`, { method: 'POST', body: { client } });
  const { StartReportResultSchema } = await loadStartReportSchemas();
  return StartReportResultSchema.parse(answer);
}

export async function fetchClientRelationships(clientId: number): Promise<BankClientRelationship[]> {
  return BankClientRelationshipSchema.array().parse(await apiRequest(`/clients/banks/all/${clientId}`));
}

export async function createRelationship(input: {
  clientId: number;
  bankId: number;
  collectionType?: CollectionType;
}): Promise<WriteResult<BankClientRelationship>> {
  const answer = await apiRequest('/clients/banks', { method: 'POST', body: { bankClientRel: input } });
  return {
    msg: messageOf(answer),
    saved: BankClientRelationshipSchema.parse(fieldOf(answer, 'bankClientRel')),
  };
}

export async function updateRelationship(
  bankClientRelId: number,
  bankClientRel: { status: 0 | 1; collectionType: CollectionType },
): Promise<WriteResult<BankClientRelationship>> {
  const answer = await apiRequest(`/clients/banks/${bankClientRelId}`, {
    method: 'PUT',
    body: { bankClientRel },
  });
  return {
    msg: messageOf(answer),
    saved: BankClientRelationshipSchema.parse(fieldOf(answer, 'bankClientRel')),
  };
}

/** GET /api/banks/list: the banks a relationship can be made with. */
export async function fetchBankOptions(): Promise<BankOption[]> {
  const answer = await apiRequest('/banks/list');
  const { BankOptionSchema } = await loadBankSchemas();
  return BankOptionSchema.array().parse(answer);
}
