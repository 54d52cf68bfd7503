import type { FastifyInstance } from 'fastify';
import { hasAnyPermission } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import type { TokenSigner } from '../auth/token-signer';
import { forbidden, unauthorized } from '../http/app-error';
import { loadCurrentUser } from './load-current-user';

/**
 * The one enforcement point (architecture.md "Access"): every /api route declares its access; this
 * hook authenticates the bearer token, reloads the user (so deactivation and role edits apply on the
 * next request) and checks the declared permissions. Anything undeclared is refused, never let through.
 */
export function registerAccessHook(app: FastifyInstance, deps: { db: Db; signer: TokenSigner }): void {
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
    const user = await loadCurrentUser(deps.db, claims);
    const isCurrent = user?.status === 1 && user.tokenVersion === claims.tokenVersion && user.isSessionLive;
    if (!user || !isCurrent) throw unauthorized();
    request.currentUser = user;
    if (!hasAnyPermission(user.permList, access.permissions)) throw forbidden();
  });
}
