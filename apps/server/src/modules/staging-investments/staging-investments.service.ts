import type { PagedList, PagedListQuery } from '@tideline/contracts/paging/paging.schemas';
import {
  STAGING_INVESTMENT_MSG,
  type StagingInvestment,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import type { DbOrTx } from '../../db/open-database';
import { stagingInvestments as si } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { notFound } from '../../platform/http/app-error';
import { definePagedList, fetchPagedList } from '../../platform/paging/paged-list';
import { assertVisibleBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import * as q from './staging-investments.queries';

const d = q.stagingInvestmentDerived;

// ingestion-analysis.md 2 "Staging investments dialog": the columns of spec 3, the optional ones
// included; the search box matches the market identifier, the type and the fund anywhere in them.
export const stagingInvestmentList = definePagedList({
  columns: {
    investmentId: {
      sql: si.marketIdentifier,
      kind: 'text',
      sortable: true,
      filterable: true,
      searchable: true,
    },
    investmentTypeName: {
      sql: d.investmentTypeName,
      kind: 'text',
      sortable: true,
      filterable: true,
      searchable: true,
    },
    investmentTypeId: { sql: d.investmentTypeId, kind: 'enum', filterable: true },
    faceValue: { sql: si.faceValue, kind: 'number', sortable: true, filterable: true },
    interestRate: { sql: si.interestRate, kind: 'number', sortable: true, filterable: true },
    couponRate: { sql: si.couponRate, kind: 'number', sortable: true, filterable: true },
    maturityDate: { sql: si.maturityDate, kind: 'date', isDayColumn: true, sortable: true, filterable: true },
    liquidityLevel: { sql: d.liquidityLevel, kind: 'number', sortable: true, filterable: true },
    daysUntilMaturity: { sql: d.daysUntilMaturity, kind: 'number', sortable: true, filterable: true },
    interestAtMaturity: { sql: d.interestAtMaturity, kind: 'number', sortable: true, filterable: true },
    fund: { sql: si.fund, kind: 'text', sortable: true, filterable: true, searchable: true },
    callDate: { sql: si.callDate, kind: 'date', isDayColumn: true, sortable: true, filterable: true },
    settlementDate: {
      sql: si.settlementDate,
      kind: 'date',
      isDayColumn: true,
      sortable: true,
      filterable: true,
    },
    settlementAmount: { sql: si.settlementAmount, kind: 'number', sortable: true, filterable: true },
    premiumDiscount: { sql: d.premiumDiscount, kind: 'enum', sortable: true, filterable: true },
    validationStatus: { sql: d.validationStatus, kind: 'enum', sortable: true, filterable: true },
  },
  // Row order in its file: rows are staged in file order, so the id follows it.
  tieBreak: si.stagingInvestmentId,
  defaultSort: [{ id: 'maturityDate', desc: false }],
});

export function toStagingInvestment(row: q.StagingInvestmentRow): StagingInvestment {
  return {
    id: row.stagingInvestmentId,
    stagingInvestmentId: row.stagingInvestmentId,
    batchAccountId: row.batchAccountId,
    faceValue: Number(row.faceValue),
    maturityDate: row.maturityDate,
    investmentTypeName: row.investmentTypeName,
    investmentTypeId: row.investmentTypeId,
    fund: row.fund,
    interestRate: Number(row.interestRate),
    // The level of its remaining term, as for investments (investment-fields.ts liquidityLevelOf).
    liquidityLevel: Number(row.liquidityLevel),
    daysUntilMaturity: Number(row.daysUntilMaturity),
    investmentId: row.investmentId,
    couponRate: row.couponRate === null ? null : Number(row.couponRate),
    callDate: row.callDate,
    settlementDate: row.settlementDate,
    settlementAmount: Number(row.settlementAmount),
    interestAtMaturity: Number(row.interestAtMaturity),
    premiumDiscount: row.premiumDiscount,
    validationStatus: row.validationStatus,
    fileName: row.fileName,
    rowNumber: row.rowNumber,
  };
}

/** GET and POST /staging/all/{batchAccountId}: the batch account's staged investments, a page. */
export async function listStagingInvestments(
  db: DbOrTx,
  user: CurrentUser,
  batchAccountId: number,
  request: PagedListQuery,
): Promise<PagedList<StagingInvestment>> {
  await assertVisibleBatchAccounts(db, user, [batchAccountId]);
  const page = await fetchPagedList(stagingInvestmentList, request, {
    where: q.whereBatchAccount(batchAccountId),
    count: (fields, where) => q.selectStagingInvestmentCounts(db, fields, where),
    page: (p) => q.selectStagingInvestmentPage(db, p),
  });
  return { ...page, results: page.results.map(toStagingInvestment) };
}

/** One row as the list shows it; another client's answers as a missing one. */
export async function findStagingInvestment(
  db: DbOrTx,
  user: CurrentUser,
  id: number,
): Promise<StagingInvestment> {
  const row = await q.selectStagingInvestmentById(db, id, whereClientVisible(user, si.clientId));
  if (!row) throw notFound(STAGING_INVESTMENT_MSG.notFound);
  return toStagingInvestment(row);
}
