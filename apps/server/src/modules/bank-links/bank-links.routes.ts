import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BankLinkParamsSchema,
  BankLinkResultSchema,
  CreateLinkTokenBodySchema,
  LinkTokenSchema,
  SetAccessTokenBodySchema,
} from '@tideline/contracts';
import { auditContextOf } from '../../platform/audit/write-audit';
import * as bankLinks from './bank-links.service';

// clients-accounts-investments-reports.md 7 "Data ingestion" (prefix /api/data-ingestion). The spec
// gates Create, Update and Remove Plaid Link with ADD_USERS (section 6); permissions.md follows it.
const PLAID_LINK = { permissions: ['ADD_USERS'] } as const;

export function bankLinksRoutes(deps: bankLinks.BankLinkDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/create-link-token',
      {
        config: { access: PLAID_LINK },
        schema: { body: CreateLinkTokenBodySchema, response: { 200: LinkTokenSchema } },
      },
      (req) => bankLinks.createLinkToken(deps, req.currentUser!, req.body.bcrId),
    );

    app.post(
      '/create-update-link-token/:id',
      {
        config: { access: PLAID_LINK },
        schema: { params: BankLinkParamsSchema, response: { 200: LinkTokenSchema } },
      },
      (req) => bankLinks.createUpdateLinkToken(deps, req.currentUser!, req.params.id),
    );

    app.post(
      '/set-access-token',
      {
        config: { access: PLAID_LINK },
        schema: { body: SetAccessTokenBodySchema, response: { 200: BankLinkResultSchema } },
      },
      (req) => bankLinks.setAccessToken(deps, req.currentUser!, req.body, auditContextOf(req)),
    );

    app.delete(
      '/remove-plaid-link/:id',
      {
        config: { access: PLAID_LINK },
        schema: { params: BankLinkParamsSchema, response: { 200: BankLinkResultSchema } },
      },
      (req) => bankLinks.removePlaidLink(deps, req.currentUser!, req.params.id, auditContextOf(req)),
    );
  };
}
