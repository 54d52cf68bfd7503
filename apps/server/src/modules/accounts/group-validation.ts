import { assessGroupHistory } from '@tideline/analytics';

// analytics.md "Short-term model": a group is ready for step 1 with 24 months of history from its
// minDate and no gap over 10 business days. The rule, with the business calendar's federal holidays,
// is the package's (assessGroupHistory), so the Account Groups table and step 1 never disagree.

export interface GroupHistory {
  minDate: string | null;
  validationStatus: 'YES' | 'NO';
}

/**
 * `daysByAccount`: each member account's distinct transaction days (any order). minDate is the latest
 * first-transaction date of the accounts with data; accounts without any transaction add nothing.
 */
export function validateGroupHistory(daysByAccount: ReadonlyMap<number, readonly string[]>): GroupHistory {
  const history = assessGroupHistory(daysByAccount.values());
  // The days come from a date column, so every one parses: a failure here is a bug, not bad input.
  if (!history.ok) throw new Error(`Group history: ${history.error.message}`);
  return { minDate: history.value.minDate, validationStatus: history.value.validationStatus };
}
