import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoggedUserSchema } from '@tideline/contracts';
import { toLoggedUser } from './users.service';

// platform.md 7 "Users". The rest of /api/users arrives with user management.
export function usersRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/logged-user',
      { config: { access: { permissions: [] } }, schema: { response: { 200: LoggedUserSchema } } },
      (req) => toLoggedUser(req.currentUser!),
    );
  };
}
