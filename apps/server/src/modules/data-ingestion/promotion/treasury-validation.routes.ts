import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchAccountsChangedSchema,
  ValidateTreasurySectionsBodySchema,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { Db } from '../../../db/open-database';
import { auditContextOf } from '../../../platform/audit/write-audit';
import type { Storage } from '../../../platform/storage/storage';
import { validateTreasurySections } from '../batches/batch-account-actions.service';

// ingestion-analysis.md 4 "Treasury validation", 7 "Treasury services"
// (/api/data-ingestion-treasury-services): the sections of an analysis statement, validated by type.
export function treasuryValidationRoutes(deps: { db: Db; storage: Storage }): FastifyPluginAsyncZod {
  return async (app) => {
    const ingestionDeps = { ...deps, log: app.log };
    app.put(
      '/staging/validate',
      {
        config: { access: { permissions: ['VALIDATE_ACCOUNT_BATCHES'] } },
        schema: {
          body: ValidateTreasurySectionsBodySchema,
          response: { 200: BatchAccountsChangedSchema },
        },
      },
      (req) =>
        validateTreasurySections(
          ingestionDeps,
          req.currentUser!,
          req.body.treasuryServices,
          auditContextOf(req),
        ),
    );
  };
}
