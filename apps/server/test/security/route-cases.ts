import { client, exempt, FIRM_WIDE, IDENTITY, PAGE, path, read, type RouteCase } from './route-case-kinds';
import { ANALYTICS_CASES } from './route-cases-analytics';
import { BATCH_VALIDATION_CASES } from './route-cases-batch-validation';
import { CASH_VEST_CASES } from './route-cases-cash-vest';
import { DATA_INGESTION_CASES } from './route-cases-data-ingestion';
import { EXCEPTION_CASES } from './route-cases-exceptions';
import { MONTE_CARLO_CASES } from './route-cases-monte-carlo';
import { REPORT_CASES } from './route-cases-reports';
import { SHORT_TERM_CASES } from './route-cases-short-term';
import { STAGING_INVESTMENT_CASES, STAGING_TRANSACTION_CASES } from './route-cases-staging';
import { STAGING_TREASURY_CASES } from './route-cases-treasury';
import { PROBE_TRANSFORM, type ClientRecords } from './security-world';

export type { Probe, RouteCase, ScopedAnswer } from './route-case-kinds';

// Every /api route, classified once for the client-scoping matrix (issue 14 point 11). The matrix
// fails on a route that is missing here, so a new route is classified the day it is added.
//
// - client: the route reaches one client's data through an id (path or body). The prober asking with
//   client B's ids must get 404 (or `expect`), answered exactly as for ids that exist nowhere; an admin
//   asking with a third client's ids must reach the record (the probe is right); a GET asked with A's
//   ids must answer 200 without a trace of B.
// - read: a GET (or a paged list) with no client in its address: the prober's answer must not hold a
//   trace of B, and `showsA` lists must hold A.
// - exempt: nothing of a client can be reached (identity, public, firm-wide writes): the reason says why.

const accountBody = (ids: ClientRecords) => ({
  account: {
    clientId: ids.clientId,
    accountName: 'Probe',
    accountNumber: `P-${ids.accountId}`,
    accountAlias: 'Probe',
    accountType: 'Transaction',
    accountCategory: 'Operating',
    bankId: ids.bankId,
    accountBalance: '10.00',
    accountBalanceDate: '2026-01-31',
    accountClosed: 0,
  },
});
const rateBody = (ids: ClientRecords) => ({
  negotiatedRates: { clientId: ids.clientId, bankId: ids.bankId, state: 'CA', rate: '4.1', realized: 1 },
});
const noteText = { noteTitle: 'Probe', noteDescription: 'Probe text' };
const templateBody = (ids: ClientRecords, templateId?: number) => ({
  template: {
    ...(templateId ? { templateId } : {}),
    bankClientRelId: ids.relId,
    type: 'Transaction',
    jsonTransform: [PROBE_TRANSFORM],
  },
});
const userBody = (clientId: number, roleId: number) => ({
  user: {
    firstName: 'Probe',
    lastName: 'User',
    email: `probe.${clientId}@example.com`,
    roleId,
    clientAssociation: [clientId],
  },
});

/** The Client Viewer role id, for user bodies; set by the matrix before it probes. */
export const roleIds = { clientViewer: 0 };

