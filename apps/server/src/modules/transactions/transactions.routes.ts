import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PagedListRequestSchema, pagedListSchema } from '@tideline/contracts';
import {
  KeywordOptionSchema,
  TRANSACTION_MSG,
  TransactionAccountParamsSchema,
  TransactionEditBodySchema,
  TransactionIdParamsSchema,
  TransactionIdsBodySchema,
  TransactionResultSchema,
  TransactionSchema,
  TransactionsDeletedSchema,
} from '@tideline/contracts/transactions/transactions.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createTransactionsService } from './transactions.service';

// platform.md 3 "Transaction", 2.8, 2.9: the account profile's Transactions tab (paths ours).
export function transactionsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const transactions = createTransactionsService(deps);
  return async (app) => {
    app.post(
      '/account/:accountId',
      {
        config: { access: { permissions: ['VIEW_TRANSACTIONS'] } },
        schema: {
          params: TransactionAccountParamsSchema,
          body: PagedListRequestSchema,
          response: { 200: pagedListSchema(TransactionSchema) },
        },
      },
      (req) => transactions.listAccountTransactions(req.currentUser!, req.params.accountId, req.body),
    );
    app.get(
      '/keywords',
      {
        config: { access: { permissions: ['VIEW_TRANSACTIONS'] } },
        schema: { response: { 200: z.array(KeywordOptionSchema) } },
      },
      () => transactions.listKeywordOptions(),
    );
    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_TRANSACTIONS'] } },
        schema: {
          params: TransactionIdParamsSchema,
          body: TransactionEditBodySchema,
          response: { 200: TransactionResultSchema },
        },
      },
      async (req) => {
        const transaction = await transactions.editTransaction(
          req.currentUser!,
          req.params.id,
          req.body.transaction,
          auditContextOf(req),
        );
        return { msg: TRANSACTION_MSG.updated, transaction };
      },
    );
    app.delete(
      '',
      {
        config: { access: { permissions: ['DELETE_TRANSACTIONS'] } },
        schema: { body: TransactionIdsBodySchema, response: { 200: TransactionsDeletedSchema } },
      },
      async (req) => {
        const ids = req.body.transaction.ids;
        const deletedCount = await transactions.deleteTransactions(
          req.currentUser!,
          ids,
          auditContextOf(req),
        );
        return { msg: TRANSACTION_MSG.deleted, deletedCount };
      },
    );
  };
}
