import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { AppError, forbidden } from '../../platform/http/app-error';
import type { Platform } from '../../platform/create-platform';

const DownloadQuerySchema = z.object({
  key: z.string(),
  expires: z.string(),
  fileName: z.string(),
  signature: z.string(),
});

/**
 * Embedded mode's stand-in for S3's presigned POST and GET: the signature in the form or the query is
 * the authorisation (as with S3), so these routes take no bearer token.
 */
export function localFileRoutes(platform: Platform): FastifyPluginAsyncZod {
  const storage = platform.localStorage;
  const limit = platform.config.UPLOAD_LIMIT_BYTES;
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: limit, files: 1, fields: 10 } });

    app.post(
      '/upload',
      { config: { access: { public: true, reason: 'signed upload form' } } },
      async (req, reply) => {
        const fields: Record<string, string> = {};
        let stored = false;
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          // As with S3, the signed fields come before the file.
          const { key = '', expires = '', maxBytes = '', contentType = '', signature = '' } = fields;
          if (!storage.verifySignature({ key, expires, maxBytes, contentType, signature }, 'upload'))
            throw forbidden('The upload link is invalid or has expired.');
          const body = await part.toBuffer();
          if (part.file.truncated || body.length > Number(maxBytes))
            throw new AppError(413, 'The file is larger than the upload limit.');
          await storage.putObject(key, body, contentType);
          stored = true;
        }
        if (!stored) throw new AppError(400, 'No file was sent.');
        return reply.status(204).send();
      },
    );

    app.get(
      '/download',
      {
        config: { access: { public: true, reason: 'signed download link' } },
        schema: { querystring: DownloadQuerySchema },
      },
      async (req, reply) => {
        const { key, expires, fileName, signature } = req.query;
        if (!storage.verifySignature({ key, expires, fileName, signature }, 'download'))
          throw forbidden('The download link is invalid or has expired.');
        const head = await storage.headObject(key);
        if (!head) throw new AppError(404, 'File not found.');
        reply.header('content-disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`);
        reply.type(head.contentType ?? 'application/octet-stream');
        return reply.send(await storage.getObject(key));
      },
    );
  };
}
