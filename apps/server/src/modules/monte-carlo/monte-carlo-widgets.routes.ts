import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetsWidgetSchema,
  ClientWidgetParamsSchema,
  LiquidityLevelsWidgetSchema,
  LiquidityWidgetParamsSchema,
} from '@tideline/contracts/monte-carlo/monte-carlo-widgets.schemas';
import type { Db } from '../../db/open-database';
import { createMonteCarloWidgetsService } from './monte-carlo-widgets.service';

// The client summary widgets built on the Monte Carlo (clients-accounts-investments-reports.md 7).

/** Under /api/clients: the Assets widget. */
export function assetsWidgetRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const widgets = createMonteCarloWidgetsService(deps);
  return async (app) => {
    app.get(
      '/assets-widget/:id',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { params: ClientWidgetParamsSchema, response: { 200: AssetsWidgetSchema } },
      },
      (req) => widgets.findAssets(req.currentUser!, req.params.id),
    );
  };
}

/** Under /api/investments: 'Current Amounts Invested by Liquidity Level' of a client's group. */
export function liquidityLevelsWidgetRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const widgets = createMonteCarloWidgetsService(deps);
  return async (app) => {
    app.get(
      '/liquidity-levels-widget/:clientId/:groupId',
      {
        config: { access: { permissions: ['VIEW_INVESTMENTS'] } },
        schema: { params: LiquidityWidgetParamsSchema, response: { 200: LiquidityLevelsWidgetSchema } },
      },
      (req) => widgets.findInvestedByLevel(req.currentUser!, req.params.clientId, req.params.groupId),
    );
  };
}
