import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open-database';
import { createEventLimiter, type EventLimit } from '../audit/event-limiter';
import { auditContextOf, writeAudit } from '../audit/write-audit';

export const PERMISSION_REFUSED_ACTION = 'security.permission-refused';

const DEFAULT_LIMIT: EventLimit = { maxPerWindow: 20, windowMs: 10 * 60_000 };

/**
 * Security events for refused permission checks (issue 14 point 10): every 403 a signed-in user gets,
 * from the access hook or a service's own rule, becomes an audit row 'security.permission-refused'
 * with the route and method. A user probing routes is rate limited per process: at most
 * maxPerWindow rows per window, the next written row telling how many were left out.
 */
export function registerRefusalRecorder(
  app: FastifyInstance,
  deps: { db: Db },
  limit: EventLimit = DEFAULT_LIMIT,
): void {
  const limiter = createEventLimiter(limit);

  app.addHook('onResponse', async (request, reply) => {
    const user = request.currentUser;
    if (reply.statusCode !== 403 || !user) return;
    const suppressed = limiter.admit(String(user.userId));
    if (suppressed === null) return;
    const access = request.routeOptions.config?.access;
    try {
      await writeAudit(deps.db, auditContextOf(request), {
        action: PERMISSION_REFUSED_ACTION,
        entity: 'user',
        entityId: user.userId,
        after: {
          method: request.method,
          route: request.routeOptions.url ?? null,
          needs: access && 'permissions' in access ? access.permissions : null,
          ...(suppressed > 0 ? { refusalsNotRecorded: suppressed } : {}),
        },
      });
    } catch (error) {
      // The answer is sent already; a failed audit write must not turn into an unhandled rejection.
      request.log.error({ err: error }, 'could not record a refused permission check');
    }
  });
}
