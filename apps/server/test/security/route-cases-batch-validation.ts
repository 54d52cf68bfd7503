import { client, path, type RouteCase } from './route-case-kinds';

// The Validate Batch dialog's actions and VALIDATE THIS BATCH (issue 17), spread among the destructive
// routes of route-cases.ts, before the batch's own delete. The admin's control requests run in this
// order on the control client's records: its batch account (Needs Validation, staged rows) is
// validated, promoted and at last deleted; its other batch account (Needs Files) is ignored, then
// restored. The control's batch is a Transaction batch: the treasury call is its 422 (no sections).
// Issue 42: validate-all then finds the batch validated (200); removing the control's file, whose
// rows are in the books by then, is its 409.

export const BATCH_VALIDATION_CASES: Record<string, RouteCase> = {
  'PUT /api/data-ingestion/accounts/validate': client((i) => ({
    url: '/api/data-ingestion/accounts/validate',
    body: { accounts: [{ batchAccountId: i.batchAccountId }] },
  })),
  'PUT /api/data-ingestion/batches/validate': client((i) => ({
    url: '/api/data-ingestion/batches/validate',
    body: { accounts: [{ batchId: i.batchId }] },
  })),
  'PUT /api/data-ingestion/batches/validate-all': client((i) => ({
    url: '/api/data-ingestion/batches/validate-all',
    body: { batches: [{ batchId: i.batchId }] },
  })),
  'PUT /api/data-ingestion-treasury-services/staging/validate': client((i) => ({
    url: '/api/data-ingestion-treasury-services/staging/validate',
    body: { treasuryServices: { batchTypes: ['Fees'], batchId: i.batchId } },
  })),
  'PUT /api/data-ingestion/accounts/ignore': client((i) => ({
    url: '/api/data-ingestion/accounts/ignore',
    body: [i.otherBatchAccountId],
  })),
  'PUT /api/data-ingestion/accounts/restore/:id': path(
    (i) => `/api/data-ingestion/accounts/restore/${i.otherBatchAccountId}`,
  ),
  'DELETE /api/data-ingestion/batch-files/:fileAuditId': path(
    (i) => `/api/data-ingestion/batch-files/${i.batchFileId}`,
  ),
  'DELETE /api/data-ingestion/accounts/:id': path((i) => `/api/data-ingestion/accounts/${i.batchAccountId}`),
};
