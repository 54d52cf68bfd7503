import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GLOBAL_SETTING_MSG,
  GlobalSettingBodySchema,
  GlobalSettingIdParamsSchema,
  GlobalSettingResultSchema,
  GlobalSettingSchema,
  type GlobalSettingId,
} from '@tideline/contracts/settings/global-settings.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { firmRoutes } from './firm.routes';
import { createGlobalSettingsService } from './global-settings.service';

// platform.md 7 "Administration": GET and PUT /global-setting/{id} with {globalSetting:{value}}; the
// firm the reports name (ours) beside them.
export function globalSettingsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const settings = createGlobalSettingsService(deps);
  return async (app) => {
    await app.register(firmRoutes(deps));
    app.get(
      '/global-setting/:id',
      {
        // The maturing widgets get their window with their own answers, so reading needs the settings view.
        config: { access: { permissions: ['VIEW_GLOBAL_SETTINGS'] } },
        schema: { params: GlobalSettingIdParamsSchema, response: { 200: GlobalSettingSchema } },
      },
      (req) => settings.findGlobalSetting(req.params.id as GlobalSettingId),
    );
    app.put(
      '/global-setting/:id',
      {
        config: { access: { permissions: ['EDIT_GLOBAL_SETTINGS'] } },
        schema: {
          params: GlobalSettingIdParamsSchema,
          body: GlobalSettingBodySchema,
          response: { 200: GlobalSettingResultSchema },
        },
      },
      async (req) => {
        const globalSetting = await settings.updateGlobalSetting(
          req.params.id as GlobalSettingId,
          req.body.globalSetting.value,
          auditContextOf(req),
        );
        return { msg: GLOBAL_SETTING_MSG.updated, globalSetting };
      },
    );
  };
}
