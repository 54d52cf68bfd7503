import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@tideline/contracts';
import type { Database } from '../../db/open-database';

export function healthRoutes(deps: { database: Database; version: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: { public: true, reason: 'health check' } },
        schema: { response: { 200: HealthSchema, 503: HealthSchema } },
      },
      async (_req, reply) => {
        const started = performance.now();
        let reachable = true;
        try {
          await deps.database.db.execute(sql`select 1`);
        } catch {
          reachable = false;
        }
        const latencyMs = Math.round((performance.now() - started) * 10) / 10;
        if (!reachable) reply.status(503);
        return {
          status: reachable ? ('ok' as const) : ('degraded' as const),
          database: { reachable, mode: deps.database.mode, latencyMs },
          version: deps.version,
        };
      },
    );
  };
}
