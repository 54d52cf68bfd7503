import { client, path, type RouteCase } from './route-case-kinds';

// Client reports (issue 19) under /api/reports: each reaches one client's reports through a client,
// report or file id. Bodies are valid for the records of security-world.ts, so the answer comes from
// scoping, not validation. They run last of the table, after the cycle's and the groups' deletes: the
// control's generate then meets no open cycle (409), and the report's delete comes after every other case.

export const REPORT_CASES: Record<string, RouteCase> = {
  'GET /api/reports/all/:clientId': path((i) => `/api/reports/all/${i.clientId}`),
  'GET /api/reports/:id': path((i) => `/api/reports/${i.reportId}`),
  'GET /api/reports/download/:reportId/:kind': path((i) => `/api/reports/download/${i.reportId}/system`),
  'GET /api/reports/upload/:clientId/:reportId': path(
    (i) => `/api/reports/upload/${i.clientId}/${i.reportId}?fileName=probe.pdf&sizeBytes=10`,
  ),
  'POST /api/reports/generate': client((i) => ({
    url: '/api/reports/generate',
    body: { reports: { clientId: i.clientId } },
  })),
  'PUT /api/reports/comments/:id': client((i) => ({
    url: `/api/reports/comments/${i.reportId}`,
    body: { report: { comment: 'Probe comment' } },
  })),
  'PUT /api/reports/finalize-status/:id': client((i) => ({
    url: `/api/reports/finalize-status/${i.reportId}`,
    body: { report: { finalizeStatus: 0 } },
  })),
  'PUT /api/reports/:id': client((i) => ({
    url: `/api/reports/${i.reportId}`,
    body: { reports: { fileId: i.reportUploadFileId, fileName: 'edited.pdf' } },
  })),
  'DELETE /api/reports/upload/:fileId': path((i) => `/api/reports/upload/${i.reportDraftFileId}`),
  'DELETE /api/reports/:id': path((i) => `/api/reports/${i.reportId}`),
};
