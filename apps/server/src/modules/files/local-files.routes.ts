import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { FILE_MSG, LocalDownloadQuerySchema } from '@tideline/contracts';
import { createEventLimiter } from '../../platform/audit/event-limiter';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { Platform } from '../../platform/create-platform';
import { badRequest, notFound } from '../../platform/http/app-error';
import { formatAttachmentDisposition } from '../../platform/storage/attachment-disposition';
import { readPostedForm, receiveLocalUpload, type LocalUploadDeps } from './local-upload.service';

/**
 * Embedded mode's stand-in for S3's presigned POST and GET: the signature in the form or the query is
 * the authorisation (as with S3), so these routes take no bearer token.
 */
export function localFileRoutes(platform: Platform): FastifyPluginAsyncZod {
  const storage = platform.localStorage;
  const deps: LocalUploadDeps = {
    db: platform.database.db,
    localStorage: storage,
    uploadLimitBytes: platform.config.UPLOAD_LIMIT_BYTES,
    forgeryEvents: createEventLimiter({ maxPerWindow: 20, windowMs: 10 * 60_000 }),
  };
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: deps.uploadLimitBytes, files: 1, fields: 10, fieldSize: 1024 },
    });

    app.post(
      '/upload',
      { config: { access: { public: true, reason: 'signed upload form' } } },
      async (req, reply) => {
        const fields: [string, unknown][] = [];
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            fields.push([part.fieldname, part.value]);
            continue;
          }
          // As with S3, the signed fields come before the file.
          const ctx = auditContextOf(req);
          await receiveLocalUpload(deps, await readPostedForm(deps, fields, ctx), part.file, ctx);
          return reply.status(204).send();
        }
        throw badRequest(FILE_MSG.noFile);
      },
    );

    app.get(
      '/download',
      {
        config: { access: { public: true, reason: 'signed download link' } },
        schema: { querystring: LocalDownloadQuerySchema },
      },
      async (req, reply) => {
        const { key, fileName } = storage.readDownloadLink(req.query);
        if (!(await storage.headObject(key))) throw notFound(FILE_MSG.notFound);
        // Never rendered inline, whatever the bytes are (security issue 14 point 8).
        reply.header('content-disposition', formatAttachmentDisposition(fileName));
        reply.header('x-content-type-options', 'nosniff');
        reply.type('application/octet-stream');
        return reply.send(await storage.getObject(key));
      },
    );
  };
}
