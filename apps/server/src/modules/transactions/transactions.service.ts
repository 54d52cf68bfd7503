import { sql } from 'drizzle-orm';
import type { PagedList, PagedListQuery } from '@tideline/contracts';
import {
  TRANSACTION_MSG,
  TRANSACTION_PAGE_SIZES,
  type KeywordOption,
  type Transaction,
} from '@tideline/contracts/transactions/transactions.schemas';
import { readUnmapped, type Db, type DbOrTx } from '../../db/open-database';
import { transactions } from '../../db/schema';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, notFound } from '../../platform/http/app-error';
import {
  definePagedList,
  fetchPagedList,
  isDefaultOrder,
  pageWindow,
} from '../../platform/paging/paged-list';
import { assertVisibleAccount } from '../accounts/accounts.service';
import * as q from './transactions.queries';

// platform.md 2.9 "Transactions filter": date range, description, Any/Debit/Credit, keywords.
export const transactionList = definePagedList({
  columns: {
    transactionDate: {
      sql: transactions.transactionDate,
      kind: 'date',
      isDayColumn: true,
      sortable: true,
      filterable: true,
    },
    transactionDescription: {
      sql: transactions.description,
      kind: 'text',
      sortable: true,
      filterable: true,
      searchable: true,
    },
    amount: { sql: transactions.amount, kind: 'number', sortable: true, filterable: true },
    // Debit = money out (a negative amount), Credit = money in.
    creditDebit: {
      sql: sql`(case when ${transactions.amount} < 0 then 'Debit' else 'Credit' end)`,
      kind: 'enum',
      filterable: true,
    },
    keyword: { sql: transactions.keywordId, kind: 'enum', filterable: true },
  },
  tieBreak: transactions.transactionId,
  defaultSort: [{ id: 'transactionDate', desc: true }],
});

type TransactionRow = NonNullable<Awaited<ReturnType<typeof q.selectTransactionById>>>;

/**
 * The answer's fields named one by one: a page's rows (and an opening page's, which also carry their
 * account) drop the rest here. Two object rest spreads per row took 3% of the server's CPU on a 50-row page.
 */
function toTransaction(row: TransactionRow): Transaction {
  return {
    transactionId: row.transactionId,
    accountId: row.accountId,
    transactionDate: row.transactionDate,
    transactionDescription: row.transactionDescription,
    amount: Number(row.amount),
    keyword: row.keyword,
    keywordId: row.keywordId,
  };
}

const auditedTransaction = (t: typeof transactions.$inferSelect) => ({
  accountId: t.accountId,
  transactionDate: t.transactionDate,
  description: t.description,
  amount: t.amount,
  keywordId: t.keywordId,
});

/** 'Any' narrows nothing; the filter dialog sends it when the user leaves the choice alone. */
function withoutAnyCreditDebit(query: PagedListQuery): PagedListQuery {
  const isAny = (v: unknown) => v === 'Any' || (Array.isArray(v) && v.includes('Any'));
  return {
    ...query,
    filters: query.filters.filter((f) => !(f.id === 'creditDebit' && isAny(f.value))),
  };
}

/** The request of the Transactions tab as it opens: nothing narrows it, the default order (stated or not). */
function isDefaultPage(query: PagedListQuery): boolean {
  return (
    query.filters.length === 0 &&
    query.searchTerm.trim() === '' &&
    isDefaultOrder(transactionList, query.sortOrder)
  );
}

export function createTransactionsService(deps: { db: Db }) {
  const { db } = deps;
  const accountTotal = q.prepareAccountTotal(db);
  const defaultPageWithAccount = q.prepareDefaultPageWithAccount(db);
  const firstPagesWithAccount = new Map(
    TRANSACTION_PAGE_SIZES.map((size) => [size as number, q.prepareFirstPageWithAccount(db, size)]),
  );

  /** The opening statement of a page in the default order: the first page of an offered size has its own. */
  function runDefaultPage(accountId: number, listed: PagedListQuery) {
    const firstPage = listed.pageIndex === 0 ? firstPagesWithAccount.get(listed.pageSize) : undefined;
    return firstPage
      ? readUnmapped<q.OpeningPageRow>(firstPage, { accountId })
      : readUnmapped<q.OpeningPageRow>(defaultPageWithAccount, { accountId, ...pageWindow(listed) });
  }

  async function lockVisible(tx: DbOrTx, user: CurrentUser, ids: readonly number[]) {
    const rows = await q.selectTransactionsForUpdate(tx, ids);
    if (rows.length !== ids.length || !rows.every((r) => canAccessClient(user, r.clientId)))
      throw notFound(TRANSACTION_MSG.notFound);
    return rows;
  }

  return {
    /**
     * The account's Transactions table. The total is the account's maintained counter, read with the
     * account's client in the statement that also decides visibility; as the tab opens, that statement
     * also brings the page (one round trip per request). Only a filter or search counts rows, and a
     * search counts through the (account, trigram) index.
     */
    async listAccountTransactions(
      user: CurrentUser,
      accountId: number,
      request: PagedListQuery,
    ): Promise<PagedList<Transaction>> {
      const listed = withoutAnyCreditDebit(request);
      // As the tab opens, one round trip: the page, each row carrying its account, dropped unread if the
      // account is not visible. Any other request, or an empty opening page, reads the account first.
      const opening = isDefaultPage(listed) ? await runDefaultPage(accountId, listed) : [];
      const account = opening[0]
        ? { clientId: opening[0].accountClientId, count: opening[0].accountCount }
        : ((await accountTotal.execute({ accountId }))[0] ?? null);
      assertVisibleAccount(user, account);
      const page = await fetchPagedList(transactionList, listed, {
        where: q.whereAccount(accountId),
        total: async () => Number(account.count),
        count: (fields, where) => q.selectTransactionCounts(db, fields, where),
        page: async (p) => (opening.length > 0 ? opening : q.selectTransactionPage(db, p)),
      });
      return { ...page, results: page.results.map(toTransaction) };
    },

    async editTransaction(
      user: CurrentUser,
      transactionId: number,
      input: {
        transactionDescription: string;
        keyword: number | null;
        transactionDate: string;
        amount: string;
      },
      ctx: AuditContext,
    ): Promise<Transaction> {
      await db.transaction(async (tx) => {
        const [before] = await lockVisible(tx, user, [transactionId]);
        if (input.keyword !== null && !(await q.keywordExists(tx, input.keyword)))
          throw badRequest(TRANSACTION_MSG.keywordNotFound, { keyword: [TRANSACTION_MSG.keywordNotFound] });
        const after = await q.updateTransaction(tx, transactionId, {
          description: input.transactionDescription,
          keywordId: input.keyword,
          transactionDate: input.transactionDate,
          amount: input.amount,
        });
        await writeAudit(tx, ctx, {
          action: 'transaction.updated',
          entity: 'transaction',
          entityId: transactionId,
          before: auditedTransaction(before!),
          after: auditedTransaction(after),
        });
      });
      return toTransaction((await q.selectTransactionById(db, transactionId))!);
    },

    async deleteTransactions(user: CurrentUser, ids: readonly number[], ctx: AuditContext): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await lockVisible(tx, user, unique);
        for (const row of rows) {
          await writeAudit(tx, ctx, {
            action: 'transaction.deleted',
            entity: 'transaction',
            entityId: row.transactionId,
            before: auditedTransaction(row),
          });
        }
        await q.deleteTransactionsByIds(tx, unique);
        return rows.length;
      });
    },

    listKeywordOptions(): Promise<KeywordOption[]> {
      return q.selectKeywordOptions(db);
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
