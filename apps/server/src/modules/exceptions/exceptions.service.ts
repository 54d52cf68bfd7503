import {
  EXCEPTION_MSG,
  type AssignExceptionBody,
  type ClientExceptionCount,
  type ExceptionDueDateBody,
  type ExceptionEvent,
  type ExceptionItem,
  type ExceptionList,
  type ResolveExceptionBody,
  type SnoozeExceptionBody,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import type { PagedListQuery } from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import { exceptionItems } from '../../db/schema';
import { canAccessClient, whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { fetchPagedList } from '../../platform/paging/paged-list';
import { describeExceptionEvent } from './describe-exception-event';
import {
  countExceptionRows,
  exceptionList,
  selectAssignedOpen,
  selectClientCounts,
  selectExceptionAudit,
  selectExceptionById,
  selectExceptionPage,
  selectPossibleAssignees,
  updateException,
  type ExceptionUpdate,
} from './exceptions.queries';

/** How many of the user's exceptions the My Exceptions widget holds (it pages them 5 at a time). */
const MY_EXCEPTIONS_LIMIT = 200;

const visible = (user: CurrentUser) => whereClientVisible(user, exceptionItems.clientId);

/** POST /api/exceptions/list: the queue, paged in SQL, of the clients the user sees. */
export function listExceptions(db: DbOrTx, user: CurrentUser, query: PagedListQuery): Promise<ExceptionList> {
  return fetchPagedList(exceptionList, query, {
    where: visible(user),
    count: (fields, where) => countExceptionRows(db, fields, where),
    page: (page) => selectExceptionPage(db, page),
  });
}

/** GET /api/exceptions/mine: the user's open exceptions (the dashboard widget). */
export function listMyExceptions(db: DbOrTx, user: CurrentUser): Promise<ExceptionItem[]> {
  return selectAssignedOpen(db, user.userId, visible(user), MY_EXCEPTIONS_LIMIT);
}

/** GET /api/exceptions/counts: the badges of the client list and profile. */
export function countClientExceptions(db: DbOrTx, user: CurrentUser): Promise<ClientExceptionCount[]> {
  return selectClientCounts(db, visible(user));
}

/** One exception the user may see, or 404 (another client's answers as missing, not as forbidden). */
export async function findVisibleException(db: DbOrTx, user: CurrentUser, exceptionId: number) {
  const item = await selectExceptionById(db, exceptionId);
  if (!item || !canAccessClient(user, item.clientId)) throw notFound(EXCEPTION_MSG.notFound);
  return item;
}

/** GET /api/exceptions/{id}/history: its life from the audit log, in sentences. */
export async function listExceptionHistory(
  db: DbOrTx,
  user: CurrentUser,
  exceptionId: number,
): Promise<ExceptionEvent[]> {
  await findVisibleException(db, user, exceptionId);
  const rows = await selectExceptionAudit(db, exceptionId);
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    action: r.action,
    userName: r.userName,
    description: describeExceptionEvent(
      r.action,
      r.before as Record<string, unknown> | null,
      r.after as Record<string, unknown> | null,
    ),
  }));
}

/** GET /api/exceptions/assignees/{clientId}: who may own the client's exceptions. */
export async function listPossibleAssignees(db: DbOrTx, user: CurrentUser, clientId: number) {
  if (!canAccessClient(user, clientId)) throw notFound('Client not found.');
  return selectPossibleAssignees(db, clientId);
}

/** One change by a person: the row and its audit in one transaction, the result as the list shows it. */
async function changeException(
  db: DbOrTx,
  ctx: AuditContext,
  user: CurrentUser,
  exceptionId: number,
  action: string,
  change: (item: ExceptionItem) => ExceptionUpdate,
  /** What the history should say beyond the columns (the new owner's name). */
  auditExtra: Record<string, unknown> = {},
): Promise<ExceptionItem> {
  return db.transaction(async (tx) => {
    const item = await findVisibleException(tx, user, exceptionId);
    const values = change(item);
    await updateException(tx, exceptionId, values);
    const before = Object.fromEntries(
      Object.keys(values).map((k) => [k, item[k as keyof ExceptionItem] ?? null]),
    );
    await writeAudit(tx, ctx, {
      action,
      entity: 'exception',
      entityId: exceptionId,
      before,
      after: { ...values, ...auditExtra },
      clientIds: [item.clientId],
    });
    return (await selectExceptionById(tx, exceptionId))!;
  });
}

export async function assignException(
  db: DbOrTx,
  ctx: AuditContext,
  user: CurrentUser,
  exceptionId: number,
  body: AssignExceptionBody,
) {
  const item = await findVisibleException(db, user, exceptionId);
  let assigneeName: string | null = null;
  if (body.assigneeId !== null) {
    const allowed = await selectPossibleAssignees(db, item.clientId);
    const chosen = allowed.find((u) => u.userId === body.assigneeId);
    if (!chosen)
      throw badRequest(EXCEPTION_MSG.assigneeCannotAct, { assigneeId: [EXCEPTION_MSG.assigneeCannotAct] });
    assigneeName = chosen.name;
  }
  return changeException(
    db,
    ctx,
    user,
    exceptionId,
    'exception.assigned',
    () => ({ assigneeId: body.assigneeId }),
    { assigneeName },
  );
}

export function setExceptionDueDate(
  db: DbOrTx,
  ctx: AuditContext,
  user: CurrentUser,
  exceptionId: number,
  body: ExceptionDueDateBody,
) {
  return changeException(db, ctx, user, exceptionId, 'exception.due_date_set', () => ({
    dueDate: body.dueDate,
  }));
}

const assertNotResolved = (item: ExceptionItem) => {
  if (item.status === 'Resolved') throw conflict(EXCEPTION_MSG.alreadyResolved);
};

export function snoozeException(
  db: DbOrTx,
  ctx: AuditContext,
  user: CurrentUser,
  exceptionId: number,
  body: SnoozeExceptionBody,
  today: string,
) {
  if (body.until <= today)
    throw badRequest(EXCEPTION_MSG.snoozeInPast, { until: [EXCEPTION_MSG.snoozeInPast] });
  return changeException(db, ctx, user, exceptionId, 'exception.snoozed', (item) => {
    assertNotResolved(item);
    return { status: 'Snoozed', snoozedUntil: body.until, snoozeReason: body.reason };
  });
}

export function resolveException(
  db: DbOrTx,
  ctx: AuditContext,
  user: CurrentUser,
  exceptionId: number,
  body: ResolveExceptionBody,
) {
  return changeException(db, ctx, user, exceptionId, 'exception.resolved', (item) => {
    assertNotResolved(item);
    return {
      status: 'Resolved',
      snoozedUntil: null,
      resolvedAt: new Date(),
      resolvedBy: user.userId,
      resolutionNote: body.note,
      resolvedAutomatically: false,
    };
  });
}

export function reopenException(db: DbOrTx, ctx: AuditContext, user: CurrentUser, exceptionId: number) {
  return changeException(db, ctx, user, exceptionId, 'exception.reopened', (item) => {
    if (item.status !== 'Resolved') throw conflict(EXCEPTION_MSG.notResolved);
    return {
      status: 'Open',
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      resolvedAutomatically: false,
    };
  });
}
