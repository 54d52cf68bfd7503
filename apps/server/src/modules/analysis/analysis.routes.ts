import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalysisClientParamsSchema,
  AnalysisOpenReportRowSchema,
  CompleteAnalysisResultSchema,
} from '@tideline/contracts/analysis/analysis.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { completeAnalysis, listAnalysisOpenReports } from './analysis.service';

// ingestion-analysis.md 7 "Analysis" (/api/analytics): the open reports of the analysis view and
// Complete Analysis.
export function analysisRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/open-reports',
      {
        config: { access: { permissions: ['VIEW_ANALYSIS_OPEN_REPORTS'] } },
        schema: { response: { 200: z.array(AnalysisOpenReportRowSchema) } },
      },
      (req) => listAnalysisOpenReports(db, req.currentUser!),
    );

    app.put(
      '/complete-analysis/:clientId',
      {
        config: { access: { permissions: ['COMPLETE_ANALYSIS'] } },
        schema: { params: AnalysisClientParamsSchema, response: { 200: CompleteAnalysisResultSchema } },
      },
      (req) => completeAnalysis(db, req.currentUser!, req.params.clientId, auditContextOf(req)),
    );
  };
}
