import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarketDataListSchema,
  RefreshMarketRatesResultSchema,
} from '@tideline/contracts/market-rates/market-rates.schemas';
import type { Db } from '../../db/open-database';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { buildMarketData, startRateRefresh } from './market-rates.service';

// platform.md 7 "GET /api/dashboard/quandl (market rate data)": the dashboard's rate ticker. The rates
// are public market data, so anyone who sees the dashboard (or holds the rate data permission) may read them.
export function marketDataRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/quandl',
      {
        config: { access: { permissions: ['VIEW_DASHBOARD', 'VIEW_RATE_DATA'] } },
        schema: { response: { 200: MarketDataListSchema } },
      },
      async () => [await buildMarketData(deps.db)],
    );
  };
}

// Ours: run the daily refresh now (EDIT_RATE_DATA), e.g. after configuring a provider.
export function marketRatesRoutes(deps: { jobs: JobRunner; hasProviders: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/refresh',
      {
        config: { access: { permissions: ['EDIT_RATE_DATA'] } },
        schema: { response: { 200: RefreshMarketRatesResultSchema } },
      },
      (req) => startRateRefresh(deps, req.currentUser!),
    );
  };
}
