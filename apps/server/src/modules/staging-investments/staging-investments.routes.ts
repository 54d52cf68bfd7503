import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PagedListRequestSchema } from '@tideline/contracts/paging/paging.schemas';
import {
  STAGING_INVESTMENT_MSG,
  StagingInvestmentChangeResultSchema,
  StagingInvestmentDeleteBodySchema,
  StagingInvestmentEditBodySchema,
  StagingInvestmentIdParamsSchema,
  StagingInvestmentListParamsSchema,
  StagingInvestmentPageSchema,
  StagingInvestmentResultSchema,
  StagingInvestmentValidationBodySchema,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import {
  deleteStagingInvestments,
  editStagingInvestment,
  setStagingInvestmentsValidation,
} from './staging-investment-changes.service';
import { findStagingInvestment, listStagingInvestments } from './staging-investments.service';

const view = { access: { permissions: ['VIEW_STAGING_INVESTMENTS' as const] } };
const changeResult = { response: { 200: StagingInvestmentChangeResultSchema } };

// ingestion-analysis.md 7 "Staging investments" (/api/investments/staging, mounted under
// /api/investments): the batch account's staged investments, the edit of one, Validate and
// Invalidate, and delete. Every id is checked against the user's clients (404 for another client's).
export function stagingInvestmentsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/staging/all/:id',
      {
        config: view,
        schema: { params: StagingInvestmentListParamsSchema, response: { 200: StagingInvestmentPageSchema } },
      },
      (req) => listStagingInvestments(db, req.currentUser!, req.params.id, PagedListRequestSchema.parse({})),
    );

    app.post(
      '/staging/all/:id',
      {
        config: view,
        schema: {
          params: StagingInvestmentListParamsSchema,
          body: PagedListRequestSchema,
          response: { 200: StagingInvestmentPageSchema },
        },
      },
      (req) => listStagingInvestments(db, req.currentUser!, req.params.id, req.body),
    );

    for (const [verb, isValidated] of [
      ['validate', true],
      ['invalidate', false],
    ] as const) {
      app.put(
        `/staging/${verb}`,
        {
          config: {
            access: {
              permissions: [isValidated ? 'VALIDATE_STAGING_INVESTMENTS' : 'INVALIDATE_STAGING_INVESTMENTS'],
            },
          },
          schema: { body: StagingInvestmentValidationBodySchema, ...changeResult },
        },
        async (req) => {
          const changedCount = await setStagingInvestmentsValidation(
            db,
            req.currentUser!,
            req.body,
            isValidated,
            auditContextOf(req),
          );
          const msg = isValidated ? STAGING_INVESTMENT_MSG.validated : STAGING_INVESTMENT_MSG.invalidated;
          return { msg, changedCount };
        },
      );
    }

    app.put(
      '/staging/:id',
      {
        config: { access: { permissions: ['EDIT_STAGING_INVESTMENTS'] } },
        schema: {
          params: StagingInvestmentIdParamsSchema,
          body: StagingInvestmentEditBodySchema,
          response: { 200: StagingInvestmentResultSchema },
        },
      },
      async (req) => {
        const { id } = req.params;
        await editStagingInvestment(db, req.currentUser!, id, req.body.investment, auditContextOf(req));
        const investment = await findStagingInvestment(db, req.currentUser!, id);
        return { msg: STAGING_INVESTMENT_MSG.updated, investment };
      },
    );

    app.delete(
      '/staging',
      {
        config: { access: { permissions: ['DELETE_STAGING_INVESTMENTS'] } },
        schema: { body: StagingInvestmentDeleteBodySchema, ...changeResult },
      },
      async (req) => {
        const ids = req.body.investment.stagingInvestmentIds;
        const changedCount = await deleteStagingInvestments(db, req.currentUser!, ids, auditContextOf(req));
        return { msg: STAGING_INVESTMENT_MSG.deleted, changedCount };
      },
    );
  };
}
