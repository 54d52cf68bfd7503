import { client, path, type RouteCase } from './route-case-kinds';
import type { ClientRecords } from './security-world';

// The short-term model (issue 18 point 4) under /api/analytics and its summary widgets under
// /api/clients: each reaches one client's models through a client, group or model id. Bodies are
// valid for the records of security-world.ts, so the answer comes from scoping, not validation.
// Destructive cases come last, step 2's removal before the model's.

const step1Body = (ids: ClientRecords) => ({
  shortTerm: {
    addAnalysisName: 'Probe forecast',
    accountGroupId: ids.groupId,
    clientId: ids.clientId,
    // The group's first transaction is 2026-01-15 (its minDate).
    startRange: '2026-01-15',
    endRange: '2028-01-15',
    balanceAdjustments: [{ date: '2028-02-01', amount: '-1000' }],
  },
});

export const SHORT_TERM_CASES: Record<string, RouteCase> = {
  'GET /api/analytics/short-term/step-1/:clientId': path(
    (i) => `/api/analytics/short-term/step-1/${i.clientId}`,
  ),
  'GET /api/analytics/short-term/step-2/:clientId': path(
    (i) => `/api/analytics/short-term/step-2/${i.clientId}`,
  ),
  'GET /api/analytics/short-term/list': path((i) => `/api/analytics/short-term/list?clientId=${i.clientId}`),
  'GET /api/analytics/short-term/forecast/:groupId': path(
    (i) => `/api/analytics/short-term/forecast/${i.groupId}?shortTermModelId=${i.shortTermModelId}`,
  ),
  'GET /api/analytics/short-term/day-to-day-variance/:groupId': path(
    (i) => `/api/analytics/short-term/day-to-day-variance/${i.groupId}`,
  ),
  'GET /api/analytics/short-term/cash-position-forecast/:clientId/:groupId': path(
    (i) => `/api/analytics/short-term/cash-position-forecast/${i.clientId}/${i.groupId}`,
  ),
  'GET /api/analytics/short-term/download/:clientId/:fileUrl': path(
    (i) => `/api/analytics/short-term/download/${i.clientId}/${i.shortTermFileUrl}`,
  ),
  'GET /api/clients/day-to-day-variance/:id': path((i) => `/api/clients/day-to-day-variance/${i.clientId}`),
  'GET /api/clients/short-term-forecast/:id': path(
    (i) => `/api/clients/short-term-forecast/${i.clientId}?weeks=6`,
  ),
  'GET /api/clients/short-term/:id/:weeks': path((i) => `/api/clients/short-term/${i.clientId}/5`),
  'POST /api/analytics/short-term/step-1/run': client((i) => ({
    url: '/api/analytics/short-term/step-1/run',
    body: step1Body(i),
  })),
  'PUT /api/analytics/short-term/step-2/run/:shortTermModelId': client((i) => ({
    url: `/api/analytics/short-term/step-2/run/${i.shortTermModelId}`,
    body: { shortTerm: { modelName: `${i.marker} Forecast` } },
  })),
  'DELETE /api/analytics/short-term/step-2/remove/:id': path(
    (i) => `/api/analytics/short-term/step-2/remove/${i.shortTermModelId}`,
  ),
  'DELETE /api/analytics/short-term/step-1/remove/:id': path(
    (i) => `/api/analytics/short-term/step-1/remove/${i.shortTermModelId}`,
  ),
};
