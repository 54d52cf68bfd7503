import { z } from 'zod';
import {
  ClientListRowSchema,
  ReportInProgressSchema,
  type ClientListRow,
  type ReportInProgress,
} from '@tideline/contracts/dashboard/dashboard.schemas';
import { apiRequest } from '../../lib/api-client';

// platform.md 7 "Dashboard": the My Clients and Reports In Progress widgets' calls.

export async function fetchMyClients(userId: number): Promise<ClientListRow[]> {
  return z.array(ClientListRowSchema).parse(await apiRequest(`/dashboard/users/clients/${userId}`));
}

export async function fetchReportsInProgress(userId: number): Promise<ReportInProgress[]> {
  return z.array(ReportInProgressSchema).parse(await apiRequest(`/dashboard/users/client-reports/${userId}`));
}
