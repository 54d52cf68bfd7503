import {
  CLIENT_MSG,
  type AssignableUser,
  type Client,
  type ClientInputParsed,
  type ClientOption,
  type ClientReportStatus,
} from '@tideline/contracts';
import { CLIENT_ANALYSIS_STATUS } from '@tideline/contracts/analysis/analysis.schemas';
import { statusAfterReport } from '@tideline/contracts/data-ingestion/start-report.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { clients } from '../../db/schema';
import { assertClientAccess, whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, forbidden, notFound } from '../../platform/http/app-error';
import * as q from './clients.queries';

/** The pick list of active clients, by name, limited to what the user may see. */
export function listClientOptions(db: DbOrTx, user: CurrentUser): Promise<ClientOption[]> {
  return q.selectClientOptions(db, whereClientVisible(user, clients.clientId));
}

/** Ids and names of the given clients, whatever their status; unknown ids are left out. */
export function findClientsByIds(db: DbOrTx, clientIds: readonly number[]): Promise<ClientOption[]> {
  return q.selectClientsByIds(db, [...new Set(clientIds)]);
}

type ClientRow = NonNullable<Awaited<ReturnType<typeof q.selectClientById>>>;

function toClient(row: ClientRow): Client {
  const c = row.client;
  return {
    clientId: c.clientId,
    clientName: c.clientName,
    status: c.status === 1 ? 1 : 0,
    budget: c.budget,
    clientCategory: c.clientCategory,
    clientType: c.clientType,
    state: c.state,
    initialInterest: c.initialInterest === null ? null : Number(c.initialInterest),
    dataGatheringFrequency: c.dataGatheringFrequency,
    reportFrequency: c.reportFrequency,
    reportCycle: c.reportCycle,
    assignTo: row.assignees.length ? row.assignees.map((a) => a.name) : null,
    assignees: row.assignees,
    cashVest: row.cashVest,
    last12MonthAvgBalance:
      row.last12MonthAvgBalance === null ? null : Math.round(Number(row.last12MonthAvgBalance) * 100) / 100,
    dataUntil: row.dataUntil,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const auditedFields = (c: typeof clients.$inferSelect, assignTo: readonly number[]) => ({
  clientName: c.clientName,
  status: c.status,
  budget: c.budget,
  clientCategory: c.clientCategory,
  clientType: c.clientType,
  state: c.state,
  initialInterest: c.initialInterest,
  dataGatheringFrequency: c.dataGatheringFrequency,
  reportFrequency: c.reportFrequency,
  reportCycle: c.reportCycle,
  assignTo: [...assignTo].sort((a, b) => a - b),
});

/** Every client the user may see, active and inactive, by name (GET /api/clients/all). */
export async function listClients(db: DbOrTx, user: CurrentUser): Promise<Client[]> {
  const rows = await q.selectClients(db, whereClientVisible(user, clients.clientId));
  return rows.map(toClient);
}

/** One client the user may see; otherwise 'Client not found.' (404), whether it exists or not. */
export async function findVisibleClient(db: DbOrTx, user: CurrentUser, clientId: number): Promise<Client> {
  assertClientAccess(user, clientId, CLIENT_MSG.notFound);
  const row = await q.selectClientById(db, clientId);
  if (!row) throw notFound(CLIENT_MSG.notFound);
  return toClient(row);
}

/** The same-name warning's check (platform.md 5), among the clients the user may see. */
export function clientNameExists(db: DbOrTx, user: CurrentUser, name: string, exceptId?: number) {
  return q.existsClientName(db, name, exceptId, whereClientVisible(user, clients.clientId));
}

// 'My clients' of a client-scoped user are their associated clients; only staff are assigned.
async function assertAssigneesExist(db: DbOrTx, userIds: readonly number[]) {
  const found = await q.countExistingUsers(db, userIds);
  if (found.users !== userIds.length)
    throw badRequest(CLIENT_MSG.assigneeNotFound, { assignTo: [CLIENT_MSG.assigneeNotFound] });
  if (found.staff !== userIds.length)
    throw badRequest(CLIENT_MSG.assigneeNotStaff, { assignTo: [CLIENT_MSG.assigneeNotStaff] });
}

/** The Assign To choices of the client form. */
export async function listAssignableUsers(db: DbOrTx): Promise<AssignableUser[]> {
  const rows = await q.listAssignableUsers(db);
  return rows.map((u) => ({ ...u, status: u.status === 1 ? 1 : 0 }));
}

const valuesOf = (input: ClientInputParsed) => ({
  clientName: input.clientName,
  budget: input.budget,
  clientCategory: input.clientCategory,
  clientType: input.clientType,
  state: input.state,
  initialInterest: input.initialInterest ?? null,
  dataGatheringFrequency: input.dataGatheringFrequency,
  reportFrequency: input.reportFrequency,
  reportCycle: input.reportCycle,
});

/**
 * Add Client (spec 4, 5): active unless a user who may deactivate says otherwise, with its built-in
 * 'All Accounts' group, in one transaction. Same names are allowed: the web warns and the user decides.
 * A client-scoped user could never see a client they create, so they may not create one.
 */
export async function createClient(db: Db, user: CurrentUser, input: ClientInputParsed, ctx: AuditContext) {
  if (user.isClientScoped) throw forbidden();
  if (input.status === 0 && !user.permList.includes('DEACTIVATE_CLIENTS')) throw forbidden();
  const assignTo = [...new Set(input.assignTo ?? [])];
  return db.transaction(async (tx) => {
    await assertAssigneesExist(tx, assignTo);
    const row = await q.insertClient(tx, { ...valuesOf(input), status: input.status ?? 1 });
    await q.replaceAssignees(tx, row.clientId, assignTo);
    await q.insertAllAccountsGroup(tx, row.clientId);
    await writeAudit(tx, ctx, {
      action: 'client.created',
      entity: 'client',
      entityId: row.clientId,
      after: auditedFields(row, assignTo),
    });
    return toClient((await q.selectClientById(tx, row.clientId))!);
  });
}

/**
 * Edit Client. Changing the status needs DEACTIVATE_CLIENTS. A changed report frequency never keeps
 * the old report cycle (spec 4): the request's cycle, checked against the new frequency, replaces it.
 */
export async function editClient(
  db: Db,
  user: CurrentUser,
  clientId: number,
  input: ClientInputParsed,
  ctx: AuditContext,
) {
  assertClientAccess(user, clientId, CLIENT_MSG.notFound);
  return db.transaction(async (tx) => {
    const before = await q.lockClient(tx, clientId);
    if (!before) throw notFound(CLIENT_MSG.notFound);
    const beforeAssignees = (await q.selectClientById(tx, clientId))!.assignees.map((a) => a.userId);
    const status = input.status ?? before.status;
    if (status !== before.status && !user.permList.includes('DEACTIVATE_CLIENTS')) throw forbidden();
    // Assignees are kept when the form does not send the field at all.
    const assignTo = input.assignTo === undefined ? beforeAssignees : [...new Set(input.assignTo ?? [])];
    await assertAssigneesExist(tx, assignTo);
    // The stored cycle is replaced, never merged: after a frequency change only the new cycle counts.
    const after = await q.updateClient(tx, clientId, { ...valuesOf(input), status });
    await q.replaceAssignees(tx, clientId, assignTo);
    await writeAudit(tx, ctx, {
      action: 'client.updated',
      entity: 'client',
      entityId: clientId,
      before: auditedFields(before, beforeAssignees),
      after: auditedFields(after, assignTo),
    });
    return toClient((await q.selectClientById(tx, clientId))!);
  });
}

/** ingestion.md "Reporting cycle": an analysis of the cycle was run and Complete Analysis not yet done. */
const isInAnalysis = (open: { analysisStatus: string; analysisCompletedAt: Date | null }) =>
  open.analysisStatus === 'In Progress' && open.analysisCompletedAt === null;

/**
 * Spec 3 "Client report status" (a list; the first element counts): the client's open report, if
 * any, with its open batches. Without one, a client whose last cycle was completed by its report reads
 * 'Reported' until its next period has ended, then 'Report Due'; lastReportDate is the end of the last
 * reported period.
 */
export async function reportStatusOf(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<ClientReportStatus[]> {
  const client = await findVisibleClient(db, user, clientId);
  const open = await q.selectOpenReport(db, clientId);
  const lastReportDate = await q.selectLastReportDate(db, clientId);
  const today = new Date().toISOString().slice(0, 10);
  const closedStatus =
    lastReportDate === null ? null : statusAfterReport(lastReportDate, client.reportFrequency, today);
  return [
    {
      reportStatus: open ? (isInAnalysis(open) ? CLIENT_ANALYSIS_STATUS : 'Reporting') : closedStatus,
      lastReportDate,
      openBatchCount: open?.batchCount ?? 0,
      reportStartDate: open?.startDate ?? null,
      reportEndDate: open?.endDate ?? null,
      reportDueDate: open?.dueDate ?? null,
      ingestionStatus: open?.ingestionStatus ?? 'Not Started',
      analysisOpenReportId: open?.openReportId ?? null,
    },
  ];
}
