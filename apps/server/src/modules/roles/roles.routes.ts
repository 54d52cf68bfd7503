import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLE_MSG,
  RoleBodySchema,
  RoleHoldersParamsSchema,
  RoleHoldersSchema,
  RoleIdParamsSchema,
  RoleResultSchema,
  RoleSchema,
} from '@tideline/contracts';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { RolesService } from './roles.service';

// Ours (issue 3): the roles an administrator edits; permissions come from the one catalogue.
export function rolesRoutes(deps: { roles: RolesService }): FastifyPluginAsyncZod {
  const { roles } = deps;
  return async (app) => {
    app.get(
      '',
      {
        config: { access: { permissions: ['VIEW_ROLES'] } },
        schema: { response: { 200: z.array(RoleSchema) } },
      },
      () => roles.listRoles(),
    );

    // Issue 42 point 4: a screen refusing an action names the roles that may take it. Anyone signed in
    // may ask, since those who lack a permission are the ones who need the answer.
    app.get(
      '/holding/:permission',
      {
        config: { access: { permissions: [] } },
        schema: { params: RoleHoldersParamsSchema, response: { 200: RoleHoldersSchema } },
      },
      (req) => roles.listRoleHolders(req.params.permission),
    );

    app.post(
      '',
      {
        config: { access: { permissions: ['EDIT_ROLES'] } },
        schema: { body: RoleBodySchema, response: { 201: RoleResultSchema } },
      },
      async (req, reply) => {
        const role = await roles.createRole(req.currentUser!, req.body.role, auditContextOf(req));
        return reply.status(201).send({ msg: ROLE_MSG.created, role });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_ROLES'] } },
        schema: { params: RoleIdParamsSchema, body: RoleBodySchema, response: { 200: RoleResultSchema } },
      },
      async (req) => {
        const role = await roles.editRole(
          req.currentUser!,
          req.params.id,
          req.body.role,
          auditContextOf(req),
        );
        return { msg: ROLE_MSG.updated, role };
      },
    );
  };
}
