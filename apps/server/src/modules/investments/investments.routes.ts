import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PagedListRequestSchema, pagedListSchema } from '@tideline/contracts';
import {
  INVESTMENT_MSG,
  InvestmentBodySchema,
  InvestmentIdParamsSchema,
  InvestmentIdsBodySchema,
  InvestmentResultSchema,
  InvestmentSchema,
  InvestmentsDeletedSchema,
  InvestmentSourceSchema,
  InvestmentTypeOptionSchema,
} from '@tideline/contracts/investments/investments.schemas';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { Platform } from '../../platform/create-platform';
import { createDownloadUrl } from '../files/files.service';
import { createInvestmentsService } from './investments.service';

const view = { access: { permissions: ['VIEW_INVESTMENTS' as const] } };
const PagedInvestmentsSchema = pagedListSchema(InvestmentSchema);

// clients-accounts-investments-reports.md 7 "Investments" (prefix /api/investments): the lists, one
// investment, its edit, bulk delete, the types list and Download Source.
export function investmentsRoutes(platform: Platform): FastifyPluginAsyncZod {
  const db = platform.database.db;
  const investments = createInvestmentsService({ db });
  const filesDeps = { db, storage: platform.storage, uploadLimitBytes: platform.config.UPLOAD_LIMIT_BYTES };
  return async (app) => {
    app.post(
      '/all/',
      { config: view, schema: { body: PagedListRequestSchema, response: { 200: PagedInvestmentsSchema } } },
      (req) => investments.listInvestments(req.currentUser!, req.body),
    );
    app.get('/all', { config: view, schema: { response: { 200: z.array(InvestmentSchema) } } }, (req) =>
      investments.listAllInvestments(req.currentUser!),
    );
    app.post(
      '/account/:id',
      {
        config: view,
        schema: {
          params: InvestmentIdParamsSchema,
          body: PagedListRequestSchema,
          response: { 200: PagedInvestmentsSchema },
        },
      },
      (req) => investments.listAccountInvestments(req.currentUser!, req.params.id, req.body),
    );
    app.post(
      '/client/:id',
      {
        config: view,
        schema: {
          params: InvestmentIdParamsSchema,
          body: PagedListRequestSchema,
          response: { 200: PagedInvestmentsSchema },
        },
      },
      (req) => investments.listClientInvestments(req.currentUser!, req.params.id, req.body),
    );
    app.get(
      '/types/list',
      {
        // The staging investments dialog picks a type too (ingestion-analysis.md 2).
        config: {
          access: { permissions: ['VIEW_INVESTMENTS', 'VIEW_INVESTMENT_TYPES', 'VIEW_STAGING_INVESTMENTS'] },
        },
        schema: { response: { 200: z.array(InvestmentTypeOptionSchema) } },
      },
      () => investments.listTypeOptions(),
    );
    app.get(
      '/source/:id',
      {
        config: { access: { permissions: ['DOWNLOAD_FILES'] } },
        schema: { params: InvestmentIdParamsSchema, response: { 200: InvestmentSourceSchema } },
      },
      async (req) => {
        const file = await investments.findSourceFile(req.currentUser!, req.params.id);
        const { url } = await createDownloadUrl(filesDeps, req.currentUser!, file.fileId);
        return { url, fileName: file.fileName };
      },
    );
    app.delete(
      '/remove',
      {
        config: { access: { permissions: ['DELETE_INVESTMENTS'] } },
        schema: { body: InvestmentIdsBodySchema, response: { 200: InvestmentsDeletedSchema } },
      },
      async (req) => {
        const ids = req.body.investment.investmentIdList;
        const deletedCount = await investments.deleteInvestments(req.currentUser!, ids, auditContextOf(req));
        return { msg: INVESTMENT_MSG.deleted, deletedCount };
      },
    );
    app.get(
      '/:id',
      { config: view, schema: { params: InvestmentIdParamsSchema, response: { 200: InvestmentSchema } } },
      (req) => investments.findInvestment(req.currentUser!, req.params.id),
    );
    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_INVESTMENTS'] } },
        schema: {
          params: InvestmentIdParamsSchema,
          body: InvestmentBodySchema,
          response: { 200: InvestmentResultSchema },
        },
      },
      async (req) => {
        const investment = await investments.editInvestment(
          req.currentUser!,
          req.params.id,
          req.body.investment,
          auditContextOf(req),
        );
        return { msg: INVESTMENT_MSG.updated, investment };
      },
    );
  };
}
