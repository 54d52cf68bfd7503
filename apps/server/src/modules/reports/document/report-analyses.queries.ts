import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { accountGroups, clients, openReports, shortTermModels, users } from '../../../db/schema';

// The report's reads of the client and of its stored analysis runs (schema/analysis.ts). Its Monte
// Carlo run is the one chosen for the period (monte-carlo/current-liquidity-levels.service.ts).

export async function selectClientName(db: DbOrTx, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ clientName: clients.clientName })
    .from(clients)
    .where(eq(clients.clientId, clientId));
  return row?.clientName ?? null;
}

/** The analyst who prepared the report (the user who generated it): the cover names them. */
export async function selectPreparer(
  db: DbOrTx,
  userId: number | null,
): Promise<{ name: string; email: string } | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.userId, userId));
  return row ? { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email } : null;
}

export function selectClientGroups(db: DbOrTx, clientId: number) {
  return db
    .select({
      groupId: accountGroups.groupId,
      groupName: accountGroups.groupName,
      isAllAccounts: accountGroups.isAllAccounts,
    })
    .from(accountGroups)
    .where(eq(accountGroups.clientId, clientId))
    .orderBy(desc(accountGroups.isAllAccounts), asc(accountGroups.groupName));
}

/** The client's open report of exactly this period (the cycle the report is generated in), newest. */
export async function selectPeriodOpenReportId(
  db: DbOrTx,
  clientId: number,
  startDate: string,
  endDate: string,
): Promise<number | null> {
  const [row] = await db
    .select({ openReportId: openReports.openReportId })
    .from(openReports)
    .where(
      and(
        eq(openReports.clientId, clientId),
        eq(openReports.startDate, startDate),
        eq(openReports.endDate, endDate),
      ),
    )
    .orderBy(desc(openReports.createdAt), desc(openReports.openReportId))
    .limit(1);
  return row?.openReportId ?? null;
}

/**
 * Per group, the latest finished step 2 whose model ends before `beforeDate`: the forecast made in an
 * earlier cycle, which the report's period can now check (design/reports.md "Previous quarter").
 */
export function selectEarlierForecasts(db: DbOrTx, clientId: number, beforeDate: string) {
  return db
    .selectDistinctOn([shortTermModels.accountGroupId], {
      model: shortTermModels,
      groupName: accountGroups.groupName,
    })
    .from(shortTermModels)
    .innerJoin(accountGroups, eq(accountGroups.groupId, shortTermModels.accountGroupId))
    .where(
      and(
        eq(shortTermModels.clientId, clientId),
        eq(shortTermModels.step2State, 'done'),
        lt(shortTermModels.endDate, beforeDate),
      ),
    )
    .orderBy(
      asc(shortTermModels.accountGroupId),
      desc(shortTermModels.endDate),
      desc(shortTermModels.step2CompletedAt),
    );
}
