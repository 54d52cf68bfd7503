import { sql } from 'drizzle-orm';
import type { PagedList } from '@tideline/contracts';
import type { StagingInspectRequestSchema } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import {
  STAGING_TRANSACTION_MSG,
  type StagingTransaction,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/open-database';
import { accounts, keywords, stagingTransactions as st } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { notFound } from '../../platform/http/app-error';
import { definePagedList, fetchPagedList } from '../../platform/paging/paged-list';
import { assertVisibleBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import * as q from './staging-transactions.queries';

type StagingInspectQuery = z.output<typeof StagingInspectRequestSchema>;

const IS_FLAGGED = sql`(${st.duplicateOfTransactionId} is not null or ${st.duplicateOfStagingTransactionId} is not null)`;

// ingestion-analysis.md 2 "Staging transactions dialog": Account, Date, Description, Keywords,
// Debit/Credit, Validated?; the search box matches anywhere in the description.
export const stagingTransactionList = definePagedList({
  columns: {
    accountNumber: { sql: accounts.accountNumber, kind: 'text', sortable: true, filterable: true },
    transactionDate: {
      sql: st.transactionDate,
      kind: 'date',
      isDayColumn: true,
      sortable: true,
      filterable: true,
    },
    transactionDescription: {
      sql: st.description,
      kind: 'text',
      sortable: true,
      filterable: true,
      searchable: true,
    },
    // Filtered by keyword ids; sorted by the keyword's name (keywordName below).
    keyword: { sql: st.keywordId, kind: 'enum', filterable: true },
    keywordName: { sql: keywords.keywordName, kind: 'text', sortable: true },
    amount: { sql: st.amount, kind: 'number', sortable: true, filterable: true },
    validationStatus: {
      sql: sql`(case when ${st.validationStatus} then 'Yes' else 'No' end)`,
      kind: 'enum',
      sortable: true,
      filterable: true,
    },
    duplicate: { sql: IS_FLAGGED, kind: 'boolean', sortable: true, filterable: true },
    // Flagged rows by decision: 'undecided', 'keep' or 'drop' (rows not flagged have none).
    duplicateDecision: {
      sql: sql`(case when ${IS_FLAGGED} then coalesce(${st.duplicateDecision}, 'undecided') end)`,
      kind: 'enum',
      sortable: true,
      filterable: true,
    },
  },
  // Row order in its file: rows are staged in file order, so the id follows it.
  tieBreak: st.stagingTransactionId,
  defaultSort: [{ id: 'transactionDate', desc: false }],
});

const isFlaggedRow = (row: q.StagingRow) =>
  row.duplicateOfTransactionId !== null || row.duplicateRowNumber !== null;

/** Where the matched row is: "transaction 8812 in the books", "row 4 of july.csv". */
function describeMatched(row: q.StagingRow): string {
  if (row.duplicateOfTransactionId !== null)
    return `transaction ${row.duplicateOfTransactionId} in the books`;
  const where = row.duplicateSheetName
    ? `row ${row.duplicateRowNumber} of sheet ${row.duplicateSheetName}`
    : `row ${row.duplicateRowNumber}`;
  return `${where} of ${row.duplicateFileName ?? 'another file'}`;
}

const alike = (n: number | null) => `${(n ?? 0).toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'} alike`;

/**
 * ingestion.md step 6 as issue 39 point 2 asks: which booked or staged row the flag matches, by which
 * rule, and for the date, amount and description rule how many rows alike each side holds.
 */
function describeDuplicate(row: q.StagingRow): string | null {
  if (!isFlaggedRow(row)) return null;
  const matched = describeMatched(row);
  if (row.duplicateRule === 'reference')
    return `Bank reference ${row.bankReference ?? ''} is already in ${matched}.`;
  const there =
    row.duplicateOfTransactionId !== null ? 'the books' : (row.duplicateFileName ?? 'the other file');
  return (
    `Same date, amount and description as ${matched}: ${alike(row.sameInFile)} in this file, ` +
    `${alike(row.sameThere)} in ${there}.`
  );
}

export function toStagingTransaction(row: q.StagingRow): StagingTransaction {
  const isFlagged = isFlaggedRow(row);
  return {
    stagingTransactionId: row.stagingTransactionId,
    transactionId: row.stagingTransactionId,
    batchAccountId: row.batchAccountId,
    accountNumber: row.accountNumber ?? '',
    transactionDate: row.transactionDate,
    transactionDescription: row.transactionDescription,
    keyword: row.keyword,
    keywordId: row.keywordId,
    amount: Number(row.amount),
    validationStatus: row.validationStatus ? 'Yes' : 'No',
    duplicateReason: describeDuplicate(row),
    duplicateRule: isFlagged ? row.duplicateRule : null,
    duplicateDecision: isFlagged ? row.duplicateDecision : null,
    isBooked: row.isBooked,
    fileName: row.fileName,
    // The file's row as the template engine and the extraction message count it (the header is row 1).
    rowNumber: row.rowNumber,
  };
}

/** Sorting by "keyword" means by the keyword's name; filtering by it means by its ids. */
function withKeywordSortByName(query: StagingInspectQuery): StagingInspectQuery {
  return {
    ...query,
    sortOrder: query.sortOrder.map((s) => (s.id === 'keyword' ? { ...s, id: 'keywordName' } : s)),
  };
}

/**
 * A search of a batch counts its matches up to this many (issue 17 "Speed": a common word over a
 * million staged rows would otherwise read every match for the count); the list says 'more than'.
 */
export const SEARCH_COUNT_LIMIT = 10_000;

/**
 * POST /staging/inspect. The total is the kept per-file row counts; only a filter or a search counts
 * rows, and only the matching ones.
 */
export async function listStagingTransactions(
  db: DbOrTx,
  user: CurrentUser,
  request: StagingInspectQuery,
): Promise<PagedList<StagingTransaction>> {
  const batchAccountIds = [...new Set(request.batchAccountIds)];
  await assertVisibleBatchAccounts(db, user, batchAccountIds);
  const page = await fetchPagedList(stagingTransactionList, withKeywordSortByName(request), {
    where: q.whereBatchAccounts(batchAccountIds),
    total: () => q.selectStagingTotal(db, batchAccountIds),
    count: (fields, where) => q.selectStagingCounts(db, fields, where),
    searchCount: { limit: SEARCH_COUNT_LIMIT, countUpTo: (where, n) => q.countStagingRowsUpTo(db, where, n) },
    page: (p) => q.selectStagingPage(db, p),
  });
  return { ...page, results: page.results.map(toStagingTransaction) };
}

/** GET /staging/single/{id}. */
export async function findStagingTransaction(
  db: DbOrTx,
  user: CurrentUser,
  stagingTransactionId: number,
): Promise<StagingTransaction> {
  const row = await q.selectStagingRowById(db, stagingTransactionId, whereClientVisible(user, st.clientId));
  if (!row) throw notFound(STAGING_TRANSACTION_MSG.notFound);
  return toStagingTransaction(row);
}
