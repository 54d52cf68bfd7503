import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BankLevelExceptionListSchema,
  ClientLevelExceptionListSchema,
  FeeCategoryListSchema,
  STAGING_TREASURY_MSG,
  StandardizedDescriptionListSchema,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { Db } from '../../db/open-database';
import {
  listBankLevelExceptions,
  listClientLevelExceptions,
  listFeeCategories,
  listStandardizedDescriptions,
} from './treasury-lists.service';

// ingestion-analysis.md 7 "Treasury services" (/api/data-ingestion-treasury-services): the pick lists
// of the treasury staging dialog. The fee lists serve whoever may view staging fees; the standardized
// descriptions whoever may view staging balances or account balances.
export function treasuryListsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  const msg = STAGING_TREASURY_MSG.listLoaded;
  return async (app) => {
    app.get(
      '/standardized-description/list',
      {
        config: { access: { permissions: ['VIEW_STAGING_BALANCES', 'VIEW_STAGING_ACCOUNT_BALANCES'] } },
        schema: { response: { 200: StandardizedDescriptionListSchema } },
      },
      async () => ({ msg, results: await listStandardizedDescriptions(db) }),
    );

    app.get(
      '/bank-level-exception/list',
      {
        config: { access: { permissions: ['VIEW_STAGING_FEES'] } },
        schema: { response: { 200: BankLevelExceptionListSchema } },
      },
      async () => ({ msg, results: await listBankLevelExceptions(db) }),
    );

    app.get(
      '/client-level-exception/list',
      {
        config: { access: { permissions: ['VIEW_STAGING_FEES'] } },
        schema: { response: { 200: ClientLevelExceptionListSchema } },
      },
      async () => ({ msg, results: await listClientLevelExceptions(db) }),
    );

    app.get(
      '/fee-categories/list',
      {
        config: { access: { permissions: ['VIEW_STAGING_FEES'] } },
        schema: { response: { 200: FeeCategoryListSchema } },
      },
      async () => ({ msg, results: await listFeeCategories(db) }),
    );
  };
}
