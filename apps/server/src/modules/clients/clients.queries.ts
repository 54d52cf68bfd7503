import { and, asc, count, eq, inArray, isNotNull, isNull, max, ne, not, sql, type SQL } from 'drizzle-orm';
import { preparedOnce, type DbOrTx } from '../../db/open-database';
import {
  accountGroups,
  clientAssignees,
  clients,
  openReports,
  roles,
  transactions,
  users,
} from '../../db/schema';
import { openBatchCountOfReport } from '../data-ingestion/batches/batches.queries';
import { clientTwelveMonthAverageSql } from '../balance-tables/twelve-month-averages';

export async function selectClientOptions(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ clientId: clients.clientId, clientName: clients.clientName })
    .from(clients)
    .where(and(eq(clients.status, 1), where))
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}

export async function selectClientsByIds(db: DbOrTx, clientIds: readonly number[]) {
  if (clientIds.length === 0) return [];
  return db
    .select({ clientId: clients.clientId, clientName: clients.clientName })
    .from(clients)
    .where(inArray(clients.clientId, [...clientIds]))
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}

// Drizzle leaves columns unqualified in a one-table select, so correlated subqueries name the outer
// "clients" row explicitly (an unqualified client_id would bind to the subquery's own table).
const outerClientId = sql.raw('"clients"."client_id"');

/** The clients (with their assignees and newest transaction date), by name. */
export function selectClients(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      client: clients,
      // The newest transaction walks transactions_client_date_idx backwards: one index probe per client.
      dataUntil: sql<
        string | null
      >`(select max(${transactions.transactionDate}) from ${transactions} where ${transactions.clientId} = ${outerClientId})`,
      last12MonthAvgBalance: clientTwelveMonthAverageSql(outerClientId),
      // The score of the client's latest cashVest with a score (the analyst's edit).
      cashVest: sql<number | null>`(select s.total_score from cash_vest_scores s
        where s.client_id = ${outerClientId} and s.total_score is not null
        order by s.created_at desc, s.cash_vest_id desc limit 1)`,
      assignees: sql<{ userId: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('userId', u.user_id, 'name', u.first_name || ' ' || u.last_name)
          order by lower(u.first_name), lower(u.last_name), u.user_id)
        from ${clientAssignees} ca join ${users} u on u.user_id = ca.user_id
        where ca.client_id = ${outerClientId}), '[]'::json)`,
    })
    .from(clients)
    .where(where)
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}

/**
 * One client as the list shows it. Every client profile and many client pages read it, so on the pool
 * it is a statement prepared once: its four subqueries cost PostgreSQL more to plan than to run, and
 * Drizzle ~85 us to build.
 */
export async function selectClientById(db: DbOrTx, clientId: number) {
  const byId = preparedOnce(db, 'clients_by_id', (root, name) =>
    selectClients(root, eq(clients.clientId, sql.placeholder('clientId'))).prepare(name),
  );
  const [row] = byId
    ? await byId.execute({ clientId })
    : await selectClients(db, eq(clients.clientId, clientId));
  return row ?? null;
}

/** Whether another client (that `where` lets the caller see) has this name, ignoring case. */
export async function existsClientName(
  db: DbOrTx,
  name: string,
  exceptId: number | undefined,
  where: SQL | undefined,
) {
  const [row] = await db
    .select({ clientId: clients.clientId })
    .from(clients)
    .where(
      and(
        sql`lower(${clients.clientName}) = lower(${name.trim()})`,
        exceptId === undefined ? undefined : ne(clients.clientId, exceptId),
        where,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertClient(db: DbOrTx, values: typeof clients.$inferInsert) {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

export async function updateClient(
  db: DbOrTx,
  clientId: number,
  values: Partial<typeof clients.$inferInsert>,
) {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clients.clientId, clientId))
    .returning();
  return row!;
}

export async function lockClient(db: DbOrTx, clientId: number) {
  const [row] = await db.select().from(clients).where(eq(clients.clientId, clientId)).for('update');
  return row ?? null;
}

export async function replaceAssignees(db: DbOrTx, clientId: number, userIds: readonly number[]) {
  await db.delete(clientAssignees).where(eq(clientAssignees.clientId, clientId));
  if (userIds.length)
    await db.insert(clientAssignees).values(userIds.map((userId) => ({ clientId, userId })));
}

/** How many of the ids are users at all, and how many of those are staff (role not client-scoped). */
export async function countExistingUsers(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return { users: 0, staff: 0 };
  const [row] = await db
    .select({
      users: count(),
      staff: sql<number>`count(*) filter (where not ${roles.isClientScoped})`.mapWith(Number),
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(inArray(users.userId, [...userIds]));
  return { users: row?.users ?? 0, staff: row?.staff ?? 0 };
}

/** The Assign To choices: staff users by name. */
export function listAssignableUsers(db: DbOrTx) {
  return db
    .select({
      userId: users.userId,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      status: users.status,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(not(roles.isClientScoped))
    .orderBy(users.firstName, users.lastName, users.userId);
}

/**
 * The client's built-in 'All Accounts' group (spec 3), created with the client. The accounts area
 * owns groups; this one row is written here so a client never exists without it.
 */
export async function insertAllAccountsGroup(db: DbOrTx, clientId: number) {
  await db.insert(accountGroups).values({ clientId, groupName: 'All Accounts', isAllAccounts: true });
}

/** The client's open report (at most one), its ingestion status in the client status's casing. */
export async function selectOpenReport(db: DbOrTx, clientId: number) {
  const [row] = await db
    .select({
      openReportId: openReports.openReportId,
      startDate: openReports.startDate,
      endDate: openReports.endDate,
      dueDate: openReports.dueDate,
      ingestionStatus: sql<string>`initcap(${openReports.ingestionStatus})`,
      analysisStatus: openReports.analysisStatus,
      analysisCompletedAt: openReports.analysisCompletedAt,
      batchCount: openBatchCountOfReport,
    })
    .from(openReports)
    .where(and(eq(openReports.clientId, clientId), isNull(openReports.closedAt)));
  return row;
}

/**
 * The end date of the client's last reported period: a cycle is closed by the upload that completes
 * its report (reports, issue 19), so the latest closed cycle is the last report.
 */
export async function selectLastReportDate(db: DbOrTx, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ endDate: max(openReports.endDate) })
    .from(openReports)
    .where(and(eq(openReports.clientId, clientId), isNotNull(openReports.closedAt)));
  return row?.endDate ?? null;
}
