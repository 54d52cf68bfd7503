import {
  buildBalanceTables,
  type AccountHistory,
  type DailyBalanceRow,
  type MonthlyBalanceRow,
} from '@tideline/analytics';
import { validateAccounts } from '@tideline/analytics/core/validate-accounts';
import {
  BALANCE_TABLES_MSG,
  type BalanceTablesJobResult,
} from '@tideline/contracts/balance-tables/balance-tables.schemas';
import { PROMPT_POLLING_SECONDS, type JobContext, type JobDefinition } from '../../platform/jobs/job-runner';
import * as q from './balance-tables.queries';

export const BALANCE_TABLES_JOB = 'analysis.balance-tables';

export interface BalanceTablesData {
  clientId: number;
  /** The accounts to recompute (after a promotion); absent: all the client's accounts. */
  accountIds?: number[];
  /** Who asked (or promoted the batch). */
  userId: number;
}

type BalanceTablesJob = Pick<JobContext<BalanceTablesData>, 'db' | 'data' | 'setProgress'>;

/** Share of the progress bar the accounts take; the groups take the rest. */
const ACCOUNTS_SHARE = 80;

/** Accounts read and written in one transaction. */
const ACCOUNT_CHUNK = 10;

function historyOf(anchor: q.AnchorRow, rows: readonly { date: string; amount: string }[]): AccountHistory {
  return {
    accountId: String(anchor.accountId),
    // A completed account may leave its start balance empty: it then starts at zero on its date.
    anchorBalance: Number(anchor.accountBalance ?? 0),
    anchorDate: anchor.accountBalanceDate ?? '',
    transactions: rows.map((r) => ({ date: r.date, amount: Number(r.amount) })),
  };
}

const toDaily = (row: DailyBalanceRow) => ({
  balanceDate: row.date,
  balance: row.balance.toFixed(2),
  credits: row.credits.toFixed(2),
  debits: row.debits.toFixed(2),
  transactionCount: row.transactionCount,
});

const toMonthly = (row: MonthlyBalanceRow) => ({
  month: `${row.month}-01`,
  monthEndBalance: row.monthEndBalance.toFixed(2),
  averageDailyBalance: row.averageDailyBalance.toFixed(2),
  minimumBalance: row.minimumBalance.toFixed(2),
  maximumBalance: row.maximumBalance.toFixed(2),
  totalCredits: row.totalCredits.toFixed(2),
  totalDebits: row.totalDebits.toFixed(2),
  transactionCount: row.transactionCount,
  dayCount: row.dayCount,
});

/**
 * 'Calculate Daily and Monthly Tables' (issue 18 point 1; analytics.md "Balance tables"): each account's
 * tables, then those of every group holding one of them (the sums over the group's valid members).
 * `dataUntil` is client-wide, the latest transaction or anchor date of any of its accounts, so every
 * account and group of the client ends on the same day and the group sums line up. Each account (and
 * group) is read and rewritten in one transaction under an advisory lock: a retry, or a second job
 * for the same client, rewrites the same rows from the books as they are then.
 */
