import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NO_FILE_ID,
  type Investment,
  type PremiumDiscount,
} from '@tideline/contracts/investments/investments.schemas';
import {
  accounts,
  banks,
  clients,
  investmentGroupInvestments,
  investments,
  investmentTypes,
} from '../../db/schema';

// clients-accounts-investments-reports.md 3 "Investment": the read-only fields, computed here once, in
// SQL, so the paged list can filter and sort by them and nothing typed in can disagree with them.
// docs/models.md "Interest at maturity" explains the formula.

/** Today as a calendar day in UTC: the day the windows and daysUntilMaturity count from. */
export const todaySql = sql<string>`(now() at time zone 'utc')::date`;

/** The columns the computed fields read: investments' own, or a staging investment's. */
interface InvestmentTermColumns {
  faceValue: AnyPgColumn;
  settlementAmount: AnyPgColumn;
  couponRate: AnyPgColumn;
  settlementDate: AnyPgColumn;
  maturityDate: AnyPgColumn;
}

/** Maturity date minus today, in days (negative once matured). */
export const daysUntilMaturityOf = (t: Pick<InvestmentTermColumns, 'maturityDate'>) =>
  sql<number>`(${t.maturityDate} - ${todaySql})`;

/**
 * (faceValue − settlementAmount) + faceValue × couponRate / 100 × days(settlement → maturity) / 365,
 * rounded to cents. couponRate is a percent (spec 9 shows it 'with %'); no coupon counts as 0.
 */
export const interestAtMaturityOf = (t: InvestmentTermColumns) => sql<string>`round(
  (${t.faceValue} - ${t.settlementAmount})
  + ${t.faceValue} * coalesce(${t.couponRate}, 0) / 100
    * (${t.maturityDate} - ${t.settlementDate}) / 365.0, 2)`;

/**
 * docs/models.md "Liquidity level of an investment": the level whose horizon holds the remaining term,
 * counted from today (UTC) — classifyLiquidityLevel of packages/analytics, in SQL: 1 up to 30 days
 * (and once matured), 2 up to 30 weeks (210 days), 3 up to 12 months, 4 up to 30 months, 5 beyond; a
 * maturity on a boundary belongs to the shorter level. The horizons are those of every client's
 * liquidity levels (analytics.md "Monte Carlo" step 5; Set Liquidity Levels moves amounts, never
 * horizons). Computed on every read, so a new or promoted investment, an edited maturity and the
 * passing days are always in it; the stored column investments.liquidity_level is not read.
 * `date + interval 'n months'` keeps the day and falls back to the month's last day, as addMonths does.
 */
export const liquidityLevelOf = (t: Pick<InvestmentTermColumns, 'maturityDate'>) => sql<number>`(case
  when ${t.maturityDate} <= ${todaySql} + 30 then 1
  when ${t.maturityDate} <= ${todaySql} + 210 then 2
  when ${t.maturityDate} <= (${todaySql} + interval '12 months')::date then 3
  when ${t.maturityDate} <= (${todaySql} + interval '30 months')::date then 4
  else 5 end)`;

/**
 * 'Premium' when bought above face value, 'Discount' below it; at par it is neither (null, shown
 * '---'): the spec names only the two words (issue 42 point 7).
 */
export const premiumDiscountOf = (t: Pick<InvestmentTermColumns, 'faceValue' | 'settlementAmount'>) =>
  sql<PremiumDiscount | null>`(case when ${t.settlementAmount} > ${t.faceValue} then 'Premium'
    when ${t.settlementAmount} < ${t.faceValue} then 'Discount' end)`;

export const daysUntilMaturitySql = daysUntilMaturityOf(investments);
export const interestAtMaturitySql = interestAtMaturityOf(investments);
export const premiumDiscountSql = premiumDiscountOf(investments);
export const liquidityLevelSql = liquidityLevelOf(investments);

/** 'Client Name, Account Name' (spec 3: the part after the comma is the account name). */
export const clientAccountRelationshipSql = sql<string>`(${clients.clientName} || ', ' || ${accounts.accountName})`;

/** The groups an investment belongs to, in id order. */
const groupIdListSql = sql<number[]>`coalesce((select array_agg(m.group_id order by m.group_id)
  from ${investmentGroupInvestments} m where m.investment_id = ${investments.id}), '{}')`;

/** The columns every investment answer is built from (see toInvestment). */
export const investmentRowFields = {
  id: investments.id,
  clientId: investments.clientId,
  clientName: clients.clientName,
  accountId: investments.accountId,
  accountName: accounts.accountName,
  fileId: investments.fileId,
  clientAccountRelationship: clientAccountRelationshipSql,
  faceValue: investments.faceValue,
  maturityDate: investments.maturityDate,
  investmentTypeId: investments.investmentTypeId,
  investmentTypeName: investmentTypes.investmentTypeName,
  fund: investments.fund,
  interestRate: investments.interestRate,
  liquidityLevel: liquidityLevelSql,
  daysUntilMaturity: daysUntilMaturitySql,
  investmentId: investments.marketIdentifier,
  couponRate: investments.couponRate,
  callDate: investments.callDate,
  settlementDate: investments.settlementDate,
  settlementAmount: investments.settlementAmount,
  interestAtMaturity: interestAtMaturitySql,
  premiumDiscount: premiumDiscountSql,
  bank: banks.bankName,
  createdAt: investments.createdAt,
  investmentGroupIdList: groupIdListSql,
};

/** Joins every investment query reads from: account, client, type and the account's bank. */
export const investmentJoins = {
  accountOn: sql`${accounts.accountId} = ${investments.accountId}`,
  clientOn: sql`${clients.clientId} = ${investments.clientId}`,
  typeOn: sql`${investmentTypes.investmentTypeId} = ${investments.investmentTypeId}`,
  bankOn: sql`${banks.bankId} = ${accounts.bankId}`,
} satisfies Record<string, SQL>;

export interface InvestmentRow {
  id: number;
  clientId: number;
  clientName: string;
  accountId: number;
  accountName: string;
  fileId: number | null;
  clientAccountRelationship: string;
  faceValue: string;
  maturityDate: string;
  investmentTypeId: number;
  investmentTypeName: string;
  fund: string | null;
  interestRate: string;
  liquidityLevel: number | string;
  daysUntilMaturity: number | string;
  investmentId: string | null;
  couponRate: string | null;
  callDate: string | null;
  settlementDate: string;
  settlementAmount: string;
  interestAtMaturity: string;
  premiumDiscount: PremiumDiscount | null;
  bank: string | null;
  createdAt: Date | string;
  investmentGroupIdList: (number | string)[] | string | null;
}

/** node-postgres may hand an int[] back as its text form '{1,2}' when read through a raw expression. */
function toIdList(value: InvestmentRow['investmentGroupIdList']): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}

export function toInvestment(row: InvestmentRow): Investment {
  return {
    ...row,
    fileId: row.fileId ?? NO_FILE_ID,
    faceValue: Number(row.faceValue),
    investmentType: row.investmentTypeName,
    interestRate: Number(row.interestRate),
    liquidityLevel: Number(row.liquidityLevel),
    daysUntilMaturity: Number(row.daysUntilMaturity),
    couponRate: row.couponRate === null ? null : Number(row.couponRate),
    settlementAmount: Number(row.settlementAmount),
    interestAtMaturity: Number(row.interestAtMaturity),
    createdAt:
      row.createdAt instanceof Date ? row.createdAt.toISOString() : new Date(row.createdAt).toISOString(),
    investmentGroupIdList: toIdList(row.investmentGroupIdList),
  };
}
