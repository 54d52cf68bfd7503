import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { accounts, batchAccounts, batches, users } from '../../../db/schema';

// Subqueries bind to the outer batch account row, so they name it by hand ("batch_accounts").

const batchAccountFields = {
  batchAccountId: batchAccounts.batchAccountId,
  batchId: batchAccounts.batchId,
  clientId: batchAccounts.clientId,
  accountId: batchAccounts.accountId,
  account: accounts.accountNumber,
  accountName: accounts.accountName,
  type: batchAccounts.sectionType,
  // First and last staged dates: the (batch_account_id, transaction_date) index answers both.
  startDate: sql<string | null>`(select min(st.transaction_date)::text from staging_transactions st
    where st.batch_account_id = "batch_accounts"."batch_account_id")`,
  endDate: sql<string | null>`(select max(st.transaction_date)::text from staging_transactions st
    where st.batch_account_id = "batch_accounts"."batch_account_id")`,
  // 'Total eligible charges.': the staged fees of a Fees section.
  totalCharges: sql<string | null>`case when "batch_accounts"."section_type" = 'Fees' then
    (select coalesce(sum(f.amount), 0)::text from staging_fees f
      where f.batch_account_id = "batch_accounts"."batch_account_id") end`,
  status: batchAccounts.status,
  restoreStatus: batchAccounts.restoreStatus,
  statementMonths: batchAccounts.statementMonths,
  fileIdList: sql<number[]>`coalesce((select array_agg(baf.batch_file_id order by baf.batch_file_id)
    from batch_account_files baf where baf.batch_account_id = "batch_accounts"."batch_account_id"),
    '{}'::int[])`,
  promotedAt: batchAccounts.promotedAt,
  updatedAt: batchAccounts.updatedAt,
  // Issue 39: transactions reconcile; an Investment batch's positions and treasury sections do not.
  templateType: batches.templateType,
  overrideReason: batchAccounts.overrideReason,
  overrideSummary: batchAccounts.overrideSummary,
  overrideAt: batchAccounts.overrideAt,
  overrideUserName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

/** Batch accounts under `where`: sections in the dialog's order, then accounts by name. */
export function selectBatchAccounts(db: DbOrTx, where: SQL) {
  return db
    .select(batchAccountFields)
    .from(batchAccounts)
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .innerJoin(batches, eq(batches.batchId, batchAccounts.batchId))
    .leftJoin(users, eq(users.userId, batchAccounts.overrideBy))
    .where(where)
    .orderBy(
      sql`array_position(array['Balance', 'Fees', 'Account Balance'], ${batchAccounts.sectionType})`,
      asc(sql`lower(${accounts.accountName})`),
      asc(batchAccounts.batchAccountId),
    );
}

export type BatchAccountRow = Awaited<ReturnType<typeof selectBatchAccounts>>[number];

export async function selectBatchAccountClient(db: DbOrTx, batchAccountId: number) {
  const [row] = await db
    .select({ clientId: batchAccounts.clientId })
    .from(batchAccounts)
    .where(eq(batchAccounts.batchAccountId, batchAccountId));
  return row ?? null;
}
