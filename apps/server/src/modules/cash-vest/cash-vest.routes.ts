import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CashVestClientParamsSchema,
  CashVestEditBodySchema,
  CashVestHistoryRowSchema,
  CashVestIdParamsSchema,
  CashVestResultSchema,
  CashVestSubScoresSchema,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import {
  CashVestSuggestionQuerySchema,
  CashVestSuggestionSchema,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import * as cashVestEdits from './cash-vest-edits.service';
import * as cashVest from './cash-vest.service';

const view = { access: { permissions: ['VIEW_CASH_VEST_SCORES'] } } as const;
const edit = { access: { permissions: ['EDIT_CASH_VEST_SCORES'] } } as const;

// ingestion-analysis.md 7 "Analysis" under /api/analytics: GET cash-vest/{clientId}, GET cash-vest/
// sub-scores/{cashVestId}, PUT cash-vest/update/{cashVestId}; ours: POST cash-vest/{clientId} ('New
// cashVest Score') and GET cash-vest/suggestion/{cashVestId} (the wizard's prefill). Another client's
// ids answer 404, as ids that exist nowhere.
export function cashVestRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/cash-vest/:clientId',
      {
        config: view,
        schema: { params: CashVestClientParamsSchema, response: { 200: z.array(CashVestHistoryRowSchema) } },
      },
      (req) => cashVest.listCashVest(db, req.currentUser!, req.params.clientId),
    );

    app.get(
      '/cash-vest/sub-scores/:cashVestId',
      {
        config: view,
        schema: { params: CashVestIdParamsSchema, response: { 200: CashVestSubScoresSchema } },
      },
      (req) => cashVest.findSubScores(db, req.currentUser!, req.params.cashVestId),
    );

    app.get(
      '/cash-vest/suggestion/:cashVestId',
      {
        config: edit,
        schema: {
          params: CashVestIdParamsSchema,
          querystring: CashVestSuggestionQuerySchema,
          response: { 200: CashVestSuggestionSchema },
        },
      },
      (req) => cashVest.findSuggestion(db, req.currentUser!, req.params.cashVestId, req.query),
    );

    app.post(
      '/cash-vest/:clientId',
      {
        config: edit,
        schema: { params: CashVestClientParamsSchema, response: { 201: CashVestResultSchema } },
      },
      async (req, reply) => {
        const result = await cashVestEdits.createCashVest(
          db,
          req.currentUser!,
          req.params.clientId,
          auditContextOf(req),
        );
        return reply.status(201).send(result);
      },
    );

    app.put(
      '/cash-vest/update/:cashVestId',
      {
        config: edit,
        schema: {
          params: CashVestIdParamsSchema,
          body: CashVestEditBodySchema,
          response: { 200: CashVestResultSchema },
        },
      },
      (req) =>
        cashVestEdits.editCashVest(
          db,
          req.currentUser!,
          req.params.cashVestId,
          req.body.cashVest,
          auditContextOf(req),
        ),
    );
  };
}
