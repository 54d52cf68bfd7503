import { client, IDENTITY, exempt, PAGE, path, read, type RouteCase } from './route-case-kinds';
import type { ClientRecords } from './security-world';

// The exception queue (issue 43): its lists show a scoped user only their clients' exceptions (B's is
// even assigned to the prober, so /mine proves the client filter, not the assignee one); every route
// taking an exception or client id answers another client's as missing. Changes come last.

const act = (suffix: string, body?: (ids: ClientRecords) => object) =>
  client((i) => ({ url: `/api/exceptions/${i.exceptionId}/${suffix}`, ...(body ? { body: body(i) } : {}) }));

export const EXCEPTION_CASES: Record<string, RouteCase> = {
  'POST /api/exceptions/list': {
    kind: 'read',
    probe: () => ({ url: '/api/exceptions/list', body: PAGE }),
    showsA: true,
  },
  'GET /api/exceptions/mine': read(undefined, true),
  'GET /api/exceptions/counts': read(),
  'GET /api/exceptions/digest': exempt(IDENTITY),
  'PUT /api/exceptions/digest': exempt(IDENTITY),
  'GET /api/exceptions/assignees/:clientId': path((i) => `/api/exceptions/assignees/${i.clientId}`),
  'GET /api/exceptions/:exceptionId': path((i) => `/api/exceptions/${i.exceptionId}`),
  'GET /api/exceptions/:exceptionId/history': path((i) => `/api/exceptions/${i.exceptionId}/history`),
  'POST /api/exceptions/detect': client((i) => ({
    url: '/api/exceptions/detect',
    body: { clientId: i.clientId },
  })),
  'PUT /api/exceptions/:exceptionId/assignee': act('assignee', () => ({ assigneeId: null })),
  'PUT /api/exceptions/:exceptionId/due-date': act('due-date', () => ({ dueDate: '2026-12-31' })),
  'PUT /api/exceptions/:exceptionId/snooze': act('snooze', () => ({
    until: '2099-01-01',
    reason: 'Probe snooze',
  })),
  'PUT /api/exceptions/:exceptionId/resolve': act('resolve', () => ({ note: 'Probe resolution' })),
  'PUT /api/exceptions/:exceptionId/reopen': act('reopen'),
};
