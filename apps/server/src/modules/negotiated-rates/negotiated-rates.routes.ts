import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEGOTIATED_RATE_MSG,
  NegotiatedRateBodySchema,
  NegotiatedRateIdParamsSchema,
  NegotiatedRateResultSchema,
  NegotiatedRateSchema,
} from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createNegotiatedRatesService } from './negotiated-rates.service';

// platform.md 7 "Dashboard": the negotiated-rate calls (prefix /api/dashboard).
export function negotiatedRatesRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const rates = createNegotiatedRatesService(deps);
  return async (app) => {
    app.get(
      '/negotiated-rates',
      {
        config: { access: { permissions: ['VIEW_NEGOTIATED_RATES'] } },
        schema: { response: { 200: z.array(NegotiatedRateSchema) } },
      },
      (req) => rates.listRates(req.currentUser!),
    );
    app.get(
      '/negotiated-rates/:id',
      {
        config: { access: { permissions: ['VIEW_NEGOTIATED_RATES'] } },
        schema: { params: NegotiatedRateIdParamsSchema, response: { 200: NegotiatedRateSchema } },
      },
      (req) => rates.findRate(req.currentUser!, req.params.id),
    );
    app.post(
      '/negotiated-rates/',
      {
        config: { access: { permissions: ['ADD_NEGOTIATED_RATES'] } },
        schema: { body: NegotiatedRateBodySchema, response: { 201: NegotiatedRateResultSchema } },
      },
      async (req, reply) => {
        const input = req.body.negotiatedRates;
        const negotiatedRate = await rates.createRate(req.currentUser!, input, auditContextOf(req));
        return reply.status(201).send({ msg: NEGOTIATED_RATE_MSG.created, negotiatedRate });
      },
    );
    app.put(
      '/negotiated-rates/:id',
      {
        config: { access: { permissions: ['EDIT_NEGOTIATED_RATES'] } },
        schema: {
          params: NegotiatedRateIdParamsSchema,
          body: NegotiatedRateBodySchema,
          response: { 200: NegotiatedRateResultSchema },
        },
      },
      async (req) => {
        const { id } = req.params;
        const input = req.body.negotiatedRates;
        const negotiatedRate = await rates.editRate(req.currentUser!, id, input, auditContextOf(req));
        return { msg: NEGOTIATED_RATE_MSG.updated, negotiatedRate };
      },
    );
    app.delete(
      '/negotiated-rates/:id',
      {
        config: { access: { permissions: ['DELETE_NEGOTIATED_RATES'] } },
        schema: { params: NegotiatedRateIdParamsSchema, response: { 200: z.object({ msg: z.string() }) } },
      },
      async (req) => {
        await rates.deleteRate(req.currentUser!, req.params.id, auditContextOf(req));
        return { msg: NEGOTIATED_RATE_MSG.deleted };
      },
    );
  };
}

// clients-accounts-investments-reports.md 7: GET /api/clients/negotiated-rates/{clientId}.
export function clientNegotiatedRatesRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const rates = createNegotiatedRatesService(deps);
  return async (app) => {
    app.get(
      '/negotiated-rates/:id',
      {
        config: { access: { permissions: ['VIEW_NEGOTIATED_RATES'] } },
        schema: { params: NegotiatedRateIdParamsSchema, response: { 200: z.array(NegotiatedRateSchema) } },
      },
      (req) => rates.listClientRates(req.currentUser!, req.params.id),
    );
  };
}
