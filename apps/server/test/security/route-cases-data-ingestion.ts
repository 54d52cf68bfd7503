import { client, path, read, type RouteCase } from './route-case-kinds';

// The data-ingestion routes of the client-scoping matrix (issue 16), in the matrix's order: the
// destructive ones (deleting batches and open reports) stay at the end of route-cases.ts.

const ingestionDates = { startDate: '2026-07-01', endDate: '2026-09-30' };
const ingestionBody = {
  ...ingestionDates,
  types: ['transactions', 'investments', 'hybridAccount', 'treasuryServices'],
};

export const DATA_INGESTION_CASES: Record<string, RouteCase> = {
  // Data ingestion: the Plaid link of a bank relationship (issue 16 point 8). Plaid is not configured
  // here, so the admin's control reaches the relationship and then hears 'not configured' (422).
  'POST /api/data-ingestion/create-link-token': client((i) => ({
    url: '/api/data-ingestion/create-link-token',
    body: { bcrId: i.relId },
  })),
  'POST /api/data-ingestion/create-update-link-token/:id': path(
    (i) => `/api/data-ingestion/create-update-link-token/${i.relId}`,
  ),
  'POST /api/data-ingestion/set-access-token': client((i) => ({
    url: '/api/data-ingestion/set-access-token',
    body: { bcrId: i.relId, publicToken: 'public-sandbox-probe' },
  })),

  // Data ingestion: the reporting cycle (ingestion-analysis.md 7; Start Ingestion's paths are ours).
  'GET /api/data-ingestion/open-reports': read(undefined, true),
  'GET /api/data-ingestion/batches/all/:clientId': path(
    (i) => `/api/data-ingestion/batches/all/${i.clientId}`,
  ),
  'GET /api/data-ingestion/batches/summary/:clientId': path(
    (i) => `/api/data-ingestion/batches/summary/${i.clientId}`,
  ),
  'GET /api/data-ingestion/batches/:id': path((i) => `/api/data-ingestion/batches/${i.batchId}`),
  'GET /api/data-ingestion/accounts/all/:batchId': path(
    (i) => `/api/data-ingestion/accounts/all/${i.batchId}`,
  ),
  'GET /api/data-ingestion/accounts/:id': path((i) => `/api/data-ingestion/accounts/${i.batchAccountId}`),
  'GET /api/data-ingestion/validation/:clientId': path((i) => `/api/data-ingestion/validation/${i.clientId}`),
  'GET /api/data-ingestion/extraction-status/:batchId': path(
    (i) => `/api/data-ingestion/extraction-status/${i.batchId}`,
  ),
  'GET /api/data-ingestion/extraction-status/client/:clientId': path(
    (i) => `/api/data-ingestion/extraction-status/client/${i.clientId}`,
  ),
  // Every world client has its open report: an admin's Start Report is the 409 of a second cycle.
  'POST /api/clients/start-report/:id': client((i) => ({
    url: `/api/clients/start-report/${i.clientId}`,
    body: { client: ingestionDates },
  })),
  'POST /api/data-ingestion/start-ingestion/bank/:bankClientRelId': client((i) => ({
    url: `/api/data-ingestion/start-ingestion/bank/${i.relId}`,
    body: ingestionBody,
  })),
  'POST /api/data-ingestion/start-ingestion/client/:clientId': client((i) => ({
    url: `/api/data-ingestion/start-ingestion/client/${i.clientId}`,
    body: ingestionBody,
  })),
  // A bank none of whose clients the user may see answers like an unknown bank.
  'POST /api/data-ingestion/start-ingestion/bank-clients/:bankId': client((i) => ({
    url: `/api/data-ingestion/start-ingestion/bank-clients/${i.bankId}`,
    body: ingestionBody,
  })),

  // Upload and extraction (ingestion-analysis.md 7; upload-url is ours). The world's file is held by
  // an investment: the control's start-extraction queues it (no worker runs), its cancel is a 409.
  'POST /api/data-ingestion/upload-url': client((i) => ({
    url: '/api/data-ingestion/upload-url',
    body: {
      batchId: i.batchId,
      clientId: i.clientId,
      bankId: i.bankId,
      fileName: 'probe.csv',
      contentType: 'text/csv',
      sizeBytes: 10,
    },
  })),
  'POST /api/data-ingestion/start-extraction': client((i) => ({
    url: '/api/data-ingestion/start-extraction',
    body: { fileUpload: { batchId: i.batchId, successfulFileList: [{ fileId: i.fileId }] } },
  })),
  'POST /api/data-ingestion/retry-extraction/': client((i) => ({
    url: '/api/data-ingestion/retry-extraction/',
    body: { fileAuditIds: [i.batchFileId] },
  })),
  'GET /api/data-ingestion/download/:fileAuditId': path(
    (i) => `/api/data-ingestion/download/${i.batchFileId}`,
  ),
  'POST /api/data-ingestion/download/:fileAuditId': client((i) => ({
    url: `/api/data-ingestion/download/${i.batchFileId}`,
    body: { fileName: 'statement.csv', stageFolderName: 'validated' },
  })),
  'GET /api/data-ingestion/download-excel/:fileAuditId': path(
    (i) => `/api/data-ingestion/download-excel/${i.batchFileId}`,
  ),
  // The world's relationships collect by upload: the control's pull is the 422 of no provider.
  'POST /api/data-ingestion/pull-transactions': client((i) => ({
    url: '/api/data-ingestion/pull-transactions',
    body: { batchId: i.batchId },
  })),
  'DELETE /api/data-ingestion/files/': client((i) => ({
    url: '/api/data-ingestion/files/',
    body: { fileUpload: { fileList: [i.fileId] } },
  })),
};
