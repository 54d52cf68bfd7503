import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageSchema } from '@tideline/contracts/common/errors';
import { SettingIdParamsSchema } from '@tideline/contracts/settings/setting-fields';
import {
  TREASURY_LIST_KINDS,
  TREASURY_LISTS,
  TreasuryListsSchema,
  treasuryListBodySchemas,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import {
  createListEntry,
  deleteListEntry,
  editListEntry,
  listTreasuryListSettings,
  type ListEntryValues,
} from './treasury-list-settings.service';

// Issue 17 point 4 (/api/administration/treasury-lists): the treasury staging dialog's pick lists,
// firm-wide, read with VIEW_GLOBAL_SETTINGS and changed with EDIT_GLOBAL_SETTINGS (permissions.md has no
// list of their own; Global Settings holds the lists of the other areas).
export function treasuryListSettingsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  const edit = { config: { access: { permissions: ['EDIT_GLOBAL_SETTINGS' as const] } } };
  return async (app) => {
    app.get(
      '/treasury-lists',
      {
        config: { access: { permissions: ['VIEW_GLOBAL_SETTINGS'] } },
        schema: { response: { 200: TreasuryListsSchema } },
      },
      () => listTreasuryListSettings(db),
    );

    for (const kind of TREASURY_LIST_KINDS) {
      const d = TREASURY_LISTS[kind];
      const bodies = treasuryListBodySchemas(kind);
      const valuesIn = (body: Record<string, unknown>) => body[d.bodyKey] as ListEntryValues;

      app.post(
        `/treasury-lists/${d.path}`,
        { ...edit, schema: { body: bodies.create, response: { 201: bodies.result } } },
        async (req, reply) => {
          const entry = await createListEntry(db, kind, valuesIn(req.body), auditContextOf(req));
          return reply.status(201).send({ msg: d.msg.created, [d.bodyKey]: entry });
        },
      );
      app.put(
        `/treasury-lists/${d.path}/:id`,
        {
          ...edit,
          schema: { params: SettingIdParamsSchema, body: bodies.edit, response: { 200: bodies.result } },
        },
        async (req) => {
          const entry = await editListEntry(db, kind, req.params.id, valuesIn(req.body), auditContextOf(req));
          return { msg: d.msg.updated, [d.bodyKey]: entry };
        },
      );
      app.delete(
        `/treasury-lists/${d.path}/:id`,
        { ...edit, schema: { params: SettingIdParamsSchema, response: { 200: MessageSchema } } },
        async (req) => {
          await deleteListEntry(db, kind, req.params.id, auditContextOf(req));
          return { msg: d.msg.deleted };
        },
      );
    }
  };
}
