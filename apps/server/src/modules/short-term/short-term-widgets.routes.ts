import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashPositionForecastSchema,
  DayToDayVarianceSchema,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import {
  ShortTermForecastWidgetQuerySchema,
  ShortTermWidgetParamsSchema,
  ShortTermWidgetWeeksParamsSchema,
} from '@tideline/contracts/short-term/short-term-widgets.schemas';
import type { Db } from '../../db/open-database';
import { createShortTermReads } from './short-term-reads.service';

// The client summary's short-term widgets (clients-accounts-investments-reports.md 2 and 7, under
// /api/clients): the client page's permission, since a client's own viewers see its summary.
const view = { access: { permissions: ['VIEW_CLIENTS' as const] } };

export function shortTermWidgetsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const reads = createShortTermReads(deps);
  return async (app) => {
    app.get(
      '/day-to-day-variance/:id',
      {
        config: view,
        schema: { params: ShortTermWidgetParamsSchema, response: { 200: DayToDayVarianceSchema } },
      },
      (req) => reads.clientDayToDayVariance(req.currentUser!, req.params.id),
    );
    app.get(
      '/short-term-forecast/:id',
      {
        config: view,
        schema: {
          params: ShortTermWidgetParamsSchema,
          querystring: ShortTermForecastWidgetQuerySchema,
          response: { 200: CashPositionForecastSchema },
        },
      },
      (req) => reads.clientCashPosition(req.currentUser!, req.params.id, req.query.weeks),
    );
    app.get(
      '/short-term/:id/:weeks',
      {
        config: view,
        schema: { params: ShortTermWidgetWeeksParamsSchema, response: { 200: CashPositionForecastSchema } },
      },
      (req) => reads.clientCashPosition(req.currentUser!, req.params.id, req.params.weeks),
    );
  };
}
