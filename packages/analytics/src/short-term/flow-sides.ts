import type { ParsedAccount } from '../core/account-history';
import { foldToBusinessDays, type DayFlow } from '../calendar/fold-to-business-days';

/** Receipts (credits, >= 0) and disbursements (debits, <= 0) per business day of a window. */
export interface FlowSides {
  readonly days: number[];
  readonly receipts: Float64Array;
  readonly disbursements: Float64Array;
}

/**
 * Short-term model (docs/models.md): the group's flows dated in (fromDay, toDay], split by sign and
 * folded onto business days like the net flows (a weekend or holiday counts on the next business day).
 * receipts + disbursements is the net flow of each business day.
 */
export function collectFlowSides(
  accounts: readonly ParsedAccount[],
  fromDay: number,
  toDay: number,
): FlowSides {
  const credits: DayFlow[] = [];
  const debits: DayFlow[] = [];
  for (const account of accounts) {
    for (let index = 0; index < account.transactionDays.length; index += 1) {
      const day = account.transactionDays[index] as number;
      if (day <= fromDay || day > toDay) continue;
      const amount = account.transactionAmounts[index] as number;
      (amount >= 0 ? credits : debits).push({ day, amount });
    }
  }
  const receipts = foldToBusinessDays(credits, fromDay + 1, toDay);
  const disbursements = foldToBusinessDays(debits, fromDay + 1, toDay);
  return { days: receipts.days, receipts: receipts.flows, disbursements: disbursements.flows };
}
