import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountSummaryParamsSchema,
  AccountSummarySchema,
  BalanceHistorySchema,
} from '@tideline/contracts/account-summary/account-summary.schemas';
import type { Db } from '../../db/open-database';
import { findAccountSummary, findBalanceHistory } from './account-summary.service';

// The account profile's balance chart and summary panel (/api/accounts; the paths are ours).
export function accountSummaryRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/balance-history/:accountId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNTS'] } },
        schema: { params: AccountSummaryParamsSchema, response: { 200: BalanceHistorySchema } },
      },
      (req) => findBalanceHistory(db, req.currentUser!, req.params.accountId),
    );

    app.get(
      '/summary/:accountId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNTS'] } },
        schema: { params: AccountSummaryParamsSchema, response: { 200: AccountSummarySchema } },
      },
      (req) => findAccountSummary(db, req.currentUser!, req.params.accountId),
    );
  };
}
