import { SECURITY_MONTE_CARLO } from '../../src/modules/monte-carlo/monte-carlo.fixtures';
import { client, path, type RouteCase } from './route-case-kinds';
import type { ClientRecords } from './security-world';

// The Monte Carlo (issue 18 point 3) under /api/analytics and its summary widgets under /api/clients and
// /api/investments: each reaches one client's runs through a client, group or run id. Bodies are valid
// for the records of security-world.ts (a finished run of a group whose balance on the end date is
// known), so the answer comes from scoping, not validation. The delete comes last.

const { endDate, balance } = SECURITY_MONTE_CARLO;
const BASE = '/api/analytics/monte-carlo';

const runBody = (ids: ClientRecords) => ({
  monteCarlo: {
    name: 'Probe run',
    accountGroupId: ids.monteCarloGroupId,
    clientId: ids.clientId,
    endRange: endDate,
    numberOfYears: '1',
  },
});

// Everything in the cushion: the levels and the cushion add up to the balance on the end date.
const levelsBody = (ids: ClientRecords) => ({
  monteCarlo: {
    levelOne: '0',
    levelTwo: '0',
    levelThree: '0',
    levelFour: '0',
    levelFive: '0',
    cushion: String(balance),
    dateRange: 6,
    monteCarloId: ids.monteCarloId,
  },
});

export const MONTE_CARLO_CASES: Record<string, RouteCase> = {
  'GET /api/analytics/monte-carlo/:clientId': path((i) => `${BASE}/${i.clientId}`),
  'GET /api/analytics/monte-carlo/validate/:accountGroupId': path(
    (i) => `${BASE}/validate/${i.monteCarloGroupId}?endDate=${endDate}&numberOfYears=1`,
  ),
  'POST /api/analytics/monte-carlo/run': client((i) => ({ url: `${BASE}/run`, body: runBody(i) })),
  'GET /api/analytics/monte-carlo/results/:id': path((i) => `${BASE}/results/${i.monteCarloId}`),
  'GET /api/analytics/monte-carlo/total-balance/:id': path((i) => `${BASE}/total-balance/${i.monteCarloId}`),
  'GET /api/analytics/monte-carlo/duration-capability-cushion-graph/:id': path(
    (i) => `${BASE}/duration-capability-cushion-graph/${i.monteCarloId}`,
  ),
  'GET /api/analytics/monte-carlo/liquidity-levels/get/default/:id': path(
    (i) => `${BASE}/liquidity-levels/get/default/${i.monteCarloId}?dateRange=12`,
  ),
  'GET /api/analytics/monte-carlo/liquidity-levels/get/current/:id': path(
    (i) => `${BASE}/liquidity-levels/get/current/${i.monteCarloId}`,
  ),
  'PUT /api/analytics/monte-carlo/liquidity-levels/:accountGroupId': client((i) => ({
    url: `${BASE}/liquidity-levels/${i.monteCarloGroupId}`,
    body: levelsBody(i),
  })),
  'GET /api/clients/assets-widget/:id': path((i) => `/api/clients/assets-widget/${i.clientId}`),
  'GET /api/investments/liquidity-levels-widget/:clientId/:groupId': path(
    (i) => `/api/investments/liquidity-levels-widget/${i.clientId}/${i.monteCarloGroupId}`,
  ),
  'DELETE /api/analytics/monte-carlo/remove/:id': path((i) => `${BASE}/remove/${i.monteCarloId}`),
};
