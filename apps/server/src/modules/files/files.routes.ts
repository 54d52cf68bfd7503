import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DownloadUrlSchema,
  FileIdParamsSchema,
  SignedUploadSchema,
  StoredFileSchema,
  UploadRequestSchema,
} from '@tideline/contracts';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { Platform } from '../../platform/create-platform';
import { completeUpload, createDownloadUrl, requestUpload, type FilesDeps } from './files.service';
import { localFileRoutes } from './local-files.routes';

export function filesRoutes(platform: Platform): FastifyPluginAsyncZod {
  const deps: FilesDeps = {
    db: platform.database.db,
    storage: platform.storage,
    uploadLimitBytes: platform.config.UPLOAD_LIMIT_BYTES,
  };
  return async (app) => {
    app.post(
      '/upload-url',
      {
        config: { access: { permissions: ['UPLOAD_FILES'] } },
        schema: { body: UploadRequestSchema, response: { 200: SignedUploadSchema } },
      },
      (req) => requestUpload(deps, req.currentUser!, req.body, auditContextOf(req)),
    );
    app.post(
      '/:fileId/complete',
      {
        config: { access: { permissions: ['UPLOAD_FILES'] } },
        schema: { params: FileIdParamsSchema, response: { 200: StoredFileSchema } },
      },
      (req) => completeUpload(deps, req.currentUser!, req.params.fileId, auditContextOf(req)),
    );
    app.get(
      '/:fileId/download-url',
      {
        // Staff only: a report's PDFs go through GET /api/reports/download, which lets a Client Viewer
        // have only their client's published reports (a file id here would reach unpublished ones).
        config: { access: { permissions: ['DOWNLOAD_FILES'] } },
        schema: { params: FileIdParamsSchema, response: { 200: DownloadUrlSchema } },
      },
      (req) => createDownloadUrl(deps, req.currentUser!, req.params.fileId),
    );
    if (platform.storage.kind === 'local') await app.register(localFileRoutes(platform));
  };
}
