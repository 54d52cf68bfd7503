import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClientExceptionCount, ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DbOrTx } from '../../db/open-database';
import { auditLog, clients, exceptionItems as e, roles, userClients, users } from '../../db/schema';
import { definePagedList, type CompiledListQuery } from '../../platform/paging/paged-list';

const assignee = alias(users, 'assignee');
const resolver = alias(users, 'resolver');

const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;
/** Whole days since the cause began, on the server's calendar. */
const ageDays = sql<number>`(current_date - (${e.since})::date)`;
/** Worst first: High, Medium, Low. */
const severityRank = sql<number>`case ${e.severity} when 'High' then 0 when 'Medium' then 1 else 2 end`;

/** The queue's columns (issue 43 point 3: filters by client, kind, severity, assignee, age). */
export const exceptionList = definePagedList({
  columns: {
    clientId: { sql: e.clientId, kind: 'enum', filterable: true },
    clientName: { sql: clients.clientName, kind: 'text', sortable: true, filterable: true },
    kind: { sql: e.kind, kind: 'enum', sortable: true, filterable: true },
    severity: { sql: severityRank, kind: 'number', sortable: true },
    severityName: { sql: e.severity, kind: 'enum', filterable: true },
    status: { sql: e.status, kind: 'enum', sortable: true, filterable: true },
    assigneeId: { sql: e.assigneeId, kind: 'enum', filterable: true },
    assigneeName: { sql: nameOf(assignee), kind: 'text', sortable: true },
    ageDays: { sql: ageDays, kind: 'number', sortable: true, filterable: true },
    since: { sql: e.since, kind: 'date', sortable: true, filterable: true },
    dueDate: { sql: e.dueDate, kind: 'date', sortable: true, filterable: true, isDayColumn: true },
    amount: { sql: e.amount, kind: 'number', sortable: true, filterable: true },
    // The search box: the client's name and the summary in one indexed column (search_text).
    search: { sql: e.searchText, kind: 'text', searchable: true },
  },
  tieBreak: e.exceptionId,
  defaultSort: [
    { id: 'severity', desc: false },
    { id: 'since', desc: false },
  ],
});

const itemFields = {
  exceptionId: e.exceptionId,
  clientId: e.clientId,
  clientName: clients.clientName,
  kind: e.kind,
  severity: e.severity,
  summary: e.summary,
  link: e.link,
  since: e.since,
  ageDays,
  detectedAt: e.detectedAt,
  amount: e.amount,
  status: e.status,
  assigneeId: e.assigneeId,
  assigneeName: nameOf(assignee),
  dueDate: e.dueDate,
  snoozedUntil: e.snoozedUntil,
  snoozeReason: e.snoozeReason,
  resolvedAt: e.resolvedAt,
  resolvedByName: nameOf(resolver),
  resolutionNote: e.resolutionNote,
  resolvedAutomatically: e.resolvedAutomatically,
};

type ItemRow = {
  [K in keyof typeof itemFields]: unknown;
};

export function toExceptionItem(row: ItemRow): ExceptionItem {
  const iso = (v: unknown) => (v === null ? null : new Date(v as string | Date).toISOString());
  return {
    ...(row as unknown as ExceptionItem),
    since: iso(row.since)!,
    detectedAt: iso(row.detectedAt)!,
    resolvedAt: iso(row.resolvedAt),
    ageDays: Number(row.ageDays),
    amount: row.amount === null ? null : Number(row.amount),
  };
}

/** The list's FROM: the exception, its client, its owner and who resolved it. */
function fromItems(db: DbOrTx) {
  return db
    .select(itemFields)
    .from(e)
    .innerJoin(clients, eq(clients.clientId, e.clientId))
    .leftJoin(assignee, eq(assignee.userId, e.assigneeId))
    .leftJoin(resolver, eq(resolver.userId, e.resolvedBy));
}

export function countExceptionRows(
  db: DbOrTx,
  fields: { totalCount: SQL<number>; resultCount: SQL<number> },
  where: SQL | undefined,
) {
  return db
    .select(fields)
    .from(e)
    .innerJoin(clients, eq(clients.clientId, e.clientId))
    .leftJoin(assignee, eq(assignee.userId, e.assigneeId))
    .where(where);
}

