import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SETTING_TYPE_KINDS,
  SETTING_TYPES,
  SettingTypeOptionSchema,
  settingTypeBodySchemas,
  settingTypeRowSchema,
  type SettingTypeDefinition,
} from '@tideline/contracts/settings/setting-types.schemas';
import { DeactivatedSchema, SettingIdParamsSchema } from '@tideline/contracts/settings/setting-fields';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createSettingTypesService } from './setting-types.service';

// The bodies are keyed by the spec's names, which differ per type ({quoteType:{quoteTypeName}}).
type Wrapped = Record<string, Record<string, unknown>>;
const nameIn = (d: SettingTypeDefinition, body: Wrapped) => body[d.bodyKey]![d.nameKey] as string;
const statusIn = (d: SettingTypeDefinition, body: Wrapped) => body[d.bodyKey]!.status as 0 | 1;
const callableIn = (d: SettingTypeDefinition, body: Wrapped) =>
  d.hasCallable ? (body[d.bodyKey]!.callable as boolean | undefined) : undefined;
const idsIn = (d: SettingTypeDefinition, body: Wrapped) => body[d.idsBody[0]]![d.idsBody[1]] as number[];

// The negotiated-rate form picks a quote type (platform.md 7 "Other shared calls").
const QUOTE_TYPE_PICKERS = [
  'VIEW_QUOTE_TYPES',
  'VIEW_NEGOTIATED_RATES',
  'ADD_NEGOTIATED_RATES',
  'EDIT_NEGOTIATED_RATES',
] as const;

// platform.md 7 "Administration": note categories, quote types, investment types, institution types.
export function settingTypesRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const types = createSettingTypesService(deps);
  return async (app) => {
    app.get(
      '/quote-types/list',
      {
        config: { access: { permissions: [...QUOTE_TYPE_PICKERS] } },
        schema: { response: { 200: z.array(SettingTypeOptionSchema) } },
      },
      () => types.listTypeOptions('quoteType'),
    );

    for (const kind of SETTING_TYPE_KINDS) {
      const d = SETTING_TYPES[kind];
      const row = settingTypeRowSchema(d);
      const bodies = settingTypeBodySchemas(d);
      const { view, add, edit, deactivate } = d.permissions;

      app.get(
        `/${d.path}`,
        { config: { access: { permissions: [view] } }, schema: { response: { 200: z.array(row) } } },
        () => types.listTypes(kind),
      );
      app.get(
        `/${d.path}/:id`,
        {
          config: { access: { permissions: [view] } },
          schema: { params: SettingIdParamsSchema, response: { 200: row } },
        },
        (req) => types.findType(kind, req.params.id),
      );
      app.post(
        `/${d.path}`,
        {
          config: { access: { permissions: [add] } },
          schema: { body: bodies.create, response: { 201: bodies.result } },
        },
        async (req, reply) => {
          const created = await types.createType(
            kind,
            nameIn(d, req.body),
            auditContextOf(req),
            callableIn(d, req.body),
          );
          return reply.status(201).send({ msg: d.msg.created, [d.bodyKey]: created });
        },
      );
      app.put(
        `/${d.path}/:id`,
        {
          config: { access: { permissions: [edit] } },
          schema: { params: SettingIdParamsSchema, body: bodies.edit, response: { 200: bodies.result } },
        },
        async (req) => {
          const input = {
            name: nameIn(d, req.body),
            status: statusIn(d, req.body),
            callable: callableIn(d, req.body),
          };
          const updated = await types.editType(
            kind,
            req.currentUser!,
            req.params.id,
            input,
            auditContextOf(req),
          );
          return { msg: d.msg.updated, [d.bodyKey]: updated };
        },
      );
      app.put(
        `/${d.path}`,
        {
          config: { access: { permissions: [deactivate] } },
          schema: { body: bodies.deactivate, response: { 200: DeactivatedSchema } },
        },
        async (req) => {
          const deactivatedCount = await types.deactivateTypes(kind, idsIn(d, req.body), auditContextOf(req));
          return { msg: d.msg.deactivated, deactivatedCount };
        },
      );
    }
  };
}
