import { sql, type SQL } from 'drizzle-orm';
import {
  INVESTMENT_BALANCE_MONTHS_AHEAD,
  INVESTMENT_BALANCE_MONTHS_BACK,
} from '@tideline/contracts/investments/investment-widgets.schemas';
import type { DbOrTx } from '../../db/open-database';
import { accounts, clients, investments, investmentTypes } from '../../db/schema';
import { todaySql } from './investment-fields';

// The widget queries. A holding on day d is an investment settled on or before d that matures after d.

interface BalanceRow extends Record<string, unknown> {
  date: string;
  total: string;
  max: string;
  min: string;
  is_past: boolean;
}

/** Month ends from INVESTMENT_BALANCE_MONTHS_BACK months ago to INVESTMENT_BALANCE_MONTHS_AHEAD - 1 ahead. */
export async function selectBalancePoints(db: DbOrTx, where: SQL) {
  const result = await db.execute<BalanceRow>(sql`
    with days as (
      select (date_trunc('month', ${todaySql}) + make_interval(months => n + 1) - interval '1 day')::date as day
      from generate_series(${-INVESTMENT_BALANCE_MONTHS_BACK}::int, ${INVESTMENT_BALANCE_MONTHS_AHEAD - 1}::int) as n
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(sum(${investments.settlementAmount}), 0)::text as total,
      coalesce(max(${investments.settlementAmount}), 0)::text as max,
      coalesce(min(${investments.settlementAmount}), 0)::text as min,
      days.day <= ${todaySql} as is_past
    from days
    left join ${investments} on ${where}
      and ${investments.settlementDate} <= days.day and ${investments.maturityDate} > days.day
    group by days.day
    order by days.day`);
  return result.rows;
}

/** Today's holdings under `where`, by type. */
export function selectHoldingsByType(db: DbOrTx, where: SQL) {
  return db
    .select({
      investmentType: investmentTypes.investmentTypeName,
      count: sql<number>`count(*)::int`,
      settlementAmount: sql<string>`sum(${investments.settlementAmount})`,
      faceValue: sql<string>`sum(${investments.faceValue})`,
    })
    .from(investments)
    .innerJoin(investmentTypes, sql`${investmentTypes.investmentTypeId} = ${investments.investmentTypeId}`)
    .where(sql`${where} and ${whereHeldToday}`)
    .groupBy(investmentTypes.investmentTypeName)
    .orderBy(sql`sum(${investments.settlementAmount}) desc`, investmentTypes.investmentTypeName);
}

const whereHeldToday = sql`${investments.settlementDate} <= ${todaySql} and ${investments.maturityDate} > ${todaySql}`;

/** Settlement-weighted averages of today's holdings; the coupon average is over holdings with a coupon. */
export async function selectWeightedRates(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      holdingsCount: sql<number>`count(*)::int`,
      totalSettlementAmount: sql<string>`coalesce(sum(${investments.settlementAmount}), 0)`,
      weightedInterestRate: sql<
        string | null
      >`sum(${investments.interestRate} * ${investments.settlementAmount}) / nullif(sum(${investments.settlementAmount}), 0)`,
      weightedCouponRate: sql<
        string | null
      >`sum(${investments.couponRate} * ${investments.settlementAmount}) / nullif(sum(${investments.settlementAmount}) filter (where ${investments.couponRate} is not null), 0)`,
    })
    .from(investments)
    .where(sql`${where} and ${whereHeldToday}`);
  return row!;
}

/** The window's first and last day: today and today + limit. */
export async function selectWindow(db: DbOrTx, limitDays: number) {
  const result = await db.execute<{ windowStart: string; windowEnd: string }>(
    sql`select to_char(${todaySql}, 'YYYY-MM-DD') as "windowStart",
      to_char(${todaySql} + ${limitDays}::int, 'YYYY-MM-DD') as "windowEnd"`,
  );
  return result.rows[0]!;
}

const whereMaturingWithin = (window: { windowStart: string; windowEnd: string }) =>
  sql`${investments.maturityDate} between ${window.windowStart}::date and ${window.windowEnd}::date`;

/** The client's investments maturing in the window, soonest first. */
export function selectMaturingInvestments(
  db: DbOrTx,
  clientId: number,
  window: { windowStart: string; windowEnd: string },
) {
  return db
    .select({
      id: investments.id,
      investmentId: investments.marketIdentifier,
      investmentType: investmentTypes.investmentTypeName,
      amount: investments.faceValue,
      maturityDate: investments.maturityDate,
      accountId: investments.accountId,
      accountName: accounts.accountName,
    })
    .from(investments)
    .innerJoin(investmentTypes, sql`${investmentTypes.investmentTypeId} = ${investments.investmentTypeId}`)
    .innerJoin(accounts, sql`${accounts.accountId} = ${investments.accountId}`)
    .where(sql`${investments.clientId} = ${clientId} and ${whereMaturingWithin(window)}`)
    .orderBy(investments.maturityDate, investments.id);
}

/**
 * Per client of `clientWhere` (a condition on clients.client_id), what matures in the window: count,
 * face value total and the first date; clients with nothing maturing are left out.
 */
export function selectMaturingByClient(
  db: DbOrTx,
  clientWhere: SQL,
  window: { windowStart: string; windowEnd: string },
) {
  return db
    .select({
      clientId: clients.clientId,
      clientName: clients.clientName,
      investmentCount: sql<number>`count(*)::int`,
      totalAmount: sql<string>`sum(${investments.faceValue})`,
      earliestMaturityDate: sql<string>`to_char(min(${investments.maturityDate}), 'YYYY-MM-DD')`,
    })
    .from(investments)
    .innerJoin(clients, sql`${clients.clientId} = ${investments.clientId}`)
    .where(sql`${clientWhere} and ${whereMaturingWithin(window)}`)
    .groupBy(clients.clientId, clients.clientName)
    .orderBy(sql`min(${investments.maturityDate})`, sql`lower(${clients.clientName})`, clients.clientId);
}
