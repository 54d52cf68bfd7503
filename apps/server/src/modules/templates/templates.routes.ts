import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ManageTemplateBodySchema,
  MessageSchema,
  PREVIEW_MAX_BYTES,
  StoredTemplateSchema,
  TEMPLATE_MSG,
  TemplateIdParamsSchema,
  TemplateListRowSchema,
  TemplatePreviewBodySchema,
  TemplatePreviewSchema,
  TemplateResultSchema,
  TemplatesOfRelParamsSchema,
} from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { previewTemplate, type PreviewDeps } from './template-preview.service';
import * as templates from './templates.service';

// clients-accounts-investments-reports.md 7 "Templates", plus our preview.
export function templatesRoutes(deps: { db: Db; preview: PreviewDeps }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/all/:type/:bankClientRelId',
      {
        config: { access: { permissions: ['VIEW_TEMPLATES'] } },
        schema: { params: TemplatesOfRelParamsSchema, response: { 200: z.array(StoredTemplateSchema) } },
      },
      (req) =>
        templates.listTemplatesOfRel(db, req.currentUser!, req.params.type, req.params.bankClientRelId),
    );

    app.get(
      '/transaction',
      {
        config: { access: { permissions: ['VIEW_TEMPLATES'] } },
        schema: { response: { 200: z.array(TemplateListRowSchema) } },
      },
      (req) => templates.listTransactionTemplates(db, req.currentUser!),
    );

    app.post(
      '/manage',
      {
        config: { access: { permissions: ['MANAGE_TEMPLATES'] } },
        schema: { body: ManageTemplateBodySchema, response: { 200: TemplateResultSchema } },
      },
      async (req) => {
        const template = await templates.manageTemplate(
          db,
          req.currentUser!,
          req.body.template,
          auditContextOf(req),
        );
        return { msg: TEMPLATE_MSG.saved, template };
      },
    );

    // Ours: the template dialog's live preview; the sample travels as base64 in the body.
    app.post(
      '/preview',
      {
        bodyLimit: Math.ceil((PREVIEW_MAX_BYTES * 4) / 3) + 64 * 1024,
        config: { access: { permissions: ['MANAGE_TEMPLATES'] } },
        schema: { body: TemplatePreviewBodySchema, response: { 200: TemplatePreviewSchema } },
      },
      (req) => previewTemplate(deps.preview, req.currentUser!, req.body),
    );

    app.get(
      '/:id',
      {
        config: { access: { permissions: ['VIEW_TEMPLATES'] } },
        schema: { params: TemplateIdParamsSchema, response: { 200: StoredTemplateSchema } },
      },
      (req) => templates.findVisibleTemplate(db, req.currentUser!, req.params.id),
    );

    app.delete(
      '/:id',
      {
        config: { access: { permissions: ['DELETE_TEMPLATES'] } },
        schema: { params: TemplateIdParamsSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await templates.deleteTemplate(db, req.currentUser!, req.params.id, auditContextOf(req));
        return { msg: TEMPLATE_MSG.deleted };
      },
    );
  };
}