export const ROUTE_CASES: Record<string, RouteCase> = {
  // Accounts (clients-accounts-investments-reports.md 7 "Accounts").
  'GET /api/accounts/all/:clientId': path((i) => `/api/accounts/all/${i.clientId}`),
  'GET /api/accounts/categories': read(),
  'GET /api/accounts/groups/:groupId': path((i) => `/api/accounts/groups/${i.groupId}`),
  'GET /api/accounts/groups/all/:clientId': path((i) => `/api/accounts/groups/all/${i.clientId}`),
  'GET /api/accounts/groups/association/:accountId': path(
    (i) => `/api/accounts/groups/association/${i.accountId}`,
  ),
  'GET /api/accounts/groups/list/:clientId': path((i) => `/api/accounts/groups/list/${i.clientId}`),
  'GET /api/accounts/link/:accountId': path((i) => `/api/accounts/link/${i.accountId}`),
  'GET /api/accounts/list/:clientId': path((i) => `/api/accounts/list/${i.clientId}`),
  'GET /api/accounts/review/:clientId': path((i) => `/api/accounts/review/${i.clientId}`),
  'GET /api/accounts/single/:clientId/:accountId': path(
    (i) => `/api/accounts/single/${i.clientId}/${i.accountId}`,
  ),
  'GET /api/accounts/types': read(),
  'GET /api/accounts/upload-template': read(),
  'POST /api/accounts/add': client((i) => ({ url: '/api/accounts/add', body: accountBody(i) })),
  'POST /api/accounts/groups/': client((i) => ({
    url: '/api/accounts/groups/',
    body: { account: { clientId: i.clientId, addAccountGroupName: `Probe ${i.groupId}` } },
  })),
  'POST /api/accounts/groups/:groupId': client((i) => ({
    url: `/api/accounts/groups/${i.groupId}`,
    body: { account: { accountIdList: [i.otherAccountId] } },
  })),
  'POST /api/accounts/link': client((i) => ({
    url: '/api/accounts/link',
    body: { account: { accountId: i.otherAccountId, linkedToAccountId: i.accountId } },
  })),
  'POST /api/accounts/upload': client((i) => ({
    url: '/api/accounts/upload',
    body: { fileUpload: { clientId: i.clientId, successfulFileList: [i.fileId] } },
  })),
  'PUT /api/accounts/:accountId': client((i) => ({
    url: `/api/accounts/${i.accountId}`,
    body: accountBody(i),
  })),
  'PUT /api/accounts/groups/:groupId': client((i) => ({
    url: `/api/accounts/groups/${i.groupId}`,
    body: { account: { accountGroupName: `Probe ${i.groupId}` } },
  })),
  'PUT /api/accounts/groups/association/:accountId': client((i) => ({
    url: `/api/accounts/groups/association/${i.accountId}`,
    body: { account: { groupIds: [i.groupId] } },
  })),
  'PUT /api/accounts/link/:id': client((i) => ({
    url: `/api/accounts/link/${i.linkId}`,
    body: { account: { linkedToAccountId: i.otherAccountId } },
  })),

  ...ANALYTICS_CASES,
  ...MONTE_CARLO_CASES,
  ...SHORT_TERM_CASES,
  ...CASH_VEST_CASES,

  // Administration: firm-wide settings, no client data.
  'GET /api/administration/firm': read(),
  'GET /api/administration/global-setting/:id': read('/api/administration/global-setting/1'),
  'GET /api/administration/institution-types': read(),
  'GET /api/administration/institution-types/:id': read('/api/administration/institution-types/1'),
  'GET /api/administration/investment-types': read(),
  'GET /api/administration/investment-types/:id': read('/api/administration/investment-types/1'),
  'GET /api/administration/keyword-category': read(),
  'GET /api/administration/keyword-category/:id': read('/api/administration/keyword-category/1'),
  'GET /api/administration/keywords': read(),
  'GET /api/administration/keywords/:id': read('/api/administration/keywords/1'),
  'GET /api/administration/note-category': read(),
  'GET /api/administration/note-category/:id': read('/api/administration/note-category/1'),
  'GET /api/administration/quote-types': read(),
  'GET /api/administration/quote-types/:id': read('/api/administration/quote-types/1'),
  'GET /api/administration/quote-types/list': read(),
  'POST /api/administration/institution-types': exempt(FIRM_WIDE),
  'POST /api/administration/investment-types': exempt(FIRM_WIDE),
  'POST /api/administration/keyword-category': exempt(FIRM_WIDE),
  'POST /api/administration/keywords': exempt(FIRM_WIDE),
  'POST /api/administration/note-category': exempt(FIRM_WIDE),
  'POST /api/administration/quote-types': exempt(FIRM_WIDE),
  'PUT /api/administration/firm': exempt(FIRM_WIDE),
  'PUT /api/administration/global-setting/:id': exempt(FIRM_WIDE),
  'PUT /api/administration/institution-types': exempt(FIRM_WIDE),
  'PUT /api/administration/institution-types/:id': exempt(FIRM_WIDE),
  'PUT /api/administration/investment-types': exempt(FIRM_WIDE),
  'PUT /api/administration/investment-types/:id': exempt(FIRM_WIDE),
  'PUT /api/administration/keyword-category': exempt(FIRM_WIDE),
  'PUT /api/administration/keyword-category/:id': exempt(FIRM_WIDE),
  'PUT /api/administration/keywords/:id': exempt(FIRM_WIDE),
  'PUT /api/administration/note-category': exempt(FIRM_WIDE),
  'PUT /api/administration/note-category/:id': exempt(FIRM_WIDE),
  'PUT /api/administration/quote-types': exempt(FIRM_WIDE),
  'PUT /api/administration/quote-types/:id': exempt(FIRM_WIDE),
  'DELETE /api/administration/keywords': exempt(FIRM_WIDE),

  // Audit (ours): a scoped auditor sees only rows about their clients.
  'GET /api/audit/facets': read(),
  'POST /api/audit/list': {
    kind: 'read',
    probe: () => ({ url: '/api/audit/list', body: PAGE }),
    showsA: true,
  },

  // Banks: firm-wide.
  'GET /api/banks/all': read(),
  'GET /api/banks/allowed-data-gathering-values': read(),
  'GET /api/banks/default-data-gathering-frequencies': read(),
  'GET /api/banks/list': read(),
  'GET /api/banks/name-exists': read('/api/banks/name-exists?name=Probe'),
  'GET /api/banks/types/list': read(),
  'POST /api/banks/add': exempt(FIRM_WIDE),
  'PUT /api/banks/:id': exempt(FIRM_WIDE),

  // Clients.
  'GET /api/clients/:id': path((i) => `/api/clients/${i.clientId}`),
  'GET /api/clients/all': read(undefined, true),
  'GET /api/clients/account-balance/:id': path((i) => `/api/clients/account-balance/${i.clientId}`),
  'GET /api/clients/allowed-report-frequencies': read(),
  'GET /api/clients/assignable-users': read(),
  'GET /api/clients/banks/all/:id': path((i) => `/api/clients/banks/all/${i.clientId}`),
  'GET /api/clients/categories': read(),
  'GET /api/clients/list': read(undefined, true),
  'GET /api/clients/maturing-investments/:id': path((i) => `/api/clients/maturing-investments/${i.clientId}`),
  'GET /api/clients/name-exists': {
    kind: 'read',
    probe: (w) => ({ url: `/api/clients/name-exists?name=${encodeURIComponent(`${w.b.marker} County`)}` }),
    answer: { exists: false },
  },
  'GET /api/clients/negotiated-rates/:id': path((i) => `/api/clients/negotiated-rates/${i.clientId}`),
  'GET /api/clients/report-status/:id': path((i) => `/api/clients/report-status/${i.clientId}`),
  'GET /api/clients/types': read(),
  'POST /api/clients/add': exempt('creates a new client: no existing client id to cross'),
  'POST /api/clients/banks': client((i) => ({
    url: '/api/clients/banks',
    body: { bankClientRel: { clientId: i.clientId, bankId: i.bankId } },
  })),
  'PUT /api/clients/:id': client((i) => ({
    url: `/api/clients/${i.clientId}`,
    body: {
      client: {
        clientName: `Probe ${i.clientId}`,
        budget: 1000000,
        clientCategory: 'County Government',
        clientType: 'County',
        state: 'CA',
        dataGatheringFrequency: 1,
        reportFrequency: 3,
        reportCycle: 1,
      },
    },
  })),
  'PUT /api/clients/banks/:id': client((i) => ({
    url: `/api/clients/banks/${i.relId}`,
    body: { bankClientRel: { status: 1, collectionType: 'File Upload' } },
  })),

  // Dashboard: negotiated rates, market data and the widgets of a user's clients.
  'GET /api/dashboard/negotiated-rates': read(undefined, true),
  'GET /api/dashboard/negotiated-rates/:id': path(
    (i) => `/api/dashboard/negotiated-rates/${i.negotiatedRateId}`,
  ),
  'GET /api/dashboard/quandl': read(),
  // Another user's widgets keep only the clients the asker may see: nothing, as for nobody at all.
  'GET /api/dashboard/users/client-reports/:userId': path(
    (i) => `/api/dashboard/users/client-reports/${i.viewerId}`,
    'same',
  ),
  'GET /api/dashboard/users/clients/:userId': path(
    (i) => `/api/dashboard/users/clients/${i.viewerId}`,
    'same',
  ),
  'GET /api/dashboard/users/maturing-investments/:userId': path(
    (i) => `/api/dashboard/users/maturing-investments/${i.viewerId}`,
    'same',
  ),
  'POST /api/dashboard/negotiated-rates/': client((i) => ({
    url: '/api/dashboard/negotiated-rates/',
    body: rateBody(i),
  })),
  'PUT /api/dashboard/negotiated-rates/:id': client((i) => ({
    url: `/api/dashboard/negotiated-rates/${i.negotiatedRateId}`,
    body: rateBody(i),
  })),
  'DELETE /api/dashboard/negotiated-rates/:id': path(
    (i) => `/api/dashboard/negotiated-rates/${i.negotiatedRateId}`,
  ),

  ...DATA_INGESTION_CASES,
  ...STAGING_TRANSACTION_CASES,
  ...STAGING_INVESTMENT_CASES,
  ...STAGING_TREASURY_CASES,

  // Files.
  'GET /api/files/:fileId/download-url': path((i) => `/api/files/${i.fileId}/download-url`),
  'POST /api/files/:fileId/complete': path((i) => `/api/files/${i.fileId}/complete`),
  'POST /api/files/upload-url': client((i) => ({
    url: '/api/files/upload-url',
    body: { fileName: 'probe.csv', contentType: 'text/csv', sizeBytes: 10, clientId: i.clientId },
  })),
  'GET /api/files/download': exempt(
    'a signed link: the signature names the file (tested in upload-forgery and files-downloads)',
  ),
  'POST /api/files/upload': exempt('a signed form: the signature names the file (tested in upload-forgery)'),

  // Investments and investment groups.
  'GET /api/investments/:id': path((i) => `/api/investments/${i.investmentId}`),
  'GET /api/investments/all': read(undefined, true),
  'GET /api/investments/balance-widget/accounts/:id': path(
    (i) => `/api/investments/balance-widget/accounts/${i.accountId}`,
  ),
  'GET /api/investments/balance-widget/clients/:id': path(
    (i) => `/api/investments/balance-widget/clients/${i.clientId}`,
  ),
  'GET /api/investments/group-association/:id': path(
    (i) => `/api/investments/group-association/${i.investmentId}`,
  ),
  'GET /api/investments/groups': read(undefined, true),
  'GET /api/investments/groups/:id': path((i) => `/api/investments/groups/${i.investmentGroupId}`),
  'GET /api/investments/groups/list': read(undefined, true),
  'GET /api/investments/groups/name-exists': {
    kind: 'read',
    probe: (w) => ({
      url: `/api/investments/groups/name-exists?name=${encodeURIComponent(`${w.b.marker} Ladder`)}`,
    }),
    answer: { exists: false },
  },
  'GET /api/investments/groups/single/:id': path(
    (i) => `/api/investments/groups/single/${i.investmentGroupId}`,
  ),
  'GET /api/investments/interest-rate-widget/:id': path(
    (i) => `/api/investments/interest-rate-widget/${i.accountId}`,
  ),
  'GET /api/investments/source/:id': path((i) => `/api/investments/source/${i.investmentId}`),
  'GET /api/investments/types/list': read(),
  'POST /api/investments/account/:id': client((i) => ({
    url: `/api/investments/account/${i.accountId}`,
    body: PAGE,
  })),
  'POST /api/investments/all/': {
    kind: 'read',
    probe: () => ({ url: '/api/investments/all/', body: PAGE }),
    showsA: true,
  },
  'POST /api/investments/client/:id': client((i) => ({
    url: `/api/investments/client/${i.clientId}`,
    body: PAGE,
  })),
  'POST /api/investments/group-association/:id': client((i) => ({
    url: `/api/investments/group-association/${i.investmentGroupId}`,
    body: { investment: { investmentIdList: [i.investmentId] } },
  })),
  'POST /api/investments/groups': exempt('creates an empty firm-wide group: no client id to cross'),
  'PUT /api/investments/:id': client((i) => ({
    url: `/api/investments/${i.investmentId}`,
    body: {
      investment: {
        faceValue: '100000.00',
        settlementAmount: '99000.00',
        interestRate: '4.5',
        couponRate: null,
        maturityDate: '2027-01-31',
        callDate: '2026-12-31',
        settlementDate: '2026-01-31',
        investmentTypeId: 1,
        fund: null,
        investmentId: null,
      },
    },
  })),
  'PUT /api/investments/groups/update/:id': client((i) => ({
    url: `/api/investments/groups/update/${i.investmentGroupId}`,
    body: { investment: { groupName: `Probe ${i.investmentGroupId}` } },
  })),

  // Jobs: a job is its creator's.
  'GET /api/jobs/:jobId': path((i) => `/api/jobs/${i.jobId}`),
  'POST /api/jobs/:jobId/retry': path((i) => `/api/jobs/${i.jobId}/retry`),

  'POST /api/market-rates/refresh': exempt(FIRM_WIDE),

  // Notes and comments.
  'GET /api/notes/:id': path((i) => `/api/notes/${i.noteId}`),
  'GET /api/notes/account/:id': path((i) => `/api/notes/account/${i.accountId}`),
  'GET /api/notes/all': read(undefined, true),
  'GET /api/notes/batch/:id': path((i) => `/api/notes/batch/${i.batchId}`),
  'GET /api/notes/categories/list': read(),
  'GET /api/notes/client/:id': path((i) => `/api/notes/client/${i.clientId}`),
  'GET /api/notes/comments/all/:id': path((i) => `/api/notes/comments/all/${i.noteId}`),
  'GET /api/notes/resolve': read(undefined, true),
  'POST /api/notes/add': client(
    (i) => ({
      url: '/api/notes/add',
      body: { note: { ...noteText, tableLinkedTo: 'clients', linkedId: i.clientId } },
    }),
    422,
  ),
  'POST /api/notes/comments': client((i) => ({
    url: '/api/notes/comments',
    body: { note: { noteId: i.noteId, comment: 'Probe' } },
  })),
  'PUT /api/notes/:id': client((i) => ({ url: `/api/notes/${i.noteId}`, body: { note: noteText } })),
  'PUT /api/notes/comments/:id': client((i) => ({
    url: `/api/notes/comments/${i.commentId}`,
    body: { note: { comment: 'Probe' } },
  })),
  'PUT /api/notes/resolve': client((i) => ({
    url: '/api/notes/resolve',
    body: { note: { ids: [i.noteId] } },
  })),
  'PUT /api/notes/restore': client((i) => ({
    url: '/api/notes/restore',
    body: { note: { ids: [i.resolvedNoteId] } },
  })),

  // Roles: firm-wide.
  'GET /api/roles': read(),
  'GET /api/roles/holding/:permission': read('/api/roles/holding/GENERATE_REPORTS'),
  'POST /api/roles': exempt(FIRM_WIDE),
  'PUT /api/roles/:id': exempt(FIRM_WIDE),

  // Templates.
  'GET /api/templates/:id': path((i) => `/api/templates/${i.templateId}`),
  'GET /api/templates/all/:type/:bankClientRelId': path((i) => `/api/templates/all/Transaction/${i.relId}`),
  'GET /api/templates/transaction': read(undefined, true),
  'POST /api/templates/manage': client((i) => ({
    url: '/api/templates/manage',
    body: templateBody(i, i.templateId),
  })),
  'POST /api/templates/preview': exempt('reads a sample file sent in the request: no stored record'),

  // Transactions.
  'GET /api/transactions/keywords': read(),
  'POST /api/transactions/account/:accountId': client((i) => ({
    url: `/api/transactions/account/${i.accountId}`,
    body: PAGE,
  })),
  'PUT /api/transactions/:id': client((i) => ({
    url: `/api/transactions/${i.transactionId}`,
    body: {
      transaction: {
        transactionDescription: 'Probe',
        keyword: null,
        transactionDate: '2026-01-15',
        amount: '-1.00',
      },
    },
  })),

  // Users: a scoped caller reaches only users of their clients.
  'GET /api/users/:id': path((i) => `/api/users/${i.viewerId}`),
  'GET /api/users/all': read(undefined, true),
  'GET /api/users/client-association/:userId': path((i) => `/api/users/client-association/${i.viewerId}`),
  'GET /api/users/list': read(),
  'GET /api/users/logged-user': read(),
  'GET /api/users/roles': read(),
  'POST /api/users/add': client((i) => ({
    url: '/api/users/add',
    body: userBody(i.clientId, roleIds.clientViewer),
  })),
  'POST /api/users/resend-invite/:email': path(
    (i) => `/api/users/resend-invite/${encodeURIComponent(i.viewerEmail)}`,
  ),
  'PUT /api/users/:id': client((i) => ({
    url: `/api/users/${i.viewerId}`,
    body: userBody(i.clientId, roleIds.clientViewer),
  })),
  'PUT /api/users/profile/:id': exempt(
    'My Account: a user edits only themselves (tested in the users module)',
  ),
  'PUT /api/users/reset-mfa/:email': path((i) => `/api/users/reset-mfa/${encodeURIComponent(i.viewerEmail)}`),

  // Destructive ones last: the admin's control requests run in this order.
  'DELETE /api/accounts/groups/association': client((i) => ({
    url: '/api/accounts/groups/association',
    body: { account: { accountGroupXrefs: [i.groupXrefId] } },
  })),
  'DELETE /api/accounts/link/:id': path((i) => `/api/accounts/link/${i.linkId}`),
  'DELETE /api/data-ingestion/remove-plaid-link/:id': path(
    (i) => `/api/data-ingestion/remove-plaid-link/${i.relId}`,
  ),
  'DELETE /api/accounts/groups': client((i) => ({
    url: '/api/accounts/groups',
    body: { account: { groupIds: [i.groupId] } },
  })),
  'DELETE /api/accounts/review': client((i) => ({
    url: '/api/accounts/review',
    body: { account: { accountIds: [i.stagingAccountId] } },
  })),
  'DELETE /api/investments/group-association': client((i) => ({
    url: '/api/investments/group-association',
    body: { investment: { groupId: i.investmentGroupId, investmentIdList: [i.investmentId] } },
  })),
  'DELETE /api/investments/groups/': client((i) => ({
    url: '/api/investments/groups/',
    body: { groupIds: [i.investmentGroupId] },
  })),
  'DELETE /api/investments/remove': client((i) => ({
    url: '/api/investments/remove',
    body: { investment: { investmentIdList: [i.investmentId] } },
  })),
  'DELETE /api/notes/comments/:id': path((i) => `/api/notes/comments/${i.commentId}`),
  'DELETE /api/notes/remove': client((i) => ({
    url: '/api/notes/remove',
    body: { note: { noteIds: [i.resolvedNoteId] } },
  })),
  'DELETE /api/templates/:id': path((i) => `/api/templates/${i.templateId}`),
  'DELETE /api/transactions': client((i) => ({
    url: '/api/transactions',
    body: { transaction: { ids: [i.transactionId] } },
  })),
  ...BATCH_VALIDATION_CASES,
  // The batch before its open report: the report's delete takes every batch left.
  'DELETE /api/data-ingestion/batches/:id': path((i) => `/api/data-ingestion/batches/${i.batchId}`),
  'DELETE /api/data-ingestion/open-reports/:clientId': path(
    (i) => `/api/data-ingestion/open-reports/${i.clientId}`,
  ),
  'DELETE /api/accounts/remove': client((i) => ({
    url: '/api/accounts/remove',
    body: { account: { accountIds: [i.otherAccountId] } },
  })),
  // Client reports, destructive ones last (route-cases-reports.ts).
  ...REPORT_CASES,
  ...EXCEPTION_CASES,

  // Identity, health and documentation.
  'GET /api/health': exempt('public health check'),
  'GET /api/docs': exempt('public API documentation'),
  'GET /api/docs/json': exempt('public API documentation'),
  'GET /api/docs/static/*': exempt('public API documentation'),
  'GET /api/docs/static/index.html': exempt('public API documentation'),
  'GET /api/docs/static/swagger-initializer.js': exempt('public API documentation'),
  'GET /api/docs/yaml': exempt('public API documentation'),
  'POST /api/auth/change-password': exempt(IDENTITY),
  'POST /api/auth/confirm-password': exempt(IDENTITY),
  'POST /api/auth/forgot-password': exempt(IDENTITY),
  'POST /api/auth/mfa/reset': exempt(IDENTITY),
  'POST /api/auth/mfa/setup': exempt(IDENTITY),
  'POST /api/auth/mfa/verify': exempt(IDENTITY),
  'POST /api/auth/mfa/verify-setup': exempt(IDENTITY),
  'POST /api/auth/refresh': exempt(IDENTITY),
  'POST /api/auth/sign-in': exempt(IDENTITY),
  'POST /api/auth/sign-out': exempt(IDENTITY),
};
