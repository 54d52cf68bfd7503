import { eq, isNotNull, and } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { accounts, batchAccounts, type batches } from '../../../db/schema';
import type { PulledTransaction } from '../../bank-links/bank-link-provider';
import { loadKeywordMatcher, type KeywordMatcher } from '../../settings/keyword-matcher';

/** What staging a pull needs: the batch's accounts by the client's account id and number, keywords. */
export interface PullPlan {
  batchAccountByAccountId: Map<number, number>;
  batchAccountByNumber: Map<string, number>;
  keywordOf: KeywordMatcher;
}

export async function loadPullPlan(db: DbOrTx, batch: typeof batches.$inferSelect): Promise<PullPlan> {
  const rows = await db
    .select({
      batchAccountId: batchAccounts.batchAccountId,
      accountId: accounts.accountId,
      accountNumber: accounts.accountNumber,
    })
    .from(batchAccounts)
    .innerJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .where(and(eq(batchAccounts.batchId, batch.batchId), isNotNull(batchAccounts.accountId)));
  return {
    batchAccountByAccountId: new Map(rows.map((r) => [r.accountId, r.batchAccountId])),
    batchAccountByNumber: new Map(rows.map((r) => [r.accountNumber.trim(), r.batchAccountId])),
    keywordOf: await loadKeywordMatcher(db),
  };
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The pulled rows as the csv kept for provenance (and downloadable like an upload). */
export function toPulledCsv(rows: readonly PulledTransaction[]): Buffer {
  const lines = ['Account Number,Date,Description,Amount,Provider Transaction Id'];
  for (const r of rows)
    lines.push([r.accountNumber, r.date, r.description, r.amount, r.externalId].map(csvField).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}
