import type { FastifyInstance } from 'fastify';
import { hasAnyPermission } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import type { TokenSigner } from '../auth/token-signer';
import { forbidden, unauthorized } from '../http/app-error';
import type { CurrentUserCache } from './current-user-cache';
import { loadCurrentUser } from './load-current-user';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's cache of signed-in users, when it runs one (its figures; tests reach it here). */
    accessCache: CurrentUserCache | null;
  }
}

/**
 * The one enforcement point (architecture.md "Access"): every /api route declares its access; this
 * hook authenticates the bearer token, reloads the user (so deactivation and role edits apply on the
 * next request) and checks the declared permissions. Anything undeclared is refused, never let through.
 * With a cache, the user is read from memory until a change to them is notified (current-user-cache.ts).
 */
export function registerAccessHook(
  app: FastifyInstance,
  deps: { db: Db; signer: TokenSigner; cache?: CurrentUserCache | undefined },
): void {
  const { cache } = deps;
  app.decorate('accessCache', cache ?? null);
  if (cache) {
    app.addHook('onReady', () => cache.start());
    app.addHook('onClose', () => cache.stop());
  }
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url) return; // not-found handler
    if (!request.routeOptions.url.startsWith('/api/')) return; // the web app's static files
    if (!access) throw forbidden();
    if ('public' in access) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    const claims = await deps.signer.readAccessToken(token);
    if (!claims) throw unauthorized();
    const load = () => loadCurrentUser(deps.db, claims);
    const user = cache ? await cache.get(claims, load) : await load();
    const isCurrent = user?.status === 1 && user.tokenVersion === claims.tokenVersion && user.isSessionLive;
    if (!user || !isCurrent) throw unauthorized();
    request.currentUser = user;
    if (!hasAnyPermission(user.permList, access.permissions)) throw forbidden();
  });
}
