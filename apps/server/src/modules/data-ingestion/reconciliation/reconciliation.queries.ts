import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import type { StatementFigures } from './reconcile-account';

// The figures a reconciliation needs, read when it is asked for: the statements of the accounts' live
// files (not Replaced or Failed) and what the staged rows of each add up to now, so an edited or
// deleted row is always counted as it is. One pass over the accounts' staged rows gives both the
// statements' sums and the duplicate counts.

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

export interface AccountFigures {
  statements: StatementFigures[];
  rowsWithoutStatement: number;
  duplicates: { undecided: number; kept: number; dropped: number };
}

interface StatementRow extends StatementFigures {
  batchAccountId: number;
}

interface TallyRow {
  batchAccountId: number;
  batchFileId: number;
  statementIndex: number | null;
  rowCount: number;
  stagedSum: string;
  undecided: number;
  kept: number;
  dropped: number;
}

const isFlagged = sql.raw(
  '(s.duplicate_of_transaction_id is not null or s.duplicate_of_staging_transaction_id is not null)',
);

export async function selectAccountFigures(
  db: DbOrTx,
  batchAccountIds: readonly number[],
): Promise<Map<number, AccountFigures>> {
  const result = new Map<number, AccountFigures>();
  if (batchAccountIds.length === 0) return result;
  const { rows: statements } = await db.execute(sql`select st.batch_account_id as "batchAccountId",
      st.batch_file_id as "batchFileId", bf.uploaded_file_name as "fileName",
      st.statement_index as "statementIndex", st.statement_ref as "statementRef",
      st.from_date::text as "fromDate", st.to_date::text as "toDate",
      st.opening_balance::text as "openingBalance", st.closing_balance::text as "closingBalance",
      st.balance_source as "balanceSource"
    from staging_statements st
    join batch_files bf on bf.batch_file_id = st.batch_file_id and bf.status not in ('Replaced', 'Failed')
    where st.batch_account_id = any(${ints(batchAccountIds)})`);
  const { rows: tallies } = await db.execute(sql`select s.batch_account_id as "batchAccountId",
      s.batch_file_id as "batchFileId", s.statement_index as "statementIndex",
      count(*)::int as "rowCount", coalesce(sum(s.amount), 0)::text as "stagedSum",
      (count(*) filter (where ${isFlagged} and s.duplicate_decision is null))::int as undecided,
      (count(*) filter (where ${isFlagged} and s.duplicate_decision = 'keep'))::int as kept,
      (count(*) filter (where ${isFlagged} and s.duplicate_decision = 'drop'))::int as dropped
    from staging_transactions s
    where s.batch_account_id = any(${ints(batchAccountIds)})
    group by s.batch_account_id, s.batch_file_id, s.statement_index`);

  const figuresOf = (id: number) => {
    let f = result.get(id);
    if (!f) {
      f = { statements: [], rowsWithoutStatement: 0, duplicates: { undecided: 0, kept: 0, dropped: 0 } };
      result.set(id, f);
    }
    return f;
  };
  const tallyKey = (a: number, f: number, i: number | null) => `${a}:${f}:${i ?? ''}`;
  const byStatement = new Map(
    (tallies as unknown as TallyRow[]).map((t) => [
      tallyKey(t.batchAccountId, t.batchFileId, t.statementIndex),
      t,
    ]),
  );
  for (const s of statements as unknown as StatementRow[]) {
    const tally = byStatement.get(tallyKey(s.batchAccountId, s.batchFileId, s.statementIndex));
    byStatement.delete(tallyKey(s.batchAccountId, s.batchFileId, s.statementIndex));
    const { batchAccountId, ...figures } = s;
    figuresOf(batchAccountId).statements.push({
      ...figures,
      rowCount: tally?.rowCount ?? 0,
      stagedSum: tally?.stagedSum ?? '0',
    });
  }
  for (const t of tallies as unknown as TallyRow[]) {
    const f = figuresOf(t.batchAccountId);
    f.duplicates.undecided += t.undecided;
    f.duplicates.kept += t.kept;
    f.duplicates.dropped += t.dropped;
  }
  // Rows whose statement is not among the live ones: a pull, or a file whose reader states none.
  for (const t of byStatement.values()) figuresOf(t.batchAccountId).rowsWithoutStatement += t.rowCount;
  return result;
}

/**
 * The books' end-of-day balance of each account on its day: the account's anchor balance (end of its
 * anchor date) plus the booked rows after it up to the day, or less those after the day up to it.
 * Accounts without an anchor date are left out.
 */
export async function selectBookedBalances(
  db: DbOrTx,
  wanted: readonly { batchAccountId: number; day: string }[],
): Promise<Map<number, string>> {
  if (wanted.length === 0) return new Map();
  const { rows } = await db.execute(sql`select w.id as "batchAccountId",
      (coalesce(a.account_balance, 0)
        + coalesce((select sum(t.amount) from transactions t where t.account_id = a.account_id
            and t.transaction_date > a.account_balance_date and t.transaction_date <= w.day), 0)
        - coalesce((select sum(t.amount) from transactions t where t.account_id = a.account_id
            and t.transaction_date > w.day and t.transaction_date <= a.account_balance_date), 0))::text as balance
    from unnest(${ints(wanted.map((w) => w.batchAccountId))}, ${sql.param(wanted.map((w) => w.day))}::date[])
      as w(id, day)
    join batch_accounts ba on ba.batch_account_id = w.id
    join accounts a on a.account_id = ba.account_id
    where a.account_balance_date is not null`);
  return new Map(
    (rows as { batchAccountId: number; balance: string }[]).map((r) => [r.batchAccountId, r.balance]),
  );
}
