import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ShortTermClientGroupParamsSchema,
  ShortTermClientParamsSchema,
  ShortTermDownloadParamsSchema,
  ShortTermDownloadSchema,
  ShortTermGroupParamsSchema,
  ShortTermIdParamsSchema,
  ShortTermListQuerySchema,
  ShortTermMessageSchema,
  ShortTermModelIdParamsSchema,
  ShortTermRunStartedSchema,
  ShortTermStep1BodySchema,
  ShortTermStep2BodySchema,
} from '@tideline/contracts/short-term/short-term.schemas';
import {
  CashPositionForecastSchema,
  DayToDayVarianceSchema,
  ShortTermForecastSchema,
  ShortTermModelOptionSchema,
  ShortTermModelQuerySchema,
  ShortTermModelRowSchema,
  ShortTermStep2RowSchema,
  ShortTermWeeksQuerySchema,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createShortTermReads } from './short-term-reads.service';
import {
  createPdfLink,
  removeModel,
  removeStep2,
  startStep1,
  startStep2,
  type ShortTermDeps,
} from './short-term.service';

const view = { access: { permissions: ['VIEW_SHORT_TERM_MODEL' as const] } };
const run = { access: { permissions: ['RUN_SHORT_TERM_MODEL' as const] } };
const remove = { access: { permissions: ['DELETE_SHORT_TERM_MODEL' as const] } };
const started = { 200: ShortTermRunStartedSchema };
const message = { 200: ShortTermMessageSchema };

// ingestion-analysis.md 7 "Analysis", the short-term calls (under /api/analytics). The forecast
// endpoints keyed by groupId read ?shortTermModelId= (the viewed row), else the group's latest step 2.
export function shortTermRoutes(deps: ShortTermDeps): FastifyPluginAsyncZod {
  const reads = createShortTermReads(deps);
  return async (app) => {
    app.post(
      '/short-term/step-1/run',
      { config: run, schema: { body: ShortTermStep1BodySchema, response: started } },
      (req) => startStep1(deps, req.currentUser!, req.body.shortTerm, auditContextOf(req)),
    );
    app.put(
      '/short-term/step-2/run/:shortTermModelId',
      {
        config: run,
        schema: { params: ShortTermModelIdParamsSchema, body: ShortTermStep2BodySchema, response: started },
      },
      (req) =>
        startStep2(
          deps,
          req.currentUser!,
          req.params.shortTermModelId,
          req.body.shortTerm.modelName,
          auditContextOf(req),
        ),
    );
    app.get(
      '/short-term/step-1/:clientId',
      {
        config: view,
        schema: { params: ShortTermClientParamsSchema, response: { 200: z.array(ShortTermModelRowSchema) } },
      },
      (req) => reads.listStep1(req.currentUser!, req.params.clientId),
    );
    app.get(
      '/short-term/step-2/:clientId',
      {
        config: view,
        schema: { params: ShortTermClientParamsSchema, response: { 200: z.array(ShortTermStep2RowSchema) } },
      },
      (req) => reads.listStep2(req.currentUser!, req.params.clientId),
    );
    app.get(
      '/short-term/list',
      {
        config: view,
        schema: {
          querystring: ShortTermListQuerySchema,
          response: { 200: z.array(ShortTermModelOptionSchema) },
        },
      },
      (req) => reads.listOptions(req.currentUser!, req.query.clientId),
    );
    app.get(
      '/short-term/forecast/:groupId',
      {
        config: view,
        schema: {
          params: ShortTermGroupParamsSchema,
          querystring: ShortTermModelQuerySchema,
          response: { 200: ShortTermForecastSchema },
        },
      },
      (req) => reads.forecast(req.currentUser!, req.params.groupId, req.query.shortTermModelId),
    );
    app.get(
      '/short-term/day-to-day-variance/:groupId',
      {
        config: view,
        schema: {
          params: ShortTermGroupParamsSchema,
          querystring: ShortTermModelQuerySchema,
          response: { 200: DayToDayVarianceSchema },
        },
      },
      (req) => reads.dayToDayVariance(req.currentUser!, req.params.groupId, req.query.shortTermModelId),
    );
    app.get(
      '/short-term/cash-position-forecast/:clientId/:groupId',
      {
        config: view,
        schema: {
          params: ShortTermClientGroupParamsSchema,
          querystring: ShortTermWeeksQuerySchema,
          response: { 200: CashPositionForecastSchema },
        },
      },
      (req) =>
        reads.cashPositionForecast(req.currentUser!, req.params.clientId, req.params.groupId, req.query),
    );
    app.get(
      '/short-term/download/:clientId/:fileUrl',
      {
        config: { access: { permissions: ['DOWNLOAD_FILES'] } },
        schema: { params: ShortTermDownloadParamsSchema, response: { 200: ShortTermDownloadSchema } },
      },
      (req) => createPdfLink(deps, req.currentUser!, req.params.clientId, req.params.fileUrl),
    );
    app.delete(
      '/short-term/step-1/remove/:id',
      { config: remove, schema: { params: ShortTermIdParamsSchema, response: message } },
      (req) => removeModel(deps, req.currentUser!, req.params.id, auditContextOf(req)),
    );
    app.delete(
      '/short-term/step-2/remove/:id',
      { config: remove, schema: { params: ShortTermIdParamsSchema, response: message } },
      (req) => removeStep2(deps, req.currentUser!, req.params.id, auditContextOf(req)),
    );
  };
}
