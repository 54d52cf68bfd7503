import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_GROUP_MSG,
  AccountGroupAssociationBodySchema,
  AccountGroupAssociationSchema,
  AccountGroupDetailSchema,
  AccountGroupNameBodySchema,
  AccountGroupResultSchema,
  AccountGroupSchema,
  AddGroupAccountsBodySchema,
  CountResultSchema,
  GroupIdParamsSchema,
  GroupIdsBodySchema,
  GroupOptionSchema,
  NewAccountGroupBodySchema,
  RemoveGroupAccountsBodySchema,
} from '@tideline/contracts/accounts/account-groups.schemas';
import {
  AccountClientParamsSchema,
  AccountIdParamsSchema,
} from '@tideline/contracts/accounts/accounts.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createAccountGroupsService } from './account-groups.service';

// clients-accounts-investments-reports.md 7 "Accounts", the /groups calls (prefix /api/accounts).
export function accountGroupsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const groups = createAccountGroupsService(deps);
  return async (app) => {
    app.post(
      '/groups/',
      {
        config: { access: { permissions: ['ADD_ACCOUNT_GROUPS'] } },
        schema: { body: NewAccountGroupBodySchema, response: { 201: AccountGroupResultSchema } },
      },
      async (req, reply) => {
        const group = await groups.createGroup(req.currentUser!, req.body.account, auditContextOf(req));
        return reply.status(201).send({ msg: ACCOUNT_GROUP_MSG.created, group });
      },
    );
    app.get(
      '/groups/list/:clientId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_GROUPS'] } },
        schema: { params: AccountClientParamsSchema, response: { 200: z.array(GroupOptionSchema) } },
      },
      (req) => groups.listGroupOptions(req.currentUser!, req.params.clientId),
    );
    app.get(
      '/groups/all/:clientId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_GROUPS'] } },
        schema: { params: AccountClientParamsSchema, response: { 200: z.array(AccountGroupSchema) } },
      },
      (req) => groups.listGroups(req.currentUser!, req.params.clientId),
    );
    app.get(
      '/groups/association/:accountId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_GROUPS'] } },
        schema: { params: AccountIdParamsSchema, response: { 200: z.array(AccountGroupAssociationSchema) } },
      },
      (req) => groups.listAssociations(req.currentUser!, req.params.accountId),
    );
    app.put(
      '/groups/association/:accountId',
      {
        config: { access: { permissions: ['EDIT_ACCOUNT_GROUPS'] } },
        schema: {
          params: AccountIdParamsSchema,
          body: AccountGroupAssociationBodySchema,
          response: {
            200: z.object({ msg: z.string(), associations: z.array(AccountGroupAssociationSchema) }),
          },
        },
      },
      async (req) => {
        const ids = req.body.account.groupIds;
        const associations = await groups.setAssociations(
          req.currentUser!,
          req.params.accountId,
          ids,
          auditContextOf(req),
        );
        return { msg: ACCOUNT_GROUP_MSG.associationsUpdated, associations };
      },
    );
    app.delete(
      '/groups/association',
      {
        config: { access: { permissions: ['REMOVE_ACCOUNT_GROUP_ASSOCIATIONS'] } },
        schema: { body: RemoveGroupAccountsBodySchema, response: { 200: CountResultSchema } },
      },
      async (req) => {
        const ids = req.body.account.accountGroupXrefs;
        const count = await groups.removeMemberships(req.currentUser!, ids, auditContextOf(req));
        return { msg: ACCOUNT_GROUP_MSG.accountsRemoved, count };
      },
    );
    app.delete(
      '/groups',
      {
        config: { access: { permissions: ['DELETE_ACCOUNT_GROUPS'] } },
        schema: { body: GroupIdsBodySchema, response: { 200: CountResultSchema } },
      },
      async (req) => {
        const count = await groups.deleteGroups(
          req.currentUser!,
          req.body.account.groupIds,
          auditContextOf(req),
        );
        return { msg: ACCOUNT_GROUP_MSG.deleted, count };
      },
    );
    app.get(
      '/groups/:groupId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_GROUPS'] } },
        schema: { params: GroupIdParamsSchema, response: { 200: AccountGroupDetailSchema } },
      },
      (req) => groups.findGroup(req.currentUser!, req.params.groupId),
    );
    app.put(
      '/groups/:groupId',
      {
        config: { access: { permissions: ['EDIT_ACCOUNT_GROUPS'] } },
        schema: {
          params: GroupIdParamsSchema,
          body: AccountGroupNameBodySchema,
          response: { 200: AccountGroupResultSchema },
        },
      },
      async (req) => {
        const name = req.body.account.accountGroupName;
        const group = await groups.renameGroup(
          req.currentUser!,
          req.params.groupId,
          name,
          auditContextOf(req),
        );
        return { msg: ACCOUNT_GROUP_MSG.updated, group };
      },
    );
    app.post(
      '/groups/:groupId',
      {
        config: { access: { permissions: ['EDIT_ACCOUNT_GROUPS'] } },
        schema: {
          params: GroupIdParamsSchema,
          body: AddGroupAccountsBodySchema,
          response: { 200: CountResultSchema },
        },
      },
      async (req) => {
        const ids = req.body.account.accountIdList;
        const count = await groups.addAccounts(
          req.currentUser!,
          req.params.groupId,
          ids,
          auditContextOf(req),
        );
        return { msg: ACCOUNT_GROUP_MSG.accountsAdded, count };
      },
    );
  };
}
