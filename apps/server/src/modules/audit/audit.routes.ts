import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditFacetsSchema,
  AuditRowSchema,
  PagedListRequestSchema,
  pagedListSchema,
} from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { findAuditFacets, listAuditRows } from './audit.service';

// Ours (issue 3, VIEW_AUDIT_LOG): who did what, when, to which record.
export function auditRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/list',
      {
        config: { access: { permissions: ['VIEW_AUDIT_LOG'] } },
        schema: { body: PagedListRequestSchema, response: { 200: pagedListSchema(AuditRowSchema) } },
      },
      (req) => listAuditRows(deps.db, req.currentUser!, req.body),
    );

    app.get(
      '/facets',
      {
        config: { access: { permissions: ['VIEW_AUDIT_LOG'] } },
        schema: { response: { 200: AuditFacetsSchema } },
      },
      (req) => findAuditFacets(deps.db, req.currentUser!),
    );
  };
}
