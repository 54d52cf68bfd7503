import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BatchClientParamsSchema } from '@tideline/contracts/data-ingestion/batches.schemas';
import {
  OpenReportDeletedSchema,
  OpenReportRowSchema,
} from '@tideline/contracts/data-ingestion/open-reports.schemas';
import {
  StartIngestionBankParamsSchema,
  StartIngestionBodySchema,
  StartIngestionClientParamsSchema,
  StartIngestionRelParamsSchema,
  StartIngestionResultSchema,
} from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import type { Db } from '../../../db/open-database';
import { auditContextOf } from '../../../platform/audit/write-audit';
import type { Storage } from '../../../platform/storage/storage';
import { deleteOpenReport, listOpenReports } from './open-reports.service';
import * as ingestion from './start-ingestion.service';

// ingestion-analysis.md 7 "Open reports and batches" (/api/data-ingestion) and the Start Ingestion
// calls whose paths the spec does not show (clients-accounts-investments-reports.md 7 "Data ingestion").
export function openReportsRoutes(deps: { db: Db; storage: Storage }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const ingestionDeps = { ...deps, log: app.log };

    app.get(
      '/open-reports',
      {
        config: { access: { permissions: ['VIEW_OPEN_REPORTS'] } },
        schema: { response: { 200: z.array(OpenReportRowSchema) } },
      },
      (req) => listOpenReports(db, req.currentUser!),
    );

    app.delete(
      '/open-reports/:clientId',
      {
        config: { access: { permissions: ['DELETE_OPEN_REPORTS'] } },
        schema: { params: BatchClientParamsSchema, response: { 200: OpenReportDeletedSchema } },
      },
      (req) => deleteOpenReport(ingestionDeps, req.currentUser!, req.params.clientId, auditContextOf(req)),
    );

    // Start Ingestion: clients-accounts-investments-reports.md 6 gates it with START_REPORT.
    const start = { config: { access: { permissions: ['START_REPORT' as const] } } };
    const answers = { 201: StartIngestionResultSchema };

    app.post(
      '/start-ingestion/bank/:bankClientRelId',
      {
        ...start,
        schema: { params: StartIngestionRelParamsSchema, body: StartIngestionBodySchema, response: answers },
      },
      async (req, reply) => {
        const { bankClientRelId } = req.params;
        const result = await ingestion.startRelationshipIngestion(
          db,
          req.currentUser!,
          bankClientRelId,
          req.body,
          auditContextOf(req),
        );
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/start-ingestion/client/:clientId',
      {
        ...start,
        schema: {
          params: StartIngestionClientParamsSchema,
          body: StartIngestionBodySchema,
          response: answers,
        },
      },
      async (req, reply) => {
        const user = req.currentUser!;
        const result = await ingestion.startClientIngestion(
          db,
          user,
          req.params.clientId,
          req.body,
          auditContextOf(req),
        );
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/start-ingestion/bank-clients/:bankId',
      {
        ...start,
        schema: { params: StartIngestionBankParamsSchema, body: StartIngestionBodySchema, response: answers },
      },
      async (req, reply) => {
        const user = req.currentUser!;
        const result = await ingestion.startBankIngestion(
          db,
          user,
          req.params.bankId,
          req.body,
          auditContextOf(req),
        );
        return reply.status(201).send(result);
      },
    );
  };
}
