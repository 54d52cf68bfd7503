import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashVestWidgetParamsSchema,
  CashVestWidgetSchema,
  InterestRateComparisonWidgetSchema,
  InterestRateWidgetSchema,
} from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import type { Db } from '../../db/open-database';
import { findCashVestSeries } from './cash-vest-series.service';
import { compareClientInterestRates, findClientInterestRate } from './interest-rates.service';

const params = CashVestWidgetParamsSchema;

// clients-accounts-investments-reports.md 7 "Clients" (under /api/clients): the summary widgets of the
// cashVest scores and the interest rates. The rate widgets are the client profile's (VIEW_CLIENTS);
// the cashVest chart shows the scores, so it needs VIEW_CASH_VEST_SCORES.
export function cashVestWidgetsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/cash-vest/widget/:id',
      {
        config: { access: { permissions: ['VIEW_CASH_VEST_SCORES'] } },
        schema: { params, response: { 200: CashVestWidgetSchema } },
      },
      (req) => findCashVestSeries(db, req.currentUser!, req.params.id),
    );

    app.get(
      '/interest-rate-comparison-widget/:id',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { params, response: { 200: InterestRateComparisonWidgetSchema } },
      },
      (req) => compareClientInterestRates(db, req.currentUser!, req.params.id),
    );

    app.get(
      '/interest-rate-widget/:id',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { params, response: { 200: InterestRateWidgetSchema } },
      },
      (req) => findClientInterestRate(db, req.currentUser!, req.params.id),
    );
  };
}
