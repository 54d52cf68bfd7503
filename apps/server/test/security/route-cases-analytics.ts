import { path, read, type RouteCase } from './route-case-kinds';

// Analysis (issue 18): 'Calculate Daily and Monthly Tables' sends a job for one client's accounts; an
// account's balance history and summary panel read its tables; the
// analysis open reports list the visible clients' cycles; Complete Analysis closes one client's (the
// control's cycle is not in analysis, so the admin gets 409 there: the client was reached).

export const ANALYTICS_CASES: Record<string, RouteCase> = {
  'POST /api/analytics/balance-tables/:clientId': path((i) => `/api/analytics/balance-tables/${i.clientId}`),
  'GET /api/analytics/open-reports': read(undefined, true),
  'GET /api/accounts/balance-history/:accountId': path((i) => `/api/accounts/balance-history/${i.accountId}`),
  'GET /api/accounts/summary/:accountId': path((i) => `/api/accounts/summary/${i.accountId}`),
  // The quarter checklist (issue 42 point 1) reads one client's cycle.
  'GET /api/quarter-checklist/:clientId': path((i) => `/api/quarter-checklist/${i.clientId}`),
  'PUT /api/analytics/complete-analysis/:clientId': path(
    (i) => `/api/analytics/complete-analysis/${i.clientId}`,
  ),
};
