import type { Permission } from '@tideline/contracts';

/**
 * What every route declares in `config.access`: either public (with the reason, for the review table),
 * or the permissions it needs, any one of which suffices. `permissions: []` means any signed-in user.
 */
export type RouteAccess = { public: true; reason: string } | { permissions: readonly Permission[] };

export interface CurrentUser {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  roleName: string;
  permList: Permission[];
  isClientScoped: boolean;
  clientIds: number[];
  /** The session (sign-in) of the request's access token; absent for the system actors of seeding. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export function describeAccess(access: RouteAccess | undefined): string {
  if (!access) return 'UNDECLARED';
  if ('public' in access) return `public (${access.reason})`;
  return access.permissions.length ? access.permissions.join(' | ') : 'any signed-in user';
}
