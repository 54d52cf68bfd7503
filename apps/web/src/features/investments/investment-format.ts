// clients-accounts-investments-reports.md 9: interest and coupon rates are shown with 4 decimal places,
// the coupon rate with '%'. Rates arrive in percent (4.25 is 4.25 %).

// The rate formats are shared with the staging investments dialog.
export { formatPercent, formatRate } from '../../lib/format';

/** Spec 3: the part of 'Client Name, Account Name' before the (first) comma is the client's name. */
export function clientNameOf(clientAccountRelationship: string): string {
  const comma = clientAccountRelationship.indexOf(',');
  return comma === -1 ? clientAccountRelationship : clientAccountRelationship.slice(0, comma).trim();
}

/** Spec 3: the part of 'Client Name, Account Name' after the (first) comma is the account name. */
export function accountNameOf(clientAccountRelationship: string): string {
  const comma = clientAccountRelationship.indexOf(',');
  return comma === -1 ? clientAccountRelationship : clientAccountRelationship.slice(comma + 1).trim();
}
