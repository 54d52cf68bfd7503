import {
  compareInterestRates,
  type AccountHistory,
  type CategoryRates as ModelCategoryRates,
  type NegotiatedRate as ModelNegotiatedRate,
  type Transaction,
} from '@tideline/analytics';
import type {
  CategoryRates,
  InterestRateComparisonWidget,
  InterestRateWidget,
} from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { AppError } from '../../platform/http/app-error';
import { findVisibleClient } from '../clients/clients.service';
import { addDays } from '../market-rates/rate-observation';
import { createNegotiatedRatesService } from '../negotiated-rates/negotiated-rates.service';
import { rateCategoriesOfNegotiatedRate, rateCategoryOfAccount } from './account-earning';
import * as iq from './cash-vest-inputs.queries';
import { selectClientGroup } from './cash-vest.queries';

// The client summary's Interest Rate Comparison (analytics.md "Interest rate comparison", packages/
// analytics compareInterestRates) and the client's interest rate widget. Earned rates are the interest
// transactions over the average daily balance of the daily balance tables; the as-of date is the day
// after the client's last day in those tables, so last month and last quarter are full ones with data.

type Period = { startDate: string; endDate: string };
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The full calendar month and quarter before the as-of date's month and quarter. */
export function findRatePeriods(asOfDate: string): { lastMonth: Period; lastQuarter: Period } {
  const d = new Date(`${asOfDate}T00:00:00Z`);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const quarterStart = Math.floor(month / 3) * 3 - 3;
  return {
    lastMonth: { startDate: iso(Date.UTC(year, month - 1, 1)), endDate: iso(Date.UTC(year, month, 0)) },
    lastQuarter: {
      startDate: iso(Date.UTC(year, quarterStart, 1)),
      endDate: iso(Date.UTC(year, quarterStart + 3, 0)),
    },
  };
}

/** Percent a year with 4 decimals (spec 9), from the model's fraction. */
const toPercent = (fraction: number | null) =>
  fraction === null ? null : Math.round(fraction * 100 * 10_000) / 10_000;

function toPercentRates(rates: ModelCategoryRates): CategoryRates {
  return {
    lastMonth: toPercent(rates.lastMonth),
    lastQuarter: toPercent(rates.lastQuarter),
    bestRate: toPercent(rates.bestRate),
    bestInState: toPercent(rates.bestInState),
    average: toPercent(rates.average),
  };
}

interface RateData {
  asOfDate: string;
  periods: { lastMonth: Period; lastQuarter: Period };
  members: iq.MemberAccount[];
  /** Per account: its daily table over the two periods as a history the model reads. */
  histories: Map<number, AccountHistory>;
  interest: { accountId: number; date: string; amount: number }[];
}

/**
 * Each day of the table as the model's transactions: the day's interest (keyword Interest), the rest
 * of its credits, and its debits; anchored on the last day's balance. Same balances as the table.
 */
function historyOf(
  accountId: number,
  rows: { date: string; balance: string; credits: string; debits: string }[],
  interestByDay: Map<string, number>,
): AccountHistory | null {
  const last = rows.at(-1);
  if (!last) return null;
  const transactions: Transaction[] = [];
  for (const row of rows) {
    const interest = interestByDay.get(row.date) ?? 0;
    if (interest !== 0) transactions.push({ date: row.date, amount: interest, keyword: 'Interest' });
    const otherCredits = Number(row.credits) - interest;
    if (otherCredits !== 0) transactions.push({ date: row.date, amount: otherCredits });
    if (Number(row.debits) !== 0) transactions.push({ date: row.date, amount: Number(row.debits) });
  }
  return {
    accountId: String(accountId),
    anchorBalance: Number(last.balance),
    anchorDate: last.date,
    transactions,
  };
}

