import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NameExistsSchema } from '@tideline/contracts/clients/clients.schemas';
import {
  AddGroupInvestmentsBodySchema,
  GroupInvestmentsCountSchema,
  INVESTMENT_GROUP_MSG,
  InvestmentGroupDetailSchema,
  InvestmentGroupIdParamsSchema,
  InvestmentGroupIdsBodySchema,
  InvestmentGroupNameExistsQuerySchema,
  InvestmentGroupOptionSchema,
  InvestmentGroupResultSchema,
  InvestmentGroupSchema,
  InvestmentGroupUpdateBodySchema,
  NewInvestmentGroupBodySchema,
  RemoveGroupInvestmentsBodySchema,
} from '@tideline/contracts/investments/investment-groups.schemas';
import { InvestmentIdParamsSchema } from '@tideline/contracts/investments/investments.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createInvestmentGroupsService } from './investment-groups.service';

const viewGroups = { access: { permissions: ['VIEW_INVESTMENT_GROUPS' as const] } };
const CountResult = { 200: GroupInvestmentsCountSchema };

// clients-accounts-investments-reports.md 7 "Investments": the investment group calls.
export function investmentGroupsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const groups = createInvestmentGroupsService(deps);
  return async (app) => {
    app.get(
      '/groups',
      { config: viewGroups, schema: { response: { 200: z.array(InvestmentGroupSchema) } } },
      (req) => groups.listGroups(req.currentUser!),
    );
    app.get(
      '/groups/list',
      { config: viewGroups, schema: { response: { 200: z.array(InvestmentGroupOptionSchema) } } },
      (req) => groups.listGroupOptions(req.currentUser!),
    );
    app.get(
      '/groups/name-exists',
      {
        config: { access: { permissions: ['ADD_INVESTMENT_GROUPS', 'EDIT_INVESTMENT_GROUPS'] } },
        schema: { querystring: InvestmentGroupNameExistsQuerySchema, response: { 200: NameExistsSchema } },
      },
      async (req) => ({
        exists: await groups.groupNameExists(req.currentUser!, req.query.name, req.query.exceptId),
      }),
    );
    app.get(
      '/groups/single/:id',
      {
        config: viewGroups,
        schema: { params: InvestmentGroupIdParamsSchema, response: { 200: InvestmentGroupSchema } },
      },
      (req) => groups.findGroup(req.currentUser!, req.params.id),
    );
    app.get(
      '/groups/:id',
      {
        config: viewGroups,
        schema: { params: InvestmentGroupIdParamsSchema, response: { 200: InvestmentGroupDetailSchema } },
      },
      (req) => groups.findGroupDetail(req.currentUser!, req.params.id),
    );
    app.post(
      '/groups',
      {
        config: { access: { permissions: ['ADD_INVESTMENT_GROUPS'] } },
        schema: { body: NewInvestmentGroupBodySchema, response: { 200: InvestmentGroupResultSchema } },
      },
      async (req) => {
        const group = await groups.createGroup(
          req.currentUser!,
          req.body.investment.groupName,
          auditContextOf(req),
        );
        return { msg: INVESTMENT_GROUP_MSG.created, group };
      },
    );
    app.put(
      '/groups/update/:id',
      {
        config: { access: { permissions: ['EDIT_INVESTMENT_GROUPS'] } },
        schema: {
          params: InvestmentGroupIdParamsSchema,
          body: InvestmentGroupUpdateBodySchema,
          response: { 200: InvestmentGroupResultSchema },
        },
      },
      async (req) => {
        const name = req.body.investment.groupName;
        const group = await groups.renameGroup(req.currentUser!, req.params.id, name, auditContextOf(req));
        return { msg: INVESTMENT_GROUP_MSG.updated, group };
      },
    );
    app.delete(
      '/groups/',
      {
        config: { access: { permissions: ['DELETE_INVESTMENT_GROUPS'] } },
        schema: { body: InvestmentGroupIdsBodySchema, response: CountResult },
      },
      async (req) => {
        const count = await groups.deleteGroups(req.currentUser!, req.body.groupIds, auditContextOf(req));
        return { msg: INVESTMENT_GROUP_MSG.deleted, count };
      },
    );
    app.get(
      '/group-association/:id',
      {
        config: viewGroups,
        schema: { params: InvestmentIdParamsSchema, response: { 200: z.array(InvestmentGroupOptionSchema) } },
      },
      (req) => groups.listInvestmentGroups(req.currentUser!, req.params.id),
    );
    app.post(
      '/group-association/:id',
      {
        config: { access: { permissions: ['ADD_INVESTMENT_GROUP_ASSOCIATIONS'] } },
        schema: {
          params: InvestmentGroupIdParamsSchema,
          body: AddGroupInvestmentsBodySchema,
          response: CountResult,
        },
      },
      async (req) => {
        const ids = req.body.investment.investmentIdList;
        const count = await groups.addInvestments(req.currentUser!, req.params.id, ids, auditContextOf(req));
        return { msg: INVESTMENT_GROUP_MSG.investmentsAdded, count };
      },
    );
    app.delete(
      '/group-association',
      {
        config: { access: { permissions: ['REMOVE_INVESTMENT_GROUP_ASSOCIATIONS'] } },
        schema: { body: RemoveGroupInvestmentsBodySchema, response: CountResult },
      },
      async (req) => {
        const { groupId, investmentIdList } = req.body.investment;
        const count = await groups.removeInvestments(
          req.currentUser!,
          groupId,
          investmentIdList,
          auditContextOf(req),
        );
        return { msg: INVESTMENT_GROUP_MSG.investmentsRemoved, count };
      },
    );
  };
}
