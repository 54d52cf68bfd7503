import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_CATEGORIES, ACCOUNT_TYPES } from '@tideline/contracts/accounts/account-lists';
import {
  ACCOUNT_UPLOAD_TEMPLATE_FILE_NAME,
  AccountUploadBodySchema,
  AccountUploadResultSchema,
} from '@tideline/contracts/accounts/account-upload.schemas';
import {
  ACCOUNT_MSG,
  AccountBodySchema,
  AccountClientParamsSchema,
  AccountIdParamsSchema,
  AccountIdsBodySchema,
  AccountOptionSchema,
  AccountResultSchema,
  AccountSchema,
  AccountsDeletedSchema,
  ClientAccountParamsSchema,
} from '@tideline/contracts/accounts/accounts.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { accountUploadTemplate, startAccountUpload } from './account-upload.service';
import { createAccountsService } from './accounts.service';

// clients-accounts-investments-reports.md 7 "Accounts": the accounts themselves and the bulk upload.
export function accountsRoutes(deps: { db: Db; jobs: JobRunner }): FastifyPluginAsyncZod {
  const accounts = createAccountsService(deps);
  return async (app) => {
    const lists = ['VIEW_ACCOUNTS', 'ADD_ACCOUNTS', 'EDIT_ACCOUNTS'] as const;
    app.get(
      '/categories',
      { config: { access: { permissions: lists } }, schema: { response: { 200: z.array(z.string()) } } },
      () => [...ACCOUNT_CATEGORIES],
    );
    app.get(
      '/types',
      { config: { access: { permissions: lists } }, schema: { response: { 200: z.array(z.string()) } } },
      () => [...ACCOUNT_TYPES],
    );

    app.get(
      '/all/:clientId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNTS'] } },
        schema: { params: AccountClientParamsSchema, response: { 200: z.array(AccountSchema) } },
      },
      (req) => accounts.listAccounts(req.currentUser!, req.params.clientId, false),
    );
    app.get(
      '/review/:clientId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNTS'] } },
        schema: { params: AccountClientParamsSchema, response: { 200: z.array(AccountSchema) } },
      },
      (req) => accounts.listAccounts(req.currentUser!, req.params.clientId, true),
    );
    app.get(
      '/list/:clientId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNTS'] } },
        schema: { params: AccountClientParamsSchema, response: { 200: z.array(AccountOptionSchema) } },
      },
      (req) => accounts.listAccountOptions(req.currentUser!, req.params.clientId),
    );
    app.get(
      '/single/:clientId/:accountId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNTS'] } },
        schema: { params: ClientAccountParamsSchema, response: { 200: AccountSchema } },
      },
      (req) => accounts.findAccount(req.currentUser!, req.params.clientId, req.params.accountId),
    );

    app.post(
      '/add',
      {
        config: { access: { permissions: ['ADD_ACCOUNTS'] } },
        schema: { body: AccountBodySchema, response: { 201: AccountResultSchema } },
      },
      async (req, reply) => {
        const account = await accounts.createAccount(req.currentUser!, req.body.account, auditContextOf(req));
        return reply.status(201).send({ msg: ACCOUNT_MSG.created, account });
      },
    );
    app.put(
      '/:accountId',
      {
        config: { access: { permissions: ['EDIT_ACCOUNTS'] } },
        schema: {
          params: AccountIdParamsSchema,
          body: AccountBodySchema,
          response: { 200: AccountResultSchema },
        },
      },
      async (req) => {
        const account = await accounts.editAccount(
          req.currentUser!,
          req.params.accountId,
          req.body.account,
          auditContextOf(req),
        );
        return { msg: ACCOUNT_MSG.updated, account };
      },
    );

    // Staging accounts are removed from 'These accounts require additional setup'; complete accounts
    // (with their transactions, after the web's confirmation) through DELETE /remove, ours.
    for (const [path, mode] of [
      ['/review', 'staging'],
      ['/remove', 'complete'],
    ] as const) {
      app.delete(
        path,
        {
          config: { access: { permissions: ['DELETE_ACCOUNTS'] } },
          schema: { body: AccountIdsBodySchema, response: { 200: AccountsDeletedSchema } },
        },
        async (req) => {
          const ids = req.body.account.accountIds;
          const deletedCount = await accounts.deleteAccounts(
            req.currentUser!,
            ids,
            mode,
            auditContextOf(req),
          );
          return { msg: ACCOUNT_MSG.deleted, deletedCount };
        },
      );
    }

    app.get(
      '/upload-template',
      { config: { access: { permissions: ['ADD_ACCOUNTS', 'UPLOAD_FILES'] } } },
      (_req, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${ACCOUNT_UPLOAD_TEMPLATE_FILE_NAME}"`)
          .send(accountUploadTemplate()),
    );
    app.post(
      '/upload',
      {
        config: { access: { permissions: ['UPLOAD_FILES'] } },
        schema: { body: AccountUploadBodySchema, response: { 202: AccountUploadResultSchema } },
      },
      async (req, reply) =>
        reply.status(202).send(await startAccountUpload(deps, req.currentUser!, req.body.fileUpload)),
    );
  };
}
