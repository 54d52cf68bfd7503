import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BalanceTablesClientParamsSchema,
  BalanceTablesStartedSchema,
} from '@tideline/contracts/balance-tables/balance-tables.schemas';
import type { Db } from '../../db/open-database';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { startBalanceTables } from './balance-tables.service';

// Issue 18 point 1, 'Calculate Daily and Monthly Tables' (/api/analytics; the spec shows no path, this
// one is ours). Another client's id answers 404, as an id that exists nowhere.
export function balanceTablesRoutes(deps: { db: Db; jobs: JobRunner }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/balance-tables/:clientId',
      {
        config: { access: { permissions: ['RUN_CALCULATIONS'] } },
        schema: { params: BalanceTablesClientParamsSchema, response: { 200: BalanceTablesStartedSchema } },
      },
      (req) => startBalanceTables(deps, req.currentUser!, req.params.clientId),
    );
  };
}