/**
 * The page in two steps: the ids of the page (filtered, sorted and cut on narrow rows), then those
 * rows in full. Sorting the full rows made PostgreSQL build every matching row's sentence, link and
 * names before keeping 50, and join the resolver for each: 35-110 ms at 15,000 rows, 5-20 ms so
 * (bench/exceptions.bench.ts, issue 43 "Speed").
 */
export async function selectExceptionPage(db: DbOrTx, page: CompiledListQuery): Promise<ExceptionItem[]> {
  const ids = await db
    .select({ exceptionId: e.exceptionId })
    .from(e)
    .innerJoin(clients, eq(clients.clientId, e.clientId))
    .leftJoin(assignee, eq(assignee.userId, e.assigneeId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  if (ids.length === 0) return [];
  const rows = await fromItems(db).where(
    inArray(
      e.exceptionId,
      ids.map((r) => r.exceptionId),
    ),
  );
  const byId = new Map(rows.map((r) => [r.exceptionId, r]));
  // An exception deleted in between (its client was) is left out rather than failing the page.
  return ids.flatMap((r) => {
    const row = byId.get(r.exceptionId);
    return row ? [toExceptionItem(row)] : [];
  });
}

export async function selectExceptionById(
  db: DbOrTx,
  exceptionId: number,
): Promise<ExceptionItem | undefined> {
  const [row] = await fromItems(db).where(eq(e.exceptionId, exceptionId));
  return row ? toExceptionItem(row) : undefined;
}

/** The user's open exceptions, worst and oldest first (the My Exceptions widget). */
export async function selectAssignedOpen(db: DbOrTx, userId: number, where: SQL | undefined, limit: number) {
  const rows = await fromItems(db)
    .where(and(eq(e.assigneeId, userId), eq(e.status, 'Open'), where))
    .orderBy(severityRank, asc(e.dueDate), asc(e.since), asc(e.exceptionId))
    .limit(limit);
  return rows.map(toExceptionItem);
}

/** Per client: exceptions not resolved, the High ones, and those past their due date. */
export async function selectClientCounts(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<ClientExceptionCount[]> {
  const rows = await db
    .select({
      clientId: e.clientId,
      open: sql<number>`count(*)::int`,
      high: sql<number>`(count(*) filter (where ${e.severity} = 'High'))::int`,
      overdue: sql<number>`(count(*) filter (where ${e.dueDate} < current_date))::int`,
    })
    .from(e)
    .where(and(inArray(e.status, ['Open', 'Snoozed']), where))
    .groupBy(e.clientId)
    .orderBy(e.clientId);
  return rows;
}

/** One exception's audit rows, oldest first, with the acting user's name. */
export function selectExceptionAudit(db: DbOrTx, exceptionId: number) {
  return db
    .select({
      at: auditLog.occurredAt,
      action: auditLog.action,
      userName: nameOf(users),
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.userId, auditLog.userId))
    .where(and(eq(auditLog.entity, 'exception'), eq(auditLog.entityId, String(exceptionId))))
    .orderBy(asc(auditLog.occurredAt), asc(auditLog.auditId));
}

/**
 * Who may own a client's exceptions: active users whose role acts on exceptions and sees the client
 * (an unscoped role, or a scoped one associated with it), by name.
 */
export function selectPossibleAssignees(db: DbOrTx, clientId: number) {
  return db
    .select({ userId: users.userId, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(
      and(
        eq(users.status, 1),
        sql`'EDIT_EXCEPTIONS' = any(${roles.permissions})`,
        sql`(not ${roles.isClientScoped} or exists (select 1 from ${userClients}
          where ${userClients.userId} = ${users.userId} and ${userClients.clientId} = ${clientId}))`,
      ),
    )
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, users.userId);
}

export type ExceptionUpdate = Partial<typeof e.$inferInsert>;

export async function updateException(db: DbOrTx, exceptionId: number, values: ExceptionUpdate) {
  await db
    .update(e)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(e.exceptionId, exceptionId));
}
