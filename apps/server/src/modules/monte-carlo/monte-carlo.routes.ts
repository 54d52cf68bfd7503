import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LiquidityDefaultsQuerySchema,
  LiquidityLevelsBodySchema,
  LiquidityLevelsSavedSchema,
  LiquidityLevelsSchema,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import {
  DurationCapabilityGraphSchema,
  MonteCarloResultsSchema,
  MonteCarloTotalBalanceSchema,
} from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import {
  MonteCarloClientParamsSchema,
  MonteCarloGroupParamsSchema,
  MonteCarloIdParamsSchema,
  MonteCarloMessageSchema,
  MonteCarloRunBodySchema,
  MonteCarloRunSchema,
  MonteCarloRunStartedSchema,
  MonteCarloValidationQuerySchema,
  MonteCarloValidationSchema,
} from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import type { Permission } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { createMonteCarloResultsService } from './monte-carlo-results.service';
import { createMonteCarloService } from './monte-carlo.service';

// ingestion-analysis.md 7 "Analysis", the Monte Carlo calls (prefix /api/analytics), plus the run
// button's check (validate, ours). Every id is client-scoped: another client's answers 404.

const access = (permission: Permission) => ({ access: { permissions: [permission] } });
const view = access('VIEW_MONTE_CARLO_ANALYSIS');
const viewLevels = access('VIEW_LIQUIDITY_LEVELS');
const params = MonteCarloIdParamsSchema;

export function monteCarloRoutes(deps: { db: Db; jobs: JobRunner }): FastifyPluginAsyncZod {
  const runs = createMonteCarloService(deps);
  const results = createMonteCarloResultsService(deps);
  return async (app) => {
    app.get(
      '/monte-carlo/:clientId',
      {
        config: view,
        schema: { params: MonteCarloClientParamsSchema, response: { 200: MonteCarloRunSchema.array() } },
      },
      (req) => runs.listRuns(req.currentUser!, req.params.clientId),
    );
    app.get(
      '/monte-carlo/validate/:accountGroupId',
      {
        config: access('RUN_MONTE_CARLO_MODEL'),
        schema: {
          params: MonteCarloGroupParamsSchema,
          querystring: MonteCarloValidationQuerySchema,
          response: { 200: MonteCarloValidationSchema },
        },
      },
      (req) =>
        runs.validateRun(req.currentUser!, req.params.accountGroupId, {
          endDate: req.query.endDate,
          numberOfYears: req.query.numberOfYears,
        }),
    );
    app.post(
      '/monte-carlo/run',
      {
        config: access('RUN_MONTE_CARLO_MODEL'),
        schema: { body: MonteCarloRunBodySchema, response: { 200: MonteCarloRunStartedSchema } },
      },
      (req) => runs.startRun(req.currentUser!, req.body.monteCarlo, auditContextOf(req)),
    );
    app.get(
      '/monte-carlo/results/:id',
      { config: view, schema: { params, response: { 200: MonteCarloResultsSchema } } },
      (req) => results.findResults(req.currentUser!, req.params.id),
    );
    app.get(
      '/monte-carlo/total-balance/:id',
      { config: view, schema: { params, response: { 200: MonteCarloTotalBalanceSchema } } },
      (req) => results.findTotalBalance(req.currentUser!, req.params.id),
    );
    app.get(
      '/monte-carlo/duration-capability-cushion-graph/:id',
      { config: view, schema: { params, response: { 200: DurationCapabilityGraphSchema } } },
      (req) => results.findGraph(req.currentUser!, req.params.id),
    );
    app.get(
      '/monte-carlo/liquidity-levels/get/default/:id',
      {
        config: viewLevels,
        schema: {
          params,
          querystring: LiquidityDefaultsQuerySchema,
          response: { 200: LiquidityLevelsSchema },
        },
      },
      (req) => results.findDefaultLevels(req.currentUser!, req.params.id, req.query.dateRange),
    );
    app.get(
      '/monte-carlo/liquidity-levels/get/current/:id',
      { config: viewLevels, schema: { params, response: { 200: LiquidityLevelsSchema } } },
      (req) => results.findCurrentLevels(req.currentUser!, req.params.id),
    );
    app.put(
      '/monte-carlo/liquidity-levels/:accountGroupId',
      {
        config: access('EDIT_LIQUIDITY_LEVELS'),
        schema: {
          params: MonteCarloGroupParamsSchema,
          body: LiquidityLevelsBodySchema,
          response: { 200: LiquidityLevelsSavedSchema },
        },
      },
      (req) =>
        results.saveLevels(
          req.currentUser!,
          req.params.accountGroupId,
          req.body.monteCarlo,
          auditContextOf(req),
        ),
    );
    app.delete(
      '/monte-carlo/remove/:id',
      {
        config: access('DELETE_MONTE_CARLO_MODEL'),
        schema: { params, response: { 200: MonteCarloMessageSchema } },
      },
      (req) => runs.deleteRun(req.currentUser!, req.params.id, auditContextOf(req)),
    );
  };
}
