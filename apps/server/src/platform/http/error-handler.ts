import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@tideline/contracts';
import { isDataException, isDatabaseUnavailable, isTransactionConflict } from '../../db/pg-errors';
import { AppError } from './app-error';

export const BAD_VALUE_MSG = 'A value in the request has the wrong type or is out of range.';

// One place turns every failure into { msg } with a real status (architecture.md "Contracts").
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (reply.raw.headersSent) {
      // The answer had begun when it failed, most often a client leaving mid-answer (a closed tab or a
      // cancelled fetch ends a compressed stream: 'Premature close'). No status can follow headers, so
      // the connection is ended; a client that left is not an error of ours.
      const isClientGone =
        request.raw.destroyed || ('code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE');
      request.log[isClientGone ? 'info' : 'error']({ err: error }, 'answer cut short');
      reply.raw.destroy();
      return;
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ msg: error.message, fieldErrors: error.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const first = Object.entries(fieldErrors)[0];
      const msg = first ? `${first[0] === '_' ? 'Request' : first[0]}: ${first[1][0]}` : 'Invalid request.';
      return reply.status(400).send({ msg, fieldErrors });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ msg: 'The request is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ msg: 'The request body is not valid JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ msg: 'Unsupported content type.' });
    }
    // The database dropped or refused the connection, or chose this transaction as a deadlock's
    // victim: rolled back, so nothing was saved, and the same request may well succeed in a moment.
    if (isDatabaseUnavailable(error) || isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'database unavailable for a request');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ msg: isDatabaseUnavailable(error) ? MSG.databaseUnavailable : MSG.databaseBusy });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'request value refused by the database');
      return reply.status(400).send({ msg: BAD_VALUE_MSG });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(status)
      .send({ msg: status === 500 ? 'Something went wrong. Please try again.' : error.message });
  });
}
