import { sql, type SQL } from 'drizzle-orm';
import { MSG, type PagedListQuery } from '@tideline/contracts';
import { accounts, banks, clients, investments, investmentTypes } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import { badRequest } from '../../platform/http/app-error';
import { definePagedList, type ListColumn } from '../../platform/paging/paged-list';
import {
  clientAccountRelationshipSql,
  daysUntilMaturitySql,
  interestAtMaturitySql,
  liquidityLevelSql,
  premiumDiscountSql,
} from './investment-fields';
import { whereAssignedTo, whereInGroup, whereNotInGroup } from './investments.queries';

// Spec 2 "All Investments" and 9 / platform.md 2.9 "Investments filter": every column the table filters
// and sorts by, derived ones included (they are SQL, so a range on interestAtMaturity is exact).
const investmentColumns = {
  faceValue: { sql: investments.faceValue, kind: 'number', sortable: true, filterable: true },
  maturityDate: {
    sql: investments.maturityDate,
    kind: 'date',
    isDayColumn: true,
    sortable: true,
    filterable: true,
  },
  interestRate: { sql: investments.interestRate, kind: 'number', sortable: true, filterable: true },
  liquidityLevel: { sql: liquidityLevelSql, kind: 'number', sortable: true, filterable: true },
  daysUntilMaturity: { sql: daysUntilMaturitySql, kind: 'number', sortable: true, filterable: true },
  investmentId: {
    sql: investments.marketIdentifier,
    kind: 'text',
    sortable: true,
    filterable: true,
    searchable: true,
  },
  callDate: { sql: investments.callDate, kind: 'date', isDayColumn: true, sortable: true, filterable: true },
  settlementDate: {
    sql: investments.settlementDate,
    kind: 'date',
    isDayColumn: true,
    sortable: true,
    filterable: true,
  },
  settlementAmount: { sql: investments.settlementAmount, kind: 'number', sortable: true, filterable: true },
  interestAtMaturity: { sql: interestAtMaturitySql, kind: 'number', sortable: true, filterable: true },
  premiumDiscount: { sql: premiumDiscountSql, kind: 'enum', sortable: true, filterable: true },
  bank: { sql: banks.bankName, kind: 'text', sortable: true, filterable: true, searchable: true },
  couponRate: { sql: investments.couponRate, kind: 'number', sortable: true, filterable: true },
  investmentType: {
    sql: investmentTypes.investmentTypeName,
    kind: 'text',
    sortable: true,
    filterable: true,
    searchable: true,
  },
  createdAt: { sql: investments.createdAt, kind: 'date', sortable: true, filterable: true },
  clientAccountRelationship: {
    sql: clientAccountRelationshipSql,
    kind: 'text',
    sortable: true,
    filterable: true,
    searchable: true,
  },
  fund: { sql: investments.fund, kind: 'text', sortable: true, filterable: true, searchable: true },
  clientId: { sql: investments.clientId, kind: 'enum', sortable: true, filterable: true },
  // The group page shows 'Account Name' in place of the relationship.
  accountName: { sql: accounts.accountName, kind: 'text', sortable: true, filterable: true },
  clientName: { sql: clients.clientName, kind: 'text', sortable: true, filterable: true },
  // Issue 20 point 10: the default order leads with current holdings and puts matured ones last.
  isMatured: { sql: sql`(${daysUntilMaturitySql} < 0)`, kind: 'boolean', sortable: true, filterable: true },
} satisfies Record<string, ListColumn>;

/**
 * The list as `user` sees it: myClients (the filter dialog's radio, navigation state 3) is a boolean
 * column true for the user's own clients — those they are assigned to; for a client-scoped user, their
 * associated clients, which scoping already keeps, so it is always true for them.
 */
export function investmentListFor(user: CurrentUser) {
  return definePagedList({
    columns: {
      ...investmentColumns,
      myClients: {
        sql: user.isClientScoped ? sql`true` : whereAssignedTo(user.userId),
        kind: 'boolean',
        filterable: true,
      },
    },
    tieBreak: investments.id,
    defaultSort: [
      { id: 'isMatured', desc: false },
      { id: 'maturityDate', desc: false },
    ],
  });
}

function groupIdOf(id: string, value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0)
    throw badRequest(`Filter '${id}' expects a group id.`, { [`filters.${id}`]: [MSG.fieldMustBeNumber] });
  return n;
}

/**
 * Takes groupId and notInGroupId out of the request and answers them as conditions that frame the list
 * (the group page's total is the group's size), and drops myClients = false ('all investments').
 */
export function splitScopeFilters(query: PagedListQuery): { query: PagedListQuery; conditions: SQL[] } {
  const conditions: SQL[] = [];
  const filters = query.filters.filter((filter) => {
    if (filter.id === 'groupId') conditions.push(whereInGroup(groupIdOf(filter.id, filter.value)));
    else if (filter.id === 'notInGroupId')
      conditions.push(whereNotInGroup(groupIdOf(filter.id, filter.value)));
    else return !(filter.id === 'myClients' && (filter.value === false || filter.value === 0));
    return false;
  });
  return { query: { ...query, filters }, conditions };
}
