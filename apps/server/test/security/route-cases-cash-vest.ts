import { client, path, type RouteCase } from './route-case-kinds';

// cashVest (issue 18 point 5) under /api/analytics, and its summary widgets under /api/clients: each
// reaches one client's rows through a client id or a cashVest id. The edit's body is valid, so the
// answer comes from scoping, not from validation.

export const CASH_VEST_EDIT_PROBE = {
  cashVest: {
    startDate: '2026-01-01',
    endDate: '2026-03-31',
    valueScore: 10,
    liquidityProf: 20,
    warnickRate: 12,
    cashflow: 14,
    investment: 6,
  },
};

export const CASH_VEST_CASES: Record<string, RouteCase> = {
  'GET /api/analytics/cash-vest/:clientId': path((i) => `/api/analytics/cash-vest/${i.clientId}`),
  'GET /api/analytics/cash-vest/sub-scores/:cashVestId': path(
    (i) => `/api/analytics/cash-vest/sub-scores/${i.cashVestId}`,
  ),
  'GET /api/analytics/cash-vest/suggestion/:cashVestId': path(
    (i) => `/api/analytics/cash-vest/suggestion/${i.cashVestId}`,
  ),
  'POST /api/analytics/cash-vest/:clientId': path((i) => `/api/analytics/cash-vest/${i.clientId}`),
  'PUT /api/analytics/cash-vest/update/:cashVestId': client((i) => ({
    url: `/api/analytics/cash-vest/update/${i.cashVestId}`,
    body: CASH_VEST_EDIT_PROBE,
  })),
  'GET /api/clients/cash-vest/widget/:id': path((i) => `/api/clients/cash-vest/widget/${i.clientId}`),
  'GET /api/clients/interest-rate-comparison-widget/:id': path(
    (i) => `/api/clients/interest-rate-comparison-widget/${i.clientId}`,
  ),
  'GET /api/clients/interest-rate-widget/:id': path((i) => `/api/clients/interest-rate-widget/${i.clientId}`),
};
