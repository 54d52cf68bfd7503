import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InvestmentBalanceWidgetSchema,
  InvestmentInterestRateSchema,
  InvestmentWidgetParamsSchema,
  MaturingInvestmentsSchema,
  UserIdParamsSchema,
  UserMaturingInvestmentsSchema,
} from '@tideline/contracts/investments/investment-widgets.schemas';
import type { Db } from '../../db/open-database';
import { createInvestmentWidgetsService } from './investment-widgets.service';

const view = { access: { permissions: ['VIEW_INVESTMENTS' as const] } };
const params = InvestmentWidgetParamsSchema;

/** Under /api/investments: the account profile's balance graph, amounts invested and interest rate. */
export function investmentWidgetsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const widgets = createInvestmentWidgetsService(deps);
  return async (app) => {
    app.get(
      '/balance-widget/accounts/:id',
      { config: view, schema: { params, response: { 200: InvestmentBalanceWidgetSchema } } },
      (req) => widgets.accountBalanceWidget(req.currentUser!, req.params.id),
    );
    app.get(
      '/balance-widget/clients/:id',
      { config: view, schema: { params, response: { 200: InvestmentBalanceWidgetSchema } } },
      (req) => widgets.clientBalanceWidget(req.currentUser!, req.params.id),
    );
    app.get(
      '/interest-rate-widget/:id',
      { config: view, schema: { params, response: { 200: InvestmentInterestRateSchema } } },
      (req) => widgets.accountInterestRate(req.currentUser!, req.params.id),
    );
  };
}

/** Under /api/clients: the client summary's 'Maturing Investments' widget. */
export function clientMaturingInvestmentsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const widgets = createInvestmentWidgetsService(deps);
  return async (app) => {
    app.get(
      '/maturing-investments/:id',
      { config: view, schema: { params, response: { 200: MaturingInvestmentsSchema } } },
      (req) => widgets.clientMaturingInvestments(req.currentUser!, req.params.id),
    );
  };
}

/** Under /api/dashboard: the dashboard's 'Maturing Investments' summary per client (platform.md 2.5). */
export function dashboardMaturingInvestmentsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const widgets = createInvestmentWidgetsService(deps);
  return async (app) => {
    app.get(
      '/users/maturing-investments/:userId',
      {
        config: view,
        schema: { params: UserIdParamsSchema, response: { 200: UserMaturingInvestmentsSchema } },
      },
      (req) => widgets.userMaturingInvestments(req.currentUser!, req.params.userId),
    );
  };
}
