import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STAGING_TREASURY_MSG,
  StagingAccountBalanceEditBodySchema,
  StagingAccountBalanceIdsBodySchema,
  StagingAccountBalanceListSchema,
  StagingBalanceEditBodySchema,
  StagingBalanceIdsBodySchema,
  StagingBalanceListSchema,
  StagingFeeEditBodySchema,
  StagingFeeIdsBodySchema,
  StagingFeeListSchema,
  StagingTreasuryChangeResultSchema,
  TreasuryBatchParamsSchema,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import {
  editStagingAccountBalance,
  editStagingBalance,
  editStagingFees,
} from './staging-treasury-edits.service';
import { listStagingAccountBalances, listStagingBalances, listStagingFees } from './staging-treasury.service';
import { registerTreasuryRowRoutes } from './treasury-row-routes';
import { TREASURY_SECTIONS } from './treasury-sections';

// ingestion-analysis.md 7 "Treasury services" (/api/data-ingestion-treasury-services): the treasury
// staging dialog's three sections, their edits, Validate / Invalidate and delete (treasury-row-routes.ts).
// Every body names its batch; another client's batch answers 404.
export function stagingTreasuryRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  const changeResult = { 200: StagingTreasuryChangeResultSchema };
  const params = TreasuryBatchParamsSchema;
  return async (app) => {
    app.get(
      '/fees/staging/:batchId',
      {
        config: { access: { permissions: ['VIEW_STAGING_FEES'] } },
        schema: { params, response: { 200: StagingFeeListSchema } },
      },
      (req) => listStagingFees(db, req.currentUser!, req.params.batchId),
    );
    app.get(
      '/balances/staging/:batchId',
      {
        config: { access: { permissions: ['VIEW_STAGING_BALANCES'] } },
        schema: { params, response: { 200: StagingBalanceListSchema } },
      },
      (req) => listStagingBalances(db, req.currentUser!, req.params.batchId),
    );
    app.get(
      '/account-balances/staging/:batchId',
      {
        config: { access: { permissions: ['VIEW_STAGING_ACCOUNT_BALANCES'] } },
        schema: { params, response: { 200: StagingAccountBalanceListSchema } },
      },
      (req) => listStagingAccountBalances(db, req.currentUser!, req.params.batchId),
    );

    app.put(
      '/balances/staging',
      {
        config: { access: { permissions: ['EDIT_STAGING_BALANCES'] } },
        schema: { body: StagingBalanceEditBodySchema, response: changeResult },
      },
      async (req) => {
        const changedCount = await editStagingBalance(
          db,
          req.currentUser!,
          req.body.balance,
          auditContextOf(req),
        );
        return { msg: STAGING_TREASURY_MSG.balanceUpdated, changedCount };
      },
    );
    app.put(
      '/fees/staging',
      {
        config: { access: { permissions: ['EDIT_STAGING_FEES'] } },
        schema: { body: StagingFeeEditBodySchema, response: changeResult },
      },
      async (req) => {
        const changedCount = await editStagingFees(db, req.currentUser!, req.body.fees, auditContextOf(req));
        return { msg: STAGING_TREASURY_MSG.feesUpdated, changedCount };
      },
    );
    app.put(
      '/account-balances/staging',
      {
        config: { access: { permissions: ['EDIT_STAGING_ACCOUNT_BALANCES'] } },
        schema: { body: StagingAccountBalanceEditBodySchema, response: changeResult },
      },
      async (req) => {
        const body = req.body.balance;
        const changedCount = await editStagingAccountBalance(db, req.currentUser!, body, auditContextOf(req));
        return { msg: STAGING_TREASURY_MSG.accountBalanceUpdated, changedCount };
      },
    );

    const MSG = STAGING_TREASURY_MSG;
    registerTreasuryRowRoutes(app, db, {
      path: '/balances/staging',
      section: TREASURY_SECTIONS.balance,
      body: StagingBalanceIdsBodySchema,
      idsOf: ({ balance }) => ({ batchId: balance.batchId, ids: balance.stagingBalanceIds }),
      validate: { permission: 'VALIDATE_STAGING_BALANCES', msg: MSG.balancesValidated },
      invalidate: { permission: 'INVALIDATE_STAGING_BALANCES', msg: MSG.balancesInvalidated },
      remove: { permission: 'DELETE_STAGING_BALANCES', msg: MSG.balancesDeleted },
    });
    registerTreasuryRowRoutes(app, db, {
      path: '/fees/staging',
      section: TREASURY_SECTIONS.fee,
      body: StagingFeeIdsBodySchema,
      idsOf: ({ fees }) => ({ batchId: fees.batchId, ids: fees.stagingFeesIds }),
      validate: { permission: 'VALIDATE_STAGING_FEES', msg: MSG.feesValidated },
      invalidate: { permission: 'INVALIDATE_STAGING_FEES', msg: MSG.feesInvalidated },
      remove: { permission: 'DELETE_STAGING_FEES', msg: MSG.feesDeleted },
    });
    registerTreasuryRowRoutes(app, db, {
      path: '/account-balances/staging',
      section: TREASURY_SECTIONS.accountBalance,
      body: StagingAccountBalanceIdsBodySchema,
      idsOf: ({ accountBalances }) => ({
        batchId: accountBalances.batchId,
        ids: accountBalances.stagingAccountBalanceIds,
      }),
      validate: { permission: 'VALIDATE_STAGING_ACCOUNT_BALANCES', msg: MSG.accountBalancesValidated },
      invalidate: { permission: 'INVALIDATE_STAGING_ACCOUNT_BALANCES', msg: MSG.accountBalancesInvalidated },
    });
  };
}
