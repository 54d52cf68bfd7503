import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignableUserSchema,
  BankClientRelBodySchema,
  BankClientRelationshipSchema,
  BankClientRelResultSchema,
  CLIENT_CATEGORIES,
  CLIENT_MSG,
  CLIENT_TYPES,
  ClientBodySchema,
  ClientIdParamsSchema,
  NameExistsQuerySchema,
  ClientOptionSchema,
  ClientReportStatusSchema,
  ClientResultSchema,
  ClientSchema,
  NameExistsSchema,
  NewBankClientRelBodySchema,
  NumberListSchema,
  OptionListSchema,
  REPORT_FREQUENCIES,
} from '@tideline/contracts';
import { ClientAccountBalancesSchema } from '@tideline/contracts/clients/client-account-balances.schemas';
import {
  StartReportBodySchema,
  StartReportResultSchema,
} from '@tideline/contracts/data-ingestion/start-report.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import * as relationships from '../banks/bank-client-relationships.service';
import { startReport } from '../data-ingestion/batches/start-report.service';
import { findClientAccountBalances } from './client-account-balances.service';
import * as clients from './clients.service';

const FORM_LISTS = { permissions: ['VIEW_CLIENTS', 'ADD_CLIENTS', 'EDIT_CLIENTS'] } as const;

// clients-accounts-investments-reports.md 7 "Clients" (the widgets come with their own issues).
export function clientsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/list',
      {
        // Also feeds the negotiated-rate form (platform.md 7 "Other shared calls").
        config: {
          access: {
            permissions: [
              'VIEW_CLIENTS',
              'ADD_USERS',
              'EDIT_USERS',
              'ADD_NEGOTIATED_RATES',
              'EDIT_NEGOTIATED_RATES',
            ],
          },
        },
        schema: { response: { 200: z.array(ClientOptionSchema) } },
      },
      (req) => clients.listClientOptions(db, req.currentUser!),
    );

    app.get(
      '/all',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { response: { 200: z.array(ClientSchema) } },
      },
      (req) => clients.listClients(db, req.currentUser!),
    );

    app.get(
      '/assignable-users',
      {
        config: { access: { permissions: ['ADD_CLIENTS', 'EDIT_CLIENTS'] } },
        schema: { response: { 200: z.array(AssignableUserSchema) } },
      },
      () => clients.listAssignableUsers(db),
    );

    app.get(
      '/categories',
      { config: { access: FORM_LISTS }, schema: { response: { 200: OptionListSchema } } },
      () => [...CLIENT_CATEGORIES],
    );
    app.get(
      '/types',
      { config: { access: FORM_LISTS }, schema: { response: { 200: OptionListSchema } } },
      () => [...CLIENT_TYPES],
    );
    app.get(
      '/allowed-report-frequencies',
      { config: { access: FORM_LISTS }, schema: { response: { 200: NumberListSchema } } },
      () => [...REPORT_FREQUENCIES],
    );

    // Ours: the same-name warning (platform.md 5) asks before saving; the server allows the name.
    app.get(
      '/name-exists',
      {
        config: { access: { permissions: ['ADD_CLIENTS', 'EDIT_CLIENTS'] } },
        schema: { querystring: NameExistsQuerySchema, response: { 200: NameExistsSchema } },
      },
      async (req) => ({
        exists: await clients.clientNameExists(db, req.currentUser!, req.query.name, req.query.exceptId),
      }),
    );

    app.post(
      '/add',
      {
        config: { access: { permissions: ['ADD_CLIENTS'] } },
        schema: { body: ClientBodySchema, response: { 201: ClientResultSchema } },
      },
      async (req, reply) => {
        const client = await clients.createClient(db, req.currentUser!, req.body.client, auditContextOf(req));
        return reply.status(201).send({ msg: CLIENT_MSG.created, client });
      },
    );

    app.get(
      '/banks/all/:id',
      {
        config: { access: { permissions: ['VIEW_BANK_CLIENT_RELATIONSHIPS'] } },
        schema: { params: ClientIdParamsSchema, response: { 200: z.array(BankClientRelationshipSchema) } },
      },
      async (req) => {
        await clients.findVisibleClient(db, req.currentUser!, req.params.id);
        return relationships.listClientRelationships(db, req.params.id);
      },
    );

    // Ours (the spec shows no path): relate a bank to the client; adding an account does it too.
    app.post(
      '/banks',
      {
        config: { access: { permissions: ['EDIT_BANK_CLIENT_RELATIONSHIPS'] } },
        schema: { body: NewBankClientRelBodySchema, response: { 201: BankClientRelResultSchema } },
      },
      async (req, reply) => {
        await clients.findVisibleClient(db, req.currentUser!, req.body.bankClientRel.clientId);
        const bankClientRel = await relationships.createRelationship(
          db,
          req.body.bankClientRel,
          auditContextOf(req),
        );
        return reply.status(201).send({ msg: CLIENT_MSG.relationshipCreated, bankClientRel });
      },
    );

    app.put(
      '/banks/:id',
      {
        config: { access: { permissions: ['EDIT_BANK_CLIENT_RELATIONSHIPS'] } },
        schema: {
          params: ClientIdParamsSchema,
          body: BankClientRelBodySchema,
          response: { 200: BankClientRelResultSchema },
        },
      },
      async (req) => {
        const { id } = req.params;
        const bankClientRel = await relationships.editRelationship(
          db,
          req.currentUser!,
          id,
          req.body.bankClientRel,
          auditContextOf(req),
        );
        return { msg: CLIENT_MSG.relationshipUpdated, bankClientRel };
      },
    );

    // Start Report (spec 4, 5, 7): opens the client's reporting cycle; the cycle belongs to data ingestion.
    app.post(
      '/start-report/:id',
      {
        config: { access: { permissions: ['START_REPORT'] } },
        schema: {
          params: ClientIdParamsSchema,
          body: StartReportBodySchema,
          response: { 201: StartReportResultSchema },
        },
      },
      async (req, reply) => {
        const { id } = req.params;
        const result = await startReport(db, req.currentUser!, id, req.body.client, auditContextOf(req));
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/account-balance/:id',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { params: ClientIdParamsSchema, response: { 200: ClientAccountBalancesSchema } },
      },
      (req) => findClientAccountBalances(db, req.currentUser!, req.params.id),
    );

    app.get(
      '/report-status/:id',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { params: ClientIdParamsSchema, response: { 200: z.array(ClientReportStatusSchema) } },
      },
      (req) => clients.reportStatusOf(db, req.currentUser!, req.params.id),
    );

    app.get(
      '/:id',
      {
        config: { access: { permissions: ['VIEW_CLIENTS'] } },
        schema: { params: ClientIdParamsSchema, response: { 200: ClientSchema } },
      },
      (req) => clients.findVisibleClient(db, req.currentUser!, req.params.id),
    );

    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_CLIENTS'] } },
        schema: {
          params: ClientIdParamsSchema,
          body: ClientBodySchema,
          response: { 200: ClientResultSchema },
        },
      },
      async (req) => {
        const client = await clients.editClient(
          db,
          req.currentUser!,
          req.params.id,
          req.body.client,
          auditContextOf(req),
        );
        return { msg: CLIENT_MSG.updated, client };
      },
    );
  };
}
