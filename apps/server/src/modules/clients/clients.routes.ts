import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClientOptionSchema } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { listClientOptions } from './clients.service';

// The clients area grows with its own issue; for now the pick list the user form needs.
export function clientsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/list',
      {
        config: { access: { permissions: ['VIEW_CLIENTS', 'ADD_USERS', 'EDIT_USERS'] } },
        schema: { response: { 200: z.array(ClientOptionSchema) } },
      },
      (req) => listClientOptions(deps.db, req.currentUser!),
    );
  };
}