export async function computeBalanceTables(job: BalanceTablesJob): Promise<BalanceTablesJobResult> {
  const { clientId, accountIds } = job.data;
  const result: BalanceTablesJobResult = {
    dataUntil: await q.selectDataUntil(job.db, clientId),
    accountCount: 0,
    groupCount: 0,
    dailyRowCount: 0,
    monthlyRowCount: 0,
    skipped: [],
  };
  const dataUntil = result.dataUntil;
  const anchors = await q.selectAnchors(job.db, clientId, accountIds);
  if (!dataUntil || anchors.length === 0) return result;
  const computedAt = new Date();

  const read = new Map<number, AccountHistory>();
  // Accounts go ACCOUNT_CHUNK at a time: one transaction, one read of their transactions and one
  // array insert per table, each account under its advisory lock (taken in id order).
  for (let start = 0; start < anchors.length; start += ACCOUNT_CHUNK) {
    const chunk = anchors.slice(start, start + ACCOUNT_CHUNK);
    await job.db.transaction(async (tx) => {
      for (const anchor of chunk) await q.lockTables(tx, 'account', anchor.accountId);
      const byAccount = await q.selectTransactionsOf(
        tx,
        chunk.map((a) => a.accountId),
      );
      const daily: q.DailyInsert[] = [];
      const monthly: q.MonthlyInsert[] = [];
      for (const anchor of chunk) {
        const history = historyOf(anchor, byAccount.get(anchor.accountId)!);
        read.set(anchor.accountId, history);
        const built = buildBalanceTables({ accounts: [history], dataUntil });
        const tables = built.ok ? built.value.accounts[0] : undefined;
        if (!built.ok) {
          result.skipped.push({
            accountId: anchor.accountId,
            message: BALANCE_TABLES_MSG.skipped(anchor.accountId, built.error.message),
          });
        }
        // An account whose history is no longer valid keeps no stale rows.
        const keys = { clientId, accountId: anchor.accountId, computedAt };
        for (const row of tables?.daily ?? []) daily.push({ ...keys, ...toDaily(row) });
        for (const row of tables?.monthly ?? []) monthly.push({ ...keys, ...toMonthly(row) });
        if (tables) result.accountCount += 1;
      }
      await q.replaceAccountRows(
        tx,
        chunk.map((a) => a.accountId),
        daily,
        monthly,
      );
      result.dailyRowCount += daily.length;
      result.monthlyRowCount += monthly.length;
    });
    const done = Math.min(start + ACCOUNT_CHUNK, anchors.length);
    await job.setProgress((done / anchors.length) * ACCOUNTS_SHARE, `Account ${done} of ${anchors.length}`);
  }

  const groups = await q.selectGroupsOf(
    job.db,
    clientId,
    anchors.map((a) => a.accountId),
  );
  for (const [index, group] of groups.entries()) {
    await job.db.transaction(async (tx) => {
      await q.lockTables(tx, 'group', group.groupId);
      const members = await q.selectAnchors(tx, clientId, group.accountIds);
      // Members computed above are summed from the histories just read, so the group matches their
      // tables; a change since then leaves them stale (transaction_changes) for the next run.
      const byAccount = await q.selectTransactionsOf(
        tx,
        members.filter((m) => !read.has(m.accountId)).map((m) => m.accountId),
      );
      const histories: AccountHistory[] = [];
      for (const member of members) {
        const history = read.get(member.accountId) ?? historyOf(member, byAccount.get(member.accountId)!);
        // An invalid member is left out of the sums (reported when its own tables are computed).
        if (validateAccounts([history]).ok) histories.push(history);
      }
      const built = histories.length > 0 ? buildBalanceTables({ accounts: histories, dataUntil }) : null;
      const tables = built?.ok ? built.value.group : undefined;
      const keys = { clientId, accountGroupId: group.groupId, computedAt };
      const daily = (tables?.daily ?? []).map((row) => ({ ...keys, ...toDaily(row) }));
      const monthly = (tables?.monthly ?? []).map((row) => ({ ...keys, ...toMonthly(row) }));
      await q.replaceGroupRows(tx, group.groupId, daily, monthly);
      if (tables) result.groupCount += 1;
      result.dailyRowCount += daily.length;
      result.monthlyRowCount += monthly.length;
    });
    await job.setProgress(
      ACCOUNTS_SHARE + ((index + 1) / groups.length) * (100 - ACCOUNTS_SHARE),
      `Group ${index + 1} of ${groups.length}`,
    );
  }
  return result;
}

/** Registered in jobs.ts; sent by the route and after VALIDATE THIS BATCH promoted transactions. */
export function balanceTablesJob(): JobDefinition<BalanceTablesData> {
  return {
    name: BALANCE_TABLES_JOB,
    retryLimit: 2,
    retryDelaySeconds: 5,
    pollingIntervalSeconds: PROMPT_POLLING_SECONDS,
    expireInSeconds: 30 * 60,
    handle: (job) => computeBalanceTables(job),
  };
}