async function loadRateData(db: Db, clientId: number): Promise<RateData | null> {
  const lastDate = await iq.selectLastBalanceDate(db, clientId);
  const group = await selectClientGroup(db, clientId);
  if (!lastDate || !group) return null;
  const asOfDate = addDays(lastDate, 1);
  const periods = findRatePeriods(asOfDate);
  const from =
    periods.lastQuarter.startDate < periods.lastMonth.startDate
      ? periods.lastQuarter.startDate
      : periods.lastMonth.startDate;
  const to = periods.lastMonth.endDate;
  const members = await iq.selectGroupAccounts(db, group.groupId);
  const ids = members.map((m) => m.accountId);
  const [rows, interestRows] = await Promise.all([
    iq.selectDailyRows(db, ids, from, to),
    iq.selectInterestByDay(db, ids, from, to),
  ]);
  const interest = interestRows.map((r) => ({
    accountId: r.accountId,
    date: r.date,
    amount: Number(r.amount),
  }));
  const histories = new Map<number, AccountHistory>();
  for (const id of ids) {
    const interestByDay = new Map(interest.filter((r) => r.accountId === id).map((r) => [r.date, r.amount]));
    const history = historyOf(
      id,
      rows.filter((r) => r.accountId === id),
      interestByDay,
    );
    if (history) histories.set(id, history);
  }
  return { asOfDate, periods, members, histories, interest };
}

function failed(message: string): AppError {
  return new AppError(422, `The interest rates could not be computed: ${message}`);
}

/** GET /api/clients/interest-rate-comparison-widget/{id}: one entry per bank, by bank name. */
export async function compareClientInterestRates(
  db: Db,
  user: CurrentUser,
  clientId: number,
): Promise<InterestRateComparisonWidget> {
  const client = await findVisibleClient(db, user, clientId);
  const data = await loadRateData(db, clientId);
  if (!data) return { asOfDate: null, lastMonth: null, lastQuarter: null, banks: [] };
  const negotiated = await createNegotiatedRatesService({ db }).listRates(user);
  const negotiatedRates: ModelNegotiatedRate[] = negotiated.flatMap((r) =>
    rateCategoriesOfNegotiatedRate(r.term).map((category) => ({
      bankId: String(r.bankId),
      state: r.state,
      category,
      rate: r.rate / 100,
    })),
  );
  const accounts = data.members.flatMap((m) => {
    const history = data.histories.get(m.accountId);
    if (!history || m.bankId === null) return [];
    return [
      {
        bankId: String(m.bankId),
        bankName: m.bankName ?? '',
        category: rateCategoryOfAccount(m.accountCategory, m.accountType),
        history,
      },
    ];
  });
  const result = compareInterestRates({
    asOfDate: data.asOfDate,
    clientState: client.state ?? '',
    accounts,
    negotiatedRates,
  });
  if (!result.ok) throw failed(result.error.message);
  return {
    asOfDate: data.asOfDate,
    ...data.periods,
    banks: result.value
      .map((bank) => ({
        bankId: Number(bank.bankId),
        bankName: bank.bankName,
        state: bank.state,
        fixedIncome: toPercentRates(bank.fixedIncome),
        lowYield: toPercentRates(bank.lowYield),
        highYield: toPercentRates(bank.highYield),
      }))
      .sort((a, b) => a.bankName.localeCompare(b.bankName)),
  };
}

/**
 * GET /api/clients/interest-rate-widget/{id}: the client's earned rate over all its accounts (index 0
 * last month, 1 last quarter) and the interest received in those periods.
 */
export async function findClientInterestRate(
  db: Db,
  user: CurrentUser,
  clientId: number,
): Promise<InterestRateWidget> {
  await findVisibleClient(db, user, clientId);
  const data = await loadRateData(db, clientId);
  if (!data || data.histories.size === 0)
    return {
      asOfDate: data?.asOfDate ?? null,
      interestRate: [null, null],
      accruedInterest: { lastMonth: null, lastQuarter: null },
    };
  // All accounts as one bank and one group: the same rule as the comparison, over the whole client.
  const result = compareInterestRates({
    asOfDate: data.asOfDate,
    clientState: '',
    accounts: [...data.histories.values()].map((history) => ({
      bankId: 'client',
      bankName: 'client',
      category: 'lowYield' as const,
      history,
    })),
    negotiatedRates: [],
  });
  if (!result.ok) throw failed(result.error.message);
  const rates = result.value[0]!.lowYield;
  const received = ({ startDate, endDate }: Period) =>
    Math.round(
      data.interest
        .filter((r) => r.date >= startDate && r.date <= endDate)
        .reduce((sum, r) => sum + r.amount, 0) * 100,
    ) / 100;
  return {
    asOfDate: data.asOfDate,
    interestRate: [toPercent(rates.lastMonth), toPercent(rates.lastQuarter)],
    accruedInterest: {
      lastMonth: received(data.periods.lastMonth),
      lastQuarter: received(data.periods.lastQuarter),
    },
  };
}
