import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KEYWORD_CATEGORY_MSG,
  KEYWORD_MSG,
  KeywordBodySchema,
  KeywordCategoryBodySchema,
  KeywordCategoryEditBodySchema,
  KeywordCategoryIdsBodySchema,
  KeywordCategoryResultSchema,
  KeywordCategorySchema,
  KeywordIdsBodySchema,
  KeywordResultSchema,
  KeywordSchema,
  KeywordsDeletedSchema,
} from '@tideline/contracts/settings/keywords.schemas';
import { DeactivatedSchema, SettingIdParamsSchema } from '@tideline/contracts/settings/setting-fields';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createKeywordCategoriesService } from './keyword-categories.service';
import { createKeywordsService } from './keywords.service';

// platform.md 7 "Administration": keywords and keyword categories (Global Settings tab 0).
export function keywordsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const keywords = createKeywordsService(deps);
  const categories = createKeywordCategoriesService(deps);
  return async (app) => {
    app.get(
      '/keywords',
      {
        config: { access: { permissions: ['VIEW_KEYWORDS'] } },
        schema: { response: { 200: z.array(KeywordSchema) } },
      },
      () => keywords.listKeywords(),
    );
    app.get(
      '/keywords/:id',
      {
        config: { access: { permissions: ['VIEW_KEYWORDS'] } },
        schema: { params: SettingIdParamsSchema, response: { 200: KeywordSchema } },
      },
      (req) => keywords.findKeyword(req.params.id),
    );
    app.post(
      '/keywords',
      {
        config: { access: { permissions: ['ADD_KEYWORDS'] } },
        schema: { body: KeywordBodySchema, response: { 201: KeywordResultSchema } },
      },
      async (req, reply) => {
        const keyword = await keywords.createKeyword(req.body.keyword, auditContextOf(req));
        return reply.status(201).send({ msg: KEYWORD_MSG.created, keyword });
      },
    );
    app.put(
      '/keywords/:id',
      {
        config: { access: { permissions: ['EDIT_KEYWORDS'] } },
        schema: {
          params: SettingIdParamsSchema,
          body: KeywordBodySchema,
          response: { 200: KeywordResultSchema },
        },
      },
      async (req) => {
        const keyword = await keywords.editKeyword(req.params.id, req.body.keyword, auditContextOf(req));
        return { msg: KEYWORD_MSG.updated, keyword };
      },
    );
    app.delete(
      '/keywords',
      {
        config: { access: { permissions: ['DELETE_KEYWORDS'] } },
        schema: { body: KeywordIdsBodySchema, response: { 200: KeywordsDeletedSchema } },
      },
      async (req) => {
        const deletedCount = await keywords.deleteKeywords(req.body.keywords.ids, auditContextOf(req));
        return { msg: KEYWORD_MSG.deleted, deletedCount };
      },
    );

    app.get(
      '/keyword-category',
      {
        // The keyword form chooses a category.
        config: { access: { permissions: ['VIEW_KEYWORDS', 'ADD_KEYWORDS', 'EDIT_KEYWORDS'] } },
        schema: { response: { 200: z.array(KeywordCategorySchema) } },
      },
      () => categories.listCategories(),
    );
    app.get(
      '/keyword-category/:id',
      {
        config: { access: { permissions: ['VIEW_KEYWORDS'] } },
        schema: { params: SettingIdParamsSchema, response: { 200: KeywordCategorySchema } },
      },
      (req) => categories.findCategory(req.params.id),
    );
    app.post(
      '/keyword-category',
      {
        config: { access: { permissions: ['ADD_KEYWORD_CATEGORIES'] } },
        schema: { body: KeywordCategoryBodySchema, response: { 201: KeywordCategoryResultSchema } },
      },
      async (req, reply) => {
        const keywordCategory = await categories.createCategory(
          req.body.keywordCategory,
          auditContextOf(req),
        );
        return reply.status(201).send({ msg: KEYWORD_CATEGORY_MSG.created, keywordCategory });
      },
    );
    app.put(
      '/keyword-category/:id',
      {
        config: { access: { permissions: ['EDIT_KEYWORD_CATEGORIES'] } },
        schema: {
          params: SettingIdParamsSchema,
          body: KeywordCategoryEditBodySchema,
          response: { 200: KeywordCategoryResultSchema },
        },
      },
      async (req) => {
        const keywordCategory = await categories.editCategory(
          req.currentUser!,
          req.params.id,
          req.body.keywordCategory,
          auditContextOf(req),
        );
        return { msg: KEYWORD_CATEGORY_MSG.updated, keywordCategory };
      },
    );
    // The spec's deactivation body is {keywords:{ids}} even though the ids are categories'.
    app.put(
      '/keyword-category',
      {
        config: { access: { permissions: ['DEACTIVATE_KEYWORD_CATEGORIES'] } },
        schema: { body: KeywordCategoryIdsBodySchema, response: { 200: DeactivatedSchema } },
      },
      async (req) => {
        const deactivatedCount = await categories.deactivateCategories(
          req.body.keywords.ids,
          auditContextOf(req),
        );
        return { msg: KEYWORD_CATEGORY_MSG.deactivated, deactivatedCount };
      },
    );
  };
}
