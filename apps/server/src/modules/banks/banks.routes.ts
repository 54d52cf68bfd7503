import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_MSG,
  BankBodySchema,
  BankDefaultFrequencySchema,
  BankIdParamsSchema,
  BankOptionSchema,
  BankResultSchema,
  BankSchema,
  NameExistsQuerySchema,
  DATA_GATHERING_FREQUENCIES,
  InstitutionTypeOptionSchema,
  NameExistsSchema,
  NumberListSchema,
} from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import * as banks from './banks.service';

// Pickers of banks and their defaults serve the bank form, the account form and relationships.
const BANK_PICKERS = {
  permissions: [
    'VIEW_BANKS',
    'ADD_BANKS',
    'EDIT_BANKS',
    'ADD_ACCOUNTS',
    'EDIT_ACCOUNTS',
    'EDIT_BANK_CLIENT_RELATIONSHIPS',
    'ADD_NEGOTIATED_RATES',
    'EDIT_NEGOTIATED_RATES',
  ],
} as const;

// clients-accounts-investments-reports.md 7 "Banks".
export function banksRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/all',
      {
        config: { access: { permissions: ['VIEW_BANKS'] } },
        schema: { response: { 200: z.array(BankSchema) } },
      },
      (req) => banks.listBanks(db, req.currentUser!),
    );

    app.get(
      '/list',
      { config: { access: BANK_PICKERS }, schema: { response: { 200: z.array(BankOptionSchema) } } },
      (req) => banks.listBankOptions(db, req.currentUser!),
    );

    app.get(
      '/allowed-data-gathering-values',
      { config: { access: BANK_PICKERS }, schema: { response: { 200: NumberListSchema } } },
      () => [...DATA_GATHERING_FREQUENCIES],
    );

    app.get(
      '/default-data-gathering-frequencies',
      {
        config: { access: BANK_PICKERS },
        schema: { response: { 200: z.array(BankDefaultFrequencySchema) } },
      },
      (req) => banks.listDefaultFrequencies(db, req.currentUser!),
    );

    app.get(
      '/types/list',
      {
        config: { access: { permissions: ['VIEW_BANKS', 'ADD_BANKS', 'EDIT_BANKS'] } },
        schema: { response: { 200: z.array(InstitutionTypeOptionSchema) } },
      },
      () => banks.listInstitutionTypeOptions(db),
    );

    // Ours: the same-name warning (platform.md 5) asks before saving; the server allows the name.
    app.get(
      '/name-exists',
      {
        config: { access: { permissions: ['ADD_BANKS', 'EDIT_BANKS'] } },
        schema: { querystring: NameExistsQuerySchema, response: { 200: NameExistsSchema } },
      },
      async (req) => ({ exists: await banks.bankNameExists(db, req.query.name, req.query.exceptId) }),
    );

    app.post(
      '/add',
      {
        config: { access: { permissions: ['ADD_BANKS'] } },
        schema: { body: BankBodySchema, response: { 201: BankResultSchema } },
      },
      async (req, reply) => {
        const bank = await banks.createBank(db, req.currentUser!, req.body.bank, auditContextOf(req));
        return reply.status(201).send({ msg: BANK_MSG.created, bank });
      },
    );

    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_BANKS'] } },
        schema: { params: BankIdParamsSchema, body: BankBodySchema, response: { 200: BankResultSchema } },
      },
      async (req) => {
        const bank = await banks.editBank(
          db,
          req.currentUser!,
          req.params.id,
          req.body.bank,
          auditContextOf(req),
        );
        return { msg: BANK_MSG.updated, bank };
      },
    );
  };
}
