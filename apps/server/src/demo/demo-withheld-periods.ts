import { formatIsoDate, parseIsoDate } from '@tideline/analytics/core/iso-date';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_CLIENTS } from './demo-clients';
import { DEMO_OPEN_REPORTS, lastFullQuarter } from './demo-open-reports';
import type { DemoPlan, DemoTransaction } from './plan-transactions';

// Issue 39 point 6, "the demo tells the truth": a client with an open report is a client whose books
// stop where its last reported quarter ended, so seed-demo books its plan only up to the day before the
// open period, and `demo-statements` writes the period's statements from the same plan. Ingesting them
// fills the books to the period's end, equal to the statements. Nothing after the period is booked
// either: one anchor per account carries every balance, so the days after a gap would be off by the
// quarter's net flow (some accounts below zero) until it is ingested, and so would analyses of them.

/** Per demo client with an open report (by client key): the first day its books do not hold. */
export function findWithheldStarts(lastDate: string): Map<string, string> {
  const { startDate } = lastFullQuarter(lastDate);
  return new Map(DEMO_OPEN_REPORTS.map((r) => [r.clientKey, startDate]));
}

const CLIENT_OF_ACCOUNT = new Map(DEMO_ACCOUNTS.map((a) => [a.key, a.clientKey]));

/** Whether seed-demo books a planned transaction: any but those of a withheld client from its start. */
export function isBookedBySeed(t: DemoTransaction, starts: ReadonlyMap<string, string>): boolean {
  const start = starts.get(CLIENT_OF_ACCOUNT.get(t.accountKey)!);
  return start === undefined || t.date < start;
}

/**
 * The last day of each client's books as seed-demo leaves them (by client key): the plan's last day,
 * or the day before a withheld client's open period. The demo's analyses are as of that day, so
 * they read only what the books hold.
 */
export function findBooksEnds(plan: DemoPlan, starts: ReadonlyMap<string, string>): Map<string, string> {
  return new Map(
    DEMO_CLIENTS.map((c) => {
      const start = starts.get(c.key);
      return [c.key, start === undefined ? plan.lastDate : formatIsoDate(parseIsoDate(start)! - 1)];
    }),
  );
}

/**
 * The accounts whose anchor (account_balance_date) falls on or after their client's withheld start:
 * none may. The balance tables work earlier days back from the anchor, so an anchor inside the gap
 * would push the missing flows into the history before it, and demo-statements' first opening (the
 * booked balance at the period's start) would be wrong too.
 */
export function findAnchorsInWithheld(plan: DemoPlan, starts: ReadonlyMap<string, string>): string[] {
  return plan.accounts
    .filter((p) => {
      const start = starts.get(p.account.clientKey);
      return start !== undefined && p.balanceDate >= start;
    })
    .map((p) => p.account.key);
}
