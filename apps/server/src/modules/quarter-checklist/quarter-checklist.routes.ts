import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  QuarterChecklistParamsSchema,
  QuarterChecklistSchema,
} from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import type { Db } from '../../db/open-database';
import { findQuarterChecklist } from './quarter-checklist.service';

// The quarter checklist of the client profile and the upload dashboard (issue 42 point 1; ours).
export function quarterChecklistRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/:clientId',
      {
        config: { access: { permissions: ['VIEW_OPEN_REPORTS'] } },
        schema: { params: QuarterChecklistParamsSchema, response: { 200: QuarterChecklistSchema } },
      },
      (req) => findQuarterChecklist(db, req.currentUser!, req.params.clientId),
    );
  };
}
