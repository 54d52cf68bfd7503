import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClientAssociationSchema,
  EmailParamsSchema,
  LoggedUserSchema,
  MessageSchema,
  ProfileBodySchema,
  ProfileResultSchema,
  RoleOptionSchema,
  USER_MSG,
  UserBodySchema,
  UserIdParamSchema,
  UserIdParamsSchema,
  UserOptionSchema,
  UserResultSchema,
  UserSchema,
} from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { listRoleOptions } from '../roles/roles.service';
import type { UserEdits } from './user-edits.service';
import type { ProfileEdits } from './user-profile.service';
import { findClientAssociation, findUser, findUsers, listUserOptions, toLoggedUser } from './users.service';

// platform.md 7 "Users": the paths and bodies of the spec; rules live in the services.
export function usersRoutes(deps: {
  db: Db;
  edits: UserEdits;
  profile: ProfileEdits;
}): FastifyPluginAsyncZod {
  const { db, edits, profile } = deps;
  return async (app) => {
    app.get(
      '/logged-user',
      { config: { access: { permissions: [] } }, schema: { response: { 200: LoggedUserSchema } } },
      (req) => toLoggedUser(req.currentUser!),
    );

    app.get(
      '/all',
      {
        config: { access: { permissions: ['VIEW_USERS'] } },
        schema: { response: { 200: z.array(UserSchema) } },
      },
      (req) => findUsers(db, req.currentUser!),
    );

    app.get(
      '/list',
      {
        config: { access: { permissions: ['VIEW_USERS', 'VIEW_NOTES', 'ADD_NOTES'] } },
        schema: { response: { 200: z.array(UserOptionSchema) } },
      },
      (req) => listUserOptions(db, req.currentUser!),
    );

    app.get(
      '/roles',
      {
        config: { access: { permissions: ['VIEW_USERS', 'ADD_USERS', 'EDIT_USERS', 'VIEW_ROLES'] } },
        schema: { response: { 200: z.array(RoleOptionSchema) } },
      },
      () => listRoleOptions(db),
    );

    app.get(
      '/client-association/:userId',
      {
        config: { access: { permissions: ['VIEW_USERS', 'VIEW_USER_CLIENT_ASSOCIATIONS'] } },
        schema: { params: UserIdParamSchema, response: { 200: z.array(ClientAssociationSchema) } },
      },
      (req) => findClientAssociation(db, req.currentUser!, req.params.userId),
    );

    app.get(
      '/:id',
      {
        config: { access: { permissions: ['VIEW_USERS'] } },
        schema: { params: UserIdParamsSchema, response: { 200: UserSchema } },
      },
      (req) => findUser(db, req.currentUser!, req.params.id),
    );

    app.post(
      '/add',
      {
        config: { access: { permissions: ['ADD_USERS'] } },
        schema: { body: UserBodySchema, response: { 201: UserResultSchema } },
      },
      async (req, reply) => {
        const user = await edits.createUser(req.currentUser!, req.body.user, auditContextOf(req));
        return reply.status(201).send({ msg: USER_MSG.created, user });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_USERS'] } },
        schema: { params: UserIdParamsSchema, body: UserBodySchema, response: { 200: UserResultSchema } },
      },
      async (req) => {
        const user = await edits.editUser(
          req.currentUser!,
          req.params.id,
          req.body.user,
          auditContextOf(req),
        );
        return { msg: USER_MSG.updated, user };
      },
    );

    app.put(
      '/profile/:id',
      {
        config: { access: { permissions: [] } },
        schema: {
          params: UserIdParamsSchema,
          body: ProfileBodySchema,
          response: { 200: ProfileResultSchema },
        },
      },
      async (req) => {
        const user = await profile.editProfile(
          req.currentUser!,
          req.params.id,
          req.body.user,
          auditContextOf(req),
        );
        return { msg: USER_MSG.profileUpdated, ...user };
      },
    );

    app.put(
      '/reset-mfa/:email',
      {
        config: { access: { permissions: ['RESET_MFA'] } },
        schema: { params: EmailParamsSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await edits.resetUserMfa(req.currentUser!, req.params.email, auditContextOf(req));
        return { msg: USER_MSG.mfaResetSuccessful };
      },
    );

    app.post(
      '/resend-invite/:email',
      {
        config: { access: { permissions: ['RESEND_INVITE'] } },
        schema: { params: EmailParamsSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await edits.resendInvite(req.currentUser!, req.params.email, auditContextOf(req));
        return { msg: USER_MSG.inviteSent };
      },
    );
  };
}
