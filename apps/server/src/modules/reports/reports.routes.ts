import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageSchema, SignedUploadSchema, type Permission } from '@tideline/contracts';
import {
  CompleteReportBodySchema,
  FinalizeStatusBodySchema,
  GenerateReportBodySchema,
  GenerateReportResultSchema,
  ReportClientParamsSchema,
  ReportCommentBodySchema,
  ReportDownloadParamsSchema,
  ReportDownloadSchema,
  ReportFileParamsSchema,
  ReportIdParamsSchema,
  ReportParametersSchema,
  ReportResultSchema,
  ReportSchema,
  ReportUploadParamsSchema,
  ReportUploadQuerySchema,
} from '@tideline/contracts/reports/reports.schemas';
import { auditContextOf } from '../../platform/audit/write-audit';
import { generateReport } from './report-generation.service';
import {
  completeReport,
  createReportDownload,
  discardReportUpload,
  requestReportUpload,
} from './report-files.service';
import {
  deleteReport,
  editComment,
  listReports,
  readParameters,
  setFinalizeStatus,
  type ReportsDeps,
} from './reports.service';

const needs = (permission: Permission) => ({ access: { permissions: [permission] } });

// clients-accounts-investments-reports.md 7 "Reports" (prefix /api/reports), with the permissions of
// spec 6; DELETE /upload/{fileId} (ours) discards a cancelled upload (spec 7: "uploaded files can be
// discarded").
export function reportsRoutes(deps: ReportsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/all/:clientId',
      {
        config: needs('VIEW_REPORTS'),
        schema: { params: ReportClientParamsSchema, response: { 200: z.array(ReportSchema) } },
      },
      (req) => listReports(deps.db, req.currentUser!, req.params.clientId),
    );
    app.get(
      '/:id',
      {
        config: needs('VIEW_REPORTS'),
        schema: { params: ReportIdParamsSchema, response: { 200: ReportParametersSchema } },
      },
      (req) => readParameters(deps.db, req.currentUser!, req.params.id),
    );
    app.post(
      '/generate',
      {
        config: needs('GENERATE_REPORTS'),
        schema: { body: GenerateReportBodySchema, response: { 201: GenerateReportResultSchema } },
      },
      async (req, reply) => {
        const result = await generateReport(deps, req.currentUser!, req.body.reports, auditContextOf(req));
        return reply.status(201).send(result);
      },
    );
    app.put(
      '/comments/:id',
      {
        config: needs('EDIT_REPORT_COMMENTS'),
        schema: {
          params: ReportIdParamsSchema,
          body: ReportCommentBodySchema,
          response: { 200: ReportResultSchema },
        },
      },
      (req) =>
        editComment(deps.db, req.currentUser!, req.params.id, req.body.report.comment, auditContextOf(req)),
    );
    app.put(
      '/finalize-status/:id',
      {
        config: needs('FINALIZE_REPORTS'),
        schema: {
          params: ReportIdParamsSchema,
          body: FinalizeStatusBodySchema,
          response: { 200: ReportResultSchema },
        },
      },
      (req) =>
        setFinalizeStatus(
          deps.db,
          req.currentUser!,
          req.params.id,
          req.body.report.finalizeStatus,
          auditContextOf(req),
        ),
    );
    app.delete(
      '/:id',
      {
        config: needs('DELETE_OPEN_REPORTS'),
        schema: { params: ReportIdParamsSchema, response: { 200: MessageSchema } },
      },
      (req) => deleteReport(deps, req.currentUser!, req.params.id, auditContextOf(req)),
    );
    app.get(
      '/upload/:clientId/:reportId',
      {
        config: needs('UPLOAD_REPORTS'),
        schema: {
          params: ReportUploadParamsSchema,
          querystring: ReportUploadQuerySchema,
          response: { 200: SignedUploadSchema },
        },
      },
      (req) =>
        requestReportUpload(
          deps,
          req.currentUser!,
          req.params.clientId,
          req.params.reportId,
          req.query,
          auditContextOf(req),
        ),
    );
    app.put(
      '/:id',
      {
        config: needs('UPLOAD_REPORTS'),
        schema: {
          params: ReportIdParamsSchema,
          body: CompleteReportBodySchema,
          response: { 200: ReportResultSchema },
        },
      },
      (req) => completeReport(deps, req.currentUser!, req.params.id, req.body.reports, auditContextOf(req)),
    );
    app.delete(
      '/upload/:fileId',
      {
        config: needs('UPLOAD_REPORTS'),
        schema: { params: ReportFileParamsSchema, response: { 200: MessageSchema } },
      },
      (req) => discardReportUpload(deps, req.currentUser!, req.params.fileId, auditContextOf(req)),
    );
    app.get(
      '/download/:reportId/:kind',
      {
        config: needs('DOWNLOAD_REPORTS'),
        schema: { params: ReportDownloadParamsSchema, response: { 200: ReportDownloadSchema } },
      },
      (req) => createReportDownload(deps, req.currentUser!, req.params.reportId, req.params.kind),
    );
  };
}
