import type { ClientListRow, ReportInProgress } from '@tideline/contracts/dashboard/dashboard.schemas';
import { sql } from 'drizzle-orm';
import { statementName, type Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { selectClientRows, selectReportsInProgress } from './dashboard.queries';
import { assertMayAskFor, whereAssignedTo, whereMyClients } from './my-clients.service';

export function createDashboardService(deps: { db: Db }) {
  const { db } = deps;
  // Both widgets load with every dashboard: for an asker who sees every client (staff), their
  // statements are prepared once; a client-scoped asker's condition lists their clients.
  const assigned = whereAssignedTo(sql.placeholder('userId'));
  const myClientsOfStaff = selectClientRows(db, assigned).prepare(statementName(db, 'dashboard_my_clients'));
  const reportsOfStaff = selectReportsInProgress(db, assigned).prepare(
    statementName(db, 'dashboard_reports_in_progress'),
  );

  return {
    /** The My Clients widget: `userId`'s own clients by name. */
    async listMyClients(user: CurrentUser, userId: number): Promise<ClientListRow[]> {
      assertMayAskFor(user, userId);
      const rows = user.isClientScoped
        ? await selectClientRows(db, whereMyClients(user, userId))
        : await myClientsOfStaff.execute({ userId });
      // cashVest is the analysis score; no analysis exists yet, so every row has none ('---').
      return rows.map((r) => ({ ...r, cashVest: null }));
    },

    /** The Reports In Progress widget: the open reports of `userId`'s own clients. */
    listReportsInProgress(user: CurrentUser, userId: number): Promise<ReportInProgress[]> {
      assertMayAskFor(user, userId);
      return user.isClientScoped
        ? selectReportsInProgress(db, whereMyClients(user, userId))
        : reportsOfStaff.execute({ userId });
    },
  };
}
