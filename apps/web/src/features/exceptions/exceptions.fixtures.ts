import type { ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { FakeApi } from '../../test/fake-api';

// Whole exceptions for the web tests' fake API answers: every field filled, the test names what matters.
export function exceptionOf(
  overrides: Partial<ExceptionItem> & Pick<ExceptionItem, 'exceptionId'>,
): ExceptionItem {
  return {
    clientId: 12,
    clientName: 'Springfield',
    kind: 'balance_break',
    severity: 'High',
    summary: 'Opening balance of 04/02/2026 differs from the previous closing by $1,250.00.',
    link: { place: 'account', clientId: 12, accountId: 40 },
    since: '2026-04-02T00:00:00.000Z',
    ageDays: 6,
    detectedAt: '2026-04-02T06:00:00.000Z',
    amount: 1250,
    status: 'Open',
    assigneeId: 3,
    assigneeName: 'Grace Hopper',
    dueDate: '2099-04-04',
    snoozedUntil: null,
    snoozeReason: null,
    resolvedAt: null,
    resolvedByName: null,
    resolutionNote: null,
    resolvedAutomatically: false,
    ...overrides,
  };
}

export const pageOf = (rows: ExceptionItem[]) => ({
  body: { results: rows, pageCount: 1, resultCount: rows.length, totalCount: rows.length },
});

/** The bodies of every POST /api/exceptions/list sent so far. */
export const listRequests = (api: FakeApi) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === '/api/exceptions/list').map((c) => c.body);
