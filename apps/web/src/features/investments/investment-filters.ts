import { PREMIUM_DISCOUNT, type Investment } from '@tideline/contracts/investments/investments.schemas';
import type { ListFilter, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import type { FilterDefinition } from '../../components/data-table/data-table.types';
import { MY_CLIENTS } from './investment-navigation';

// platform.md 2.9 "Investments filter": four pages, a radio between all investments and only the user's
// clients', and the filter field names of platform.md 9 (the server's INVESTMENT_LIST_COLUMNS).

// The radio's value lives with the page's other navigation constants (a maturing widget links with it).
export { MY_CLIENTS };

export const INVESTMENT_FILTERS: readonly FilterDefinition<Investment>[] = [
  {
    id: 'myClients',
    label: 'Show',
    kind: 'radio',
    page: 1,
    options: [
      { value: '', label: 'All investments' },
      { value: MY_CLIENTS, label: "Only my clients' investments" },
    ],
  },
  { id: 'clientAccountRelationship', label: 'Client/Account Relationship', kind: 'text', page: 1 },
  { id: 'investmentType', label: 'Investment Type', kind: 'text', page: 1 },
  { id: 'investmentId', label: 'ID', kind: 'text', page: 1 },
  { id: 'bank', label: 'Bank', kind: 'text', page: 1 },
  { id: 'faceValue', label: 'Face Value', kind: 'money', page: 2 },
  { id: 'settlementAmount', label: 'Settlement Amount', kind: 'money', page: 2 },
  { id: 'interestAtMaturity', label: 'Interest at Maturity', kind: 'money', page: 2 },
  {
    id: 'premiumDiscount',
    label: 'Premium or Discount',
    kind: 'multiSelect',
    page: 2,
    options: PREMIUM_DISCOUNT.map((v) => ({ value: v, label: v })),
  },
  { id: 'interestRate', label: 'Interest Rate', kind: 'number', page: 3 },
  { id: 'couponRate', label: 'Coupon Rate', kind: 'number', page: 3 },
  { id: 'liquidityLevel', label: 'Liquidity Level', kind: 'number', page: 3 },
  { id: 'daysUntilMaturity', label: 'Days Until Maturity', kind: 'number', page: 3 },
  { id: 'maturityDate', label: 'Maturity Date', kind: 'dateRange', page: 4 },
  { id: 'callDate', label: 'Call Date', kind: 'dateRange', page: 4 },
  { id: 'settlementDate', label: 'Settlement Date', kind: 'dateRange', page: 4 },
  { id: 'createdAt', label: 'Created Date', kind: 'dateRange', page: 4 },
];

/** A group page lists the group's members; the 'Add Investment(s)' search the others. */
export type GroupFrame = { groupId: number } | { notInGroupId: number } | null;

/**
 * The request as the server reads it: the radio becomes `myClients: true` (or nothing), and a group
 * frame is added as its scope filter (contracts INVESTMENT_SCOPE_FILTERS).
 */
export function toInvestmentRequest(request: PagedListRequest, frame: GroupFrame = null): PagedListRequest {
  const filters: ListFilter[] = (request.filters ?? []).flatMap((f) => {
    if (f.id !== 'myClients') return [f];
    return f.value === MY_CLIENTS ? [{ id: 'myClients', value: true }] : [];
  });
  if (frame && 'groupId' in frame) filters.push({ id: 'groupId', value: frame.groupId });
  if (frame && 'notInGroupId' in frame) filters.push({ id: 'notInGroupId', value: frame.notInGroupId });
  return { ...request, filters };
}
