import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { facts, note, paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { selectPeriodInterest } from '../../../account-summary/account-summary.queries';
import {
  judgeEarningAccounts,
  rateCategoriesOfNegotiatedRate,
  readEarningSharePercent,
} from '../../../cash-vest/account-earning';
import * as iq from '../../../cash-vest/cash-vest-inputs.queries';
import { describeLevelRate } from '../../../monte-carlo/run-rates';
import { findGroupRun, type GroupRun } from '../group-run';
import type { ReportContext, ReportSection } from '../report-context';
import { selectClientAccounts, selectRealizedRates } from '../report-books.queries';
import { formatDate, formatMoney, formatPercent, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';
import { describeRun } from './liquidity-levels';

// design/reports.md "High-yield target" (liquidTargetAccount, highYieldTargetAccountId,
// highYieldLiquidBenchmarkOverride): the strategic liquidity (levels two to five of the 'All
// Accounts' Monte Carlo) not already earning, moved into the target account, at that account's rate
// and at the benchmark's, in interest a year. Accounts earn by the cashVest Value Score's rule.

export const NO_TARGET = 'No high-yield target account was chosen for this report.';
export const NO_CLIENT_MONTE_CARLO =
  "No Monte Carlo analysis of the 'All Accounts' group has finished, so the strategic liquidity is not known.";
export const notClientAccount = (accountId: number) =>
  `Account ${accountId} is not one of this client's accounts.`;

const DAY_MS = 86_400_000;

/** Average balances over the period of the accounts that earn (a rate of at least a share of the benchmark). */
async function sumEarningBalances(ctx: ReportContext, groupId: number): Promise<number> {
  const { db, startDate, endDate } = ctx;
  const members = await iq.selectGroupAccounts(db, groupId);
  const ids = members.map((m) => m.accountId);
  const [averages, interest] = await Promise.all([
    iq.selectAverageBalances(db, ids, startDate, endDate),
    iq.selectInterestByDay(db, ids, startDate, endDate),
  ]);
  const received = new Map<number, number>();
  for (const row of interest)
    received.set(row.accountId, (received.get(row.accountId) ?? 0) + Number(row.amount));
  const verdicts = await judgeEarningAccounts(
    db,
    members,
    { start: startDate, end: endDate },
    { averages: new Map([...averages].map(([id, a]) => [id, a.average])), interestReceived: received },
  );
  return members.reduce(
    (sum, m) =>
      verdicts.get(m.accountId)?.isEarning ? sum + (averages.get(m.accountId)?.average ?? 0) : sum,
    0,
  );
}

/** The account's rate: its latest realized liquid negotiated rate, else what it earned in the period. */
async function findAccountRate(
  ctx: ReportContext,
  account: { accountId: number; bankId: number | null },
): Promise<{ rate: number; source: string } | null> {
  if (account.bankId !== null) {
    const rates = await selectRealizedRates(ctx.db, ctx.clientId, account.bankId);
    const liquid = rates.find((r) => rateCategoriesOfNegotiatedRate(r.term).includes('highYield'));
    if (liquid) return { rate: liquid.rate, source: 'negotiated rate' };
  }
  const earned = await selectPeriodInterest(ctx.db, account.accountId, ctx.startDate, ctx.endDate);
  const average = earned.average === null ? 0 : Number(earned.average);
  if (average <= 0) return null;
  const days = (Date.parse(ctx.endDate) - Date.parse(ctx.startDate)) / DAY_MS + 1;
  return { rate: (Number(earned.interest) / average) * (365 / days) * 100, source: 'earned in the period' };
}

/** The benchmark of levels two to five: their rates weighted by their amounts, or the override. */
function findBenchmark(ctx: ReportContext, found: GroupRun): { rate: number | null; source: string } | null {
  const override = ctx.params.highYieldLiquidBenchmarkOverride;
  if (override !== null) return { rate: override, source: 'override' };
  const strategic = found.rateTable.filter((r) => r.levelNumber >= 2);
  const amount = strategic.reduce((sum, r) => sum + r.amount, 0);
  if (amount <= 0) return null;
  // Issue 41 point 5: a level without a rate says so ("Rate unavailable since DATE").
  const unrated = strategic.find((r) => r.benchmarkInterest === null);
  if (unrated)
    return {
      rate: null,
      source: `${LIQUIDITY_LEVEL_TERMS.find((t) => t.field === unrated.field)!.label}: ${describeLevelRate(found.runRates, unrated.field, formatDate)}`,
    };
  const interest = strategic.reduce((sum, r) => sum + (r.benchmarkInterest ?? 0), 0);
  return { rate: (interest / amount) * 100, source: 'levels two to five, weighted by amount' };
}

export async function buildHighYieldTarget(ctx: ReportContext): Promise<ReportSection> {
  const heading = sectionHeading('highYield');
  const targetId = ctx.params.highYieldTargetAccountId;
  if (targetId === null) return { content: [heading, missingLine(NO_TARGET)] };
  const target = (await selectClientAccounts(ctx.db, ctx.clientId)).find((a) => a.accountId === targetId);
  if (!target) return { content: [heading, missingLine(notClientAccount(targetId))] };
  const groupId = ctx.allAccountsGroupId;
  const found = groupId === null ? null : await findGroupRun(ctx, groupId);
  if (groupId === null || !found) return { content: [heading, missingLine(NO_CLIENT_MONTE_CARLO)] };
  const [earning, accountRate] = await Promise.all([
    sumEarningBalances(ctx, groupId),
    findAccountRate(ctx, target),
  ]);
  const benchmark = findBenchmark(ctx, found);
  const strategic = found.levels.strategicLiquidity;
  const amount = Math.max(0, Math.round((strategic - earning) * 100) / 100);
  const yearly = (rate: { rate: number | null } | null) =>
    rate && rate.rate !== null ? (amount * rate.rate) / 100 : null;
  const content: Content[] = [
    heading,
    paragraph(describeRun(found)),
    facts([
      ['Target account', `${target.accountName}${target.bankName ? ` (${target.bankName})` : ''}`],
      ['Strategic liquidity (levels two to five)', formatMoney(strategic)],
      ['Average balance already earning', formatMoney(earning)],
      ['Amount to move', formatMoney(amount)],
    ]),
    reportTable(
      [
        { title: 'Rate' },
        { title: 'Percent a year', isNumeric: true },
        { title: 'Interest a year', isNumeric: true },
      ],
      [
        [
          `${target.accountName} (${accountRate?.source ?? 'no rate known'})`,
          formatPercent(accountRate?.rate),
          formatMoney(yearly(accountRate)),
        ],
        [
          `Benchmark (${benchmark?.source ?? 'no rate stored'})`,
          formatPercent(benchmark?.rate),
          formatMoney(yearly(benchmark)),
        ],
      ],
    ),
    note(
      `Accounts earn when their rate (interest received, or an earnings credit rate) is at least ${readEarningSharePercent()}% of their level's benchmark rate.`,
    ),
  ];
  const dollars = yearly(accountRate) ?? yearly(benchmark) ?? 0;
  return {
    content,
    opportunities: [
      { label: `Move idle strategic liquidity into ${target.accountName}`, dollarsPerYear: dollars },
    ],
  };
}
