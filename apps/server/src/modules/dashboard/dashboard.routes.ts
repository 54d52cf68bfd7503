import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClientListRowSchema, ReportInProgressSchema } from '@tideline/contracts/dashboard/dashboard.schemas';
import { UserIdParamsSchema } from '@tideline/contracts/investments/investment-widgets.schemas';
import type { Db } from '../../db/open-database';
import { createDashboardService } from './dashboard.service';

const view = { access: { permissions: ['VIEW_DASHBOARD' as const] } };

// platform.md 7 "Dashboard" (prefix /api/dashboard): the My Clients and Reports In Progress widgets.
// The Maturing Investments one is served by the investments module.
export function dashboardRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const dashboard = createDashboardService(deps);
  return async (app) => {
    app.get(
      '/users/clients/:userId',
      {
        config: view,
        schema: { params: UserIdParamsSchema, response: { 200: z.array(ClientListRowSchema) } },
      },
      (req) => dashboard.listMyClients(req.currentUser!, req.params.userId),
    );
    app.get(
      '/users/client-reports/:userId',
      {
        config: view,
        schema: { params: UserIdParamsSchema, response: { 200: z.array(ReportInProgressSchema) } },
      },
      (req) => dashboard.listReportsInProgress(req.currentUser!, req.params.userId),
    );
  };
}
