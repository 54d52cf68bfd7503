// clients-accounts-investments-reports.md 9: interest and coupon rates are shown with 4 decimal places,
// the coupon rate with '%'. Rates arrive in percent (4.25 is 4.25 %).

/** '4.2500'; null or undefined is '---'. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '---';
  return rate.toFixed(4);
}

/** '4.2500%'; null or undefined is '---'. */
export function formatPercent(rate: number | null | undefined): string {
  const text = formatRate(rate);
  return text === '---' ? text : `${text}%`;
}

/** Spec 3: the part of 'Client Name, Account Name' after the (first) comma is the account name. */
export function accountNameOf(clientAccountRelationship: string): string {
  const comma = clientAccountRelationship.indexOf(',');
  return comma === -1 ? clientAccountRelationship : clientAccountRelationship.slice(comma + 1).trim();
}
