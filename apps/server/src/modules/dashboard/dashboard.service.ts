import type { ClientListRow, ReportInProgress } from '@tideline/contracts/dashboard/dashboard.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { selectClientRows, selectReportsInProgress } from './dashboard.queries';
import { whereMyClients } from './my-clients.service';

export function createDashboardService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The My Clients widget: `userId`'s own clients by name. */
    async listMyClients(user: CurrentUser, userId: number): Promise<ClientListRow[]> {
      const rows = await selectClientRows(db, whereMyClients(user, userId));
      // cashVest is the analysis score; no analysis exists yet, so every row has none ('---').
      return rows.map((r) => ({ ...r, cashVest: null }));
    },

    /** The Reports In Progress widget: the open reports of `userId`'s own clients. */
    listReportsInProgress(user: CurrentUser, userId: number): Promise<ReportInProgress[]> {
      return selectReportsInProgress(db, whereMyClients(user, userId));
    },
  };
}
