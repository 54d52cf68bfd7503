import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageSchema } from '@tideline/contracts';
import {
  ACCOUNT_LINK_MSG,
  AccountLinkEditBodySchema,
  AccountLinkResultSchema,
  AccountLinkSchema,
  LinkIdParamsSchema,
  NewAccountLinkBodySchema,
} from '@tideline/contracts/accounts/account-links.schemas';
import { AccountIdParamsSchema } from '@tideline/contracts/accounts/accounts.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createAccountLinksService } from './account-links.service';

// clients-accounts-investments-reports.md 7 "Accounts", the /link calls (prefix /api/accounts).
export function accountLinksRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const links = createAccountLinksService(deps);
  return async (app) => {
    app.get(
      '/link/:accountId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_LINKS'] } },
        schema: { params: AccountIdParamsSchema, response: { 200: z.array(AccountLinkSchema) } },
      },
      (req) => links.listLinks(req.currentUser!, req.params.accountId),
    );
    app.post(
      '/link',
      {
        config: { access: { permissions: ['ADD_ACCOUNT_LINKS'] } },
        schema: { body: NewAccountLinkBodySchema, response: { 201: AccountLinkResultSchema } },
      },
      async (req, reply) => {
        const link = await links.createLink(req.currentUser!, req.body.account, auditContextOf(req));
        return reply.status(201).send({ msg: ACCOUNT_LINK_MSG.created, link });
      },
    );
    app.put(
      '/link/:id',
      {
        config: { access: { permissions: ['EDIT_ACCOUNT_LINKS'] } },
        schema: {
          params: LinkIdParamsSchema,
          body: AccountLinkEditBodySchema,
          response: { 200: AccountLinkResultSchema },
        },
      },
      async (req) => {
        const target = req.body.account.linkedToAccountId;
        const link = await links.editLink(req.currentUser!, req.params.id, target, auditContextOf(req));
        return { msg: ACCOUNT_LINK_MSG.updated, link };
      },
    );
    // Spec 6: EDIT_ACCOUNT_LINKS covers editing and deleting a link.
    app.delete(
      '/link/:id',
      {
        config: { access: { permissions: ['EDIT_ACCOUNT_LINKS'] } },
        schema: { params: LinkIdParamsSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await links.deleteLink(req.currentUser!, req.params.id, auditContextOf(req));
        return { msg: ACCOUNT_LINK_MSG.deleted };
      },
    );
  };
}
