import { client, exempt, FIRM_WIDE, path, read, type RouteCase } from './route-case-kinds';
import type { ClientRecords } from './security-world';

// The treasury staging routes of the client-scoping matrix (issue 17 point 4). Every probe names the
// client's Treasury batch and one staged row of a section; the pick lists are firm-wide, and so are their
// Global Settings changes. The deletes stay last, after the probes that need the rows.

const BASE = '/api/data-ingestion-treasury-services';
const LISTS = '/api/administration/treasury-lists';

/** Global Settings' add, edit and delete of each pick list: firm-wide records. */
const LIST_SETTINGS_CASES: Record<string, RouteCase> = Object.fromEntries(
  [
    'standardized-descriptions',
    'bank-level-exceptions',
    'client-level-exceptions',
    'fee-categories',
    'fee-sub-categories',
  ].flatMap((list) => [
    [`POST ${LISTS}/${list}`, exempt(FIRM_WIDE)],
    [`PUT ${LISTS}/${list}/:id`, exempt(FIRM_WIDE)],
    [`DELETE ${LISTS}/${list}/:id`, exempt(FIRM_WIDE)],
  ]),
);
const fees = (i: ClientRecords) => ({
  fees: { batchId: i.treasuryBatchId, stagingFeesIds: [i.stagingFeeId] },
});
const balance = (i: ClientRecords) => ({
  balance: { batchId: i.treasuryBatchId, stagingBalanceIds: [i.stagingBalanceId] },
});
const accountBalances = (i: ClientRecords) => ({
  accountBalances: { batchId: i.treasuryBatchId, stagingAccountBalanceIds: [i.stagingAccountBalanceId] },
});

export const STAGING_TREASURY_CASES: Record<string, RouteCase> = {
  [`GET ${LISTS}`]: read(),
  ...LIST_SETTINGS_CASES,
  [`GET ${BASE}/standardized-description/list`]: read(),
  [`GET ${BASE}/bank-level-exception/list`]: read(),
  [`GET ${BASE}/client-level-exception/list`]: read(),
  [`GET ${BASE}/fee-categories/list`]: read(),
  [`GET ${BASE}/fees/staging/:batchId`]: path((i) => `${BASE}/fees/staging/${i.treasuryBatchId}`),
  [`GET ${BASE}/balances/staging/:batchId`]: path((i) => `${BASE}/balances/staging/${i.treasuryBatchId}`),
  [`GET ${BASE}/account-balances/staging/:batchId`]: path(
    (i) => `${BASE}/account-balances/staging/${i.treasuryBatchId}`,
  ),
  [`PUT ${BASE}/balances/staging`]: client((i) => ({
    url: `${BASE}/balances/staging`,
    body: {
      balance: {
        batchId: i.treasuryBatchId,
        stagingBalanceId: i.stagingBalanceId,
        standardDescriptionId: 1,
        balanceAmounts: [[0, 0.015]],
      },
    },
  })),
  [`PUT ${BASE}/fees/staging`]: client((i) => ({
    url: `${BASE}/fees/staging`,
    body: { fees: { batchId: i.treasuryBatchId, categoryId: 1, subCategoryId: 1, feeIds: [i.stagingFeeId] } },
  })),
  [`PUT ${BASE}/account-balances/staging`]: client((i) => ({
    url: `${BASE}/account-balances/staging`,
    body: {
      balance: {
        batchId: i.treasuryBatchId,
        stagingAccountBalanceId: i.stagingAccountBalanceId,
        accountBalanceAmounts: [[0, '1000']],
      },
    },
  })),
  [`PUT ${BASE}/balances/staging/validate`]: client((i) => ({
    url: `${BASE}/balances/staging/validate`,
    body: balance(i),
  })),
  [`PUT ${BASE}/balances/staging/invalidate`]: client((i) => ({
    url: `${BASE}/balances/staging/invalidate`,
    body: balance(i),
  })),
  [`PUT ${BASE}/fees/staging/validate`]: client((i) => ({
    url: `${BASE}/fees/staging/validate`,
    body: fees(i),
  })),
  [`PUT ${BASE}/fees/staging/invalidate`]: client((i) => ({
    url: `${BASE}/fees/staging/invalidate`,
    body: fees(i),
  })),
  [`PUT ${BASE}/account-balances/staging/validate`]: client((i) => ({
    url: `${BASE}/account-balances/staging/validate`,
    body: accountBalances(i),
  })),
  [`PUT ${BASE}/account-balances/staging/invalidate`]: client((i) => ({
    url: `${BASE}/account-balances/staging/invalidate`,
    body: accountBalances(i),
  })),
  [`DELETE ${BASE}/balances/staging`]: client((i) => ({ url: `${BASE}/balances/staging`, body: balance(i) })),
  [`DELETE ${BASE}/fees/staging`]: client((i) => ({ url: `${BASE}/fees/staging`, body: fees(i) })),
};
