// ingestion.md "Batches": a batch expects one statement per account and calendar month of its period
// (sourcesRequired = accounts x statement months). Dates are YYYY-MM-DD, compared as text.

const monthIndex = (isoDate: string) => Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;

/** The calendar months the period touches, both ends included: 01/15-02/14 is two statements. */
export function countStatementMonths(startDate: string, endDate: string): number {
  if (endDate < startDate) return 0;
  return monthIndex(endDate) - monthIndex(startDate) + 1;
}

export interface AccountLife {
  accountClosed: boolean;
  accountDateClosed: string | null;
}

/**
 * The statements one account owes for the period: none once it closed before the period (or closed
 * with no date known), the months up to its closing date when it closed within it.
 */
export function countAccountStatementMonths(
  startDate: string,
  endDate: string,
  account: AccountLife,
): number {
  if (!account.accountClosed) return countStatementMonths(startDate, endDate);
  if (account.accountDateClosed === null) return 0;
  const lastDate = account.accountDateClosed < endDate ? account.accountDateClosed : endDate;
  return countStatementMonths(startDate, lastDate);
}
