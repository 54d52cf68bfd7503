import { ClientOptionSchema, type ClientOption } from '@tideline/contracts/clients/clients.schemas';
import {
  ClientExceptionCountsSchema,
  DetectExceptionsResultSchema,
  ExceptionAssigneesSchema,
  ExceptionHistorySchema,
  ExceptionListSchema,
  ExceptionSchema,
  type AssignExceptionBody,
  type ClientExceptionCount,
  type ExceptionDueDateBody,
  type ExceptionEvent,
  type ExceptionItem,
  type ExceptionList,
  type ResolveExceptionBody,
  type SnoozeExceptionBody,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { UserOptionSchema, type UserOption } from '@tideline/contracts/users/users.schemas';
import { apiRequest } from '../../lib/api-client';

// The exception queue of issue 43 (ours): /api/exceptions, VIEW_EXCEPTIONS to read, EDIT_EXCEPTIONS to act.

/** POST /api/exceptions/list: one page of the queue, through the shared paged-list body. */
export async function fetchExceptionPage(request: PagedListRequest): Promise<ExceptionList> {
  return ExceptionListSchema.parse(await apiRequest('/exceptions/list', { method: 'POST', body: request }));
}

/** GET /api/exceptions/mine: the signed-in user's open exceptions (the dashboard widget). */
export async function fetchMyExceptions(): Promise<ExceptionItem[]> {
  return ExceptionSchema.array().parse(await apiRequest('/exceptions/mine'));
}

/** GET /api/exceptions/counts: open and snoozed exceptions per client, for the badges. */
export async function fetchExceptionCounts(): Promise<ClientExceptionCount[]> {
  return ClientExceptionCountsSchema.parse(await apiRequest('/exceptions/counts'));
}

/** GET /api/exceptions/assignees/{clientId}: who may own the client's exceptions. */
export async function fetchAssignees(clientId: number) {
  return ExceptionAssigneesSchema.parse(await apiRequest(`/exceptions/assignees/${clientId}`));
}

/** GET /api/exceptions/{id}/history: the exception's changes, oldest first. */
export async function fetchExceptionHistory(exceptionId: number): Promise<ExceptionEvent[]> {
  return ExceptionHistorySchema.parse(await apiRequest(`/exceptions/${exceptionId}/history`));
}

/** POST /api/exceptions/detect: look again now (every client the user sees for null); answers the job. */
export async function startDetection(clientId: number | null): Promise<string> {
  const answer = await apiRequest('/exceptions/detect', { method: 'POST', body: { clientId } });
  return DetectExceptionsResultSchema.parse(answer).jobId;
}

async function putException(exceptionId: number, action: string, body?: unknown): Promise<ExceptionItem> {
  const answer = await apiRequest(`/exceptions/${exceptionId}/${action}`, {
    method: 'PUT',
    body: body ?? {},
  });
  return ExceptionSchema.parse(answer);
}

export const assignException = (exceptionId: number, body: AssignExceptionBody) =>
  putException(exceptionId, 'assignee', body);
export const setExceptionDueDate = (exceptionId: number, body: ExceptionDueDateBody) =>
  putException(exceptionId, 'due-date', body);
export const snoozeException = (exceptionId: number, body: SnoozeExceptionBody) =>
  putException(exceptionId, 'snooze', body);
export const resolveException = (exceptionId: number, body: ResolveExceptionBody) =>
  putException(exceptionId, 'resolve', body);
export const reopenException = (exceptionId: number) => putException(exceptionId, 'reopen');

/** The client filter's choices (GET /api/clients/list, the shared pick list; needs VIEW_CLIENTS). */
export async function fetchClientOptions(): Promise<ClientOption[]> {
  return ClientOptionSchema.array().parse(await apiRequest('/clients/list'));
}

/** The owner filter's choices (GET /api/users/list; needs VIEW_USERS, VIEW_NOTES or ADD_NOTES). */
export async function fetchUserOptions(): Promise<UserOption[]> {
  return UserOptionSchema.array().parse(await apiRequest('/users/list'));
}
