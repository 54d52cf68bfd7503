import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open-database';
import { conflict } from '../platform/http/app-error';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { findWindowEnds } from './demo-calendar';
import { DEMO_SEED } from './demo-random';
import { decimalToCents } from './demo-statement';
import { demoAccountNumberOf, planDemoTransactions, type DemoPlan } from './plan-transactions';

export const NOT_DEMO_BOOKS_MSG =
  'These books were not seeded by this version of seed-demo, so the statements of its open periods cannot be planned again';

interface StoredAccount {
  accountNumber: string;
  balance: string | null;
  balanceDate: string | null;
}

/**
 * Of a leap day and the day before, the end the seed's rows reach: the earliest on or after the latest
 * transaction seed-demo booked (not validated from a batch).
 */
async function chooseLeapEnd(db: DbOrTx, accountNumbers: string[], ends: string[]): Promise<string> {
  const { rows } = await db.execute(sql`
    select max(t.transaction_date)::text as day from transactions t join accounts a using (account_id)
    where a.account_number = any(${sql.param(accountNumbers)}::text[]) and t.batch_id is null`);
  const latest = (rows[0] as { day: string | null }).day ?? '';
  return ends.find((end) => end >= latest) ?? ends.at(-1)!;
}

/**
 * The plan seed-demo booked these books from, made again (it is pure): the seed is DEMO_SEED and the
 * end date is the one whose window starts on the demo accounts' balance date (the window's first day;
 * a leap day can leave two: chooseLeapEnd). The stored anchors depend on the whole plan, so they must
 * come out the same: books from another version of the demo are refused (409) rather than given
 * statements that do not continue them.
 */
export async function regenerateDemoPlan(db: DbOrTx): Promise<DemoPlan> {
  const numbers = new Map(DEMO_ACCOUNTS.map((a) => [demoAccountNumberOf(a), a]));
  const { rows } = await db.execute(sql`
    select account_number as "accountNumber", account_balance::text as balance,
      account_balance_date::text as "balanceDate"
    from accounts where account_number = any(${sql.param([...numbers.keys()])}::text[]) and not is_staging`);
  const stored = rows as unknown as StoredAccount[];
  // Accounts open from the window's first day carry it as their balance date.
  const firstDates = new Set(
    stored
      .filter((a) => numbers.get(a.accountNumber)?.opensAfterMonths === undefined)
      .map((a) => a.balanceDate),
  );
  const [firstDate] = firstDates;
  if (firstDates.size !== 1 || !firstDate)
    throw conflict(
      `${NOT_DEMO_BOOKS_MSG}: the demo accounts do not share the balance date of its first day.`,
    );

  const ends = findWindowEnds(firstDate);
  const endDate = ends.length === 1 ? ends[0]! : await chooseLeapEnd(db, [...numbers.keys()], ends);
  const plan = planDemoTransactions(endDate, DEMO_SEED);
  const byNumber = new Map(stored.map((a) => [a.accountNumber, a]));
  const differing = plan.accounts.filter((p) => {
    const account = byNumber.get(p.accountNumber);
    return (
      account !== undefined &&
      (account.balanceDate !== p.balanceDate ||
        account.balance === null ||
        decimalToCents(account.balance) !== p.anchorBalanceCents)
    );
  });
  if (differing.length > 0) {
    const names = differing.map((p) => `${p.account.name} (${p.accountNumber})`).join(', ');
    throw conflict(`${NOT_DEMO_BOOKS_MSG}: the start balances of ${names} differ from the plan's.`);
  }
  return plan;
}
