import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PagedListRequestSchema } from '@tideline/contracts';
import {
  AssignExceptionSchema,
  ClientExceptionCountsSchema,
  DetectExceptionsResultSchema,
  DetectExceptionsSchema,
  ExceptionAssigneesSchema,
  ExceptionClientParamsSchema,
  ExceptionDigestSchema,
  ExceptionDueDateSchema,
  ExceptionHistorySchema,
  ExceptionListSchema,
  ExceptionParamsSchema,
  ExceptionSchema,
  ResolveExceptionSchema,
  SnoozeExceptionSchema,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { detectNow, findDigest, saveDigest } from './exception-actions.service';
import { dayOf } from './exceptions.job';
import {
  assignException,
  countClientExceptions,
  findVisibleException,
  listExceptionHistory,
  listExceptions,
  listMyExceptions,
  listPossibleAssignees,
  reopenException,
  resolveException,
  setExceptionDueDate,
  snoozeException,
} from './exceptions.service';

const VIEW = { access: { permissions: ['VIEW_EXCEPTIONS' as const] } };
const EDIT = { access: { permissions: ['EDIT_EXCEPTIONS' as const] } };
const one = { params: ExceptionParamsSchema, response: { 200: ExceptionSchema } };

// The cross-client exception queue (issue 43; ours): read with VIEW_EXCEPTIONS, act with EDIT_EXCEPTIONS,
// always within the user's clients.
export function exceptionsRoutes(deps: { db: Db; jobs: Pick<JobRunner, 'enqueue'> }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/list',
      { config: VIEW, schema: { body: PagedListRequestSchema, response: { 200: ExceptionListSchema } } },
      (req) => listExceptions(db, req.currentUser!, req.body),
    );
    app.get('/mine', { config: VIEW, schema: { response: { 200: z.array(ExceptionSchema) } } }, (req) =>
      listMyExceptions(db, req.currentUser!),
    );
    app.get('/counts', { config: VIEW, schema: { response: { 200: ClientExceptionCountsSchema } } }, (req) =>
      countClientExceptions(db, req.currentUser!),
    );
    app.get('/digest', { config: VIEW, schema: { response: { 200: ExceptionDigestSchema } } }, (req) =>
      findDigest(db, req.currentUser!),
    );
    app.put(
      '/digest',
      { config: VIEW, schema: { body: ExceptionDigestSchema, response: { 200: ExceptionDigestSchema } } },
      (req) => saveDigest(db, auditContextOf(req), req.currentUser!, req.body),
    );
    app.get(
      '/assignees/:clientId',
      {
        config: VIEW,
        schema: { params: ExceptionClientParamsSchema, response: { 200: ExceptionAssigneesSchema } },
      },
      (req) => listPossibleAssignees(db, req.currentUser!, req.params.clientId),
    );
    app.post(
      '/detect',
      {
        config: EDIT,
        schema: { body: DetectExceptionsSchema, response: { 202: DetectExceptionsResultSchema } },
      },
      async (req, reply) =>
        reply.code(202).send(await detectNow(db, deps.jobs, req.currentUser!, req.body.clientId)),
    );
    app.get('/:exceptionId', { config: VIEW, schema: one }, (req) =>
      findVisibleException(db, req.currentUser!, req.params.exceptionId),
    );
    app.get(
      '/:exceptionId/history',
      { config: VIEW, schema: { params: ExceptionParamsSchema, response: { 200: ExceptionHistorySchema } } },
      (req) => listExceptionHistory(db, req.currentUser!, req.params.exceptionId),
    );
    app.put(
      '/:exceptionId/assignee',
      { config: EDIT, schema: { ...one, body: AssignExceptionSchema } },
      (req) => assignException(db, auditContextOf(req), req.currentUser!, req.params.exceptionId, req.body),
    );
    app.put(
      '/:exceptionId/due-date',
      { config: EDIT, schema: { ...one, body: ExceptionDueDateSchema } },
      (req) =>
        setExceptionDueDate(db, auditContextOf(req), req.currentUser!, req.params.exceptionId, req.body),
    );
    app.put(
      '/:exceptionId/snooze',
      { config: EDIT, schema: { ...one, body: SnoozeExceptionSchema } },
      (req) =>
        snoozeException(
          db,
          auditContextOf(req),
          req.currentUser!,
          req.params.exceptionId,
          req.body,
          dayOf(new Date()),
        ),
    );
    app.put(
      '/:exceptionId/resolve',
      { config: EDIT, schema: { ...one, body: ResolveExceptionSchema } },
      (req) => resolveException(db, auditContextOf(req), req.currentUser!, req.params.exceptionId, req.body),
    );
    app.put('/:exceptionId/reopen', { config: EDIT, schema: one }, (req) =>
      reopenException(db, auditContextOf(req), req.currentUser!, req.params.exceptionId),
    );
  };
}
