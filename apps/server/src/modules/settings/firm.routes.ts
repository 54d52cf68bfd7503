import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FIRM_LOGO_MAX_BYTES,
  FIRM_MSG,
  FirmBodySchema,
  FirmResultSchema,
  FirmSchema,
} from '@tideline/contracts/settings/firm.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createFirmService } from './firm.service';

// Global Settings "Firm" (ours, issue 42 point 5): GET and PUT /firm with {firm: {firmName, logo}}.
export function firmRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const firm = createFirmService(deps);
  return async (app) => {
    app.get(
      '/firm',
      {
        config: { access: { permissions: ['VIEW_GLOBAL_SETTINGS'] } },
        schema: { response: { 200: FirmSchema } },
      },
      () => firm.findFirm(),
    );
    app.put(
      '/firm',
      {
        config: { access: { permissions: ['EDIT_GLOBAL_SETTINGS'] } },
        // The logo travels as base64 (4 characters for 3 bytes) in the JSON body.
        bodyLimit: Math.ceil((FIRM_LOGO_MAX_BYTES * 4) / 3) + 16 * 1024,
        schema: { body: FirmBodySchema, response: { 200: FirmResultSchema } },
      },
      async (req) => ({
        msg: FIRM_MSG.updated,
        firm: await firm.updateFirm(req.body.firm, auditContextOf(req)),
      }),
    );
  };
}
