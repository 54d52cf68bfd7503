import type { StagingMatchingSchema } from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { badRequest } from '../../platform/http/app-error';
import { compileListQuery } from '../../platform/paging/paged-list';
import { assertVisibleBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import * as q from './staging-transactions.queries';
import { stagingTransactionList } from './staging-transactions.service';

// Issue 39 point 2: select-all covers every row of the filter, not only the page shown. A selection
// is the rows ticked, or the rows matching the inspect list's filters and search, resolved here to
// their ids by the same column rules as the list itself.

type Matching = z.output<typeof StagingMatchingSchema>;

/** More than this is a filter too broad to act on row by row (each change is audited). */
export const MATCHING_LIMIT = 100_000;

/** The ids of every row matching the filter, in list order, at most MATCHING_LIMIT. */
export async function resolveMatching(db: DbOrTx, user: CurrentUser, matching: Matching): Promise<number[]> {
  const batchAccountIds = [...new Set(matching.batchAccountIds)];
  await assertVisibleBatchAccounts(db, user, batchAccountIds);
  const { where } = compileListQuery(stagingTransactionList, {
    filters: matching.filters,
    searchTerm: matching.searchTerm,
    timeZone: matching.timeZone,
    sortOrder: [],
    pageSize: 1,
    pageIndex: 0,
  });
  const ids = await q.selectMatchingIds(db, q.whereBatchAccounts(batchAccountIds), where, MATCHING_LIMIT + 1);
  if (ids.length > MATCHING_LIMIT)
    throw badRequest(
      `The selection holds more than ${MATCHING_LIMIT.toLocaleString('en-US')} rows: narrow the filter first.`,
    );
  return ids;
}

/** The ticked ids, or those of the rows matching the filter. */
export function resolveSelection(
  db: DbOrTx,
  user: CurrentUser,
  selection: { stagingTransactionIds?: number[] | undefined; matching?: Matching | undefined },
): Promise<number[]> | number[] {
  if (selection.matching) return resolveMatching(db, user, selection.matching);
  return [...new Set(selection.stagingTransactionIds ?? [])];
}
