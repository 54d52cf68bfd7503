import { client, path, read, type RouteCase } from './route-case-kinds';

// The staging transaction routes of the client-scoping matrix (issue 17 point 2). Every probe names the
// client's batch account or staged row; the delete stays last, after the probes that need the row.

const validation = (i: { batchAccountId: number; stagingTransactionId: number }) => ({
  batchAccountId: i.batchAccountId,
  stagingTransactionIds: [i.stagingTransactionId],
});

export const STAGING_TRANSACTION_CASES: Record<string, RouteCase> = {
  // Keyword categories are firm-wide settings.
  'GET /api/transactions/keyword-categories': read(),
  'POST /api/transactions/staging/inspect': client((i) => ({
    url: '/api/transactions/staging/inspect',
    body: { batchAccountIds: [i.batchAccountId] },
  })),
  'GET /api/transactions/staging/single/:id': path(
    (i) => `/api/transactions/staging/single/${i.stagingTransactionId}`,
  ),
  'PUT /api/transactions/staging/update/:stagingTransactionId': client((i) => ({
    url: `/api/transactions/staging/update/${i.stagingTransactionId}`,
    body: { amount: '-12.50', description: 'Probe', keyword: i.keywordId, date: '2026-07-15' },
  })),
  'PUT /api/transactions/staging/update': client((i) => ({
    url: '/api/transactions/staging/update',
    body: { stagingTransactionIds: [i.stagingTransactionId], description: 'Probe' },
  })),
  'PUT /api/transactions/staging/validate': client((i) => ({
    url: '/api/transactions/staging/validate',
    body: validation(i),
  })),
  'PUT /api/transactions/staging/invalidate': client((i) => ({
    url: '/api/transactions/staging/invalidate',
    body: validation(i),
  })),
  // Issue 39: a decision on possible duplicates, by ids and by every row of a filter.
  'PUT /api/transactions/staging/duplicates': client((i) => ({
    url: '/api/transactions/staging/duplicates',
    body: { decision: 'keep', stagingTransactionIds: [i.stagingTransactionId] },
  })),
  'DELETE /api/transactions/staging': client((i) => ({
    url: '/api/transactions/staging',
    body: { stagingTransactionId: [i.stagingTransactionId] },
  })),
};

// The staging investment routes (issue 17 point 3): the list takes the batch account's id, the edit and
// the delete the staged row's.
const investmentValidation = (i: { batchAccountId: number; stagingInvestmentId: number }) => ({
  batchAccountId: i.batchAccountId,
  stagingInvestmentIds: [i.stagingInvestmentId],
});

export const STAGING_INVESTMENT_CASES: Record<string, RouteCase> = {
  'GET /api/investments/staging/all/:id': path((i) => `/api/investments/staging/all/${i.batchAccountId}`),
  'POST /api/investments/staging/all/:id': client((i) => ({
    url: `/api/investments/staging/all/${i.batchAccountId}`,
    body: { pageSize: 50, pageIndex: 0 },
  })),
  'PUT /api/investments/staging/:id': client((i) => ({
    url: `/api/investments/staging/${i.stagingInvestmentId}`,
    body: {
      investment: {
        faceValue: '100000',
        maturityDate: '2027-01-01',
        investmentTypeId: 1,
        fund: 'Probe',
        interestRate: '4.5',
        investmentId: 'PROBE0001',
        couponRate: '',
        callDate: '',
        settlementDate: '2026-07-01',
        settlementAmount: '99000',
      },
    },
  })),
  'PUT /api/investments/staging/validate': client((i) => ({
    url: '/api/investments/staging/validate',
    body: investmentValidation(i),
  })),
  'PUT /api/investments/staging/invalidate': client((i) => ({
    url: '/api/investments/staging/invalidate',
    body: investmentValidation(i),
  })),
  'DELETE /api/investments/staging': client((i) => ({
    url: '/api/investments/staging',
    body: { investment: { stagingInvestmentIds: [i.stagingInvestmentId] } },
  })),
};
