import {
  CASH_VEST_SUB_SCORES,
  starPercentageOf,
  starsOfTotal,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { bookmarkedHeading, dataTable, facts, paragraph } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { readInterestFigures } from '../../../cash-vest/cash-vest-suggestion.service';
import { selectScoredRows, type CashVestRecord } from '../../../cash-vest/cash-vest.queries';
import type { Opportunity, ReportContext } from '../report-context';
import { selectGroupPeriodFigures } from '../report-balances.queries';
import { formatDate, formatMoney, formatWholeMoney, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';

// design/reports.md "Summary": the whole client's balances and interest over the period (its 'All
// Accounts' group), the latest cashVest score, and the three largest opportunities the other sections
// found. Built last, placed first.

const SECTION = 'section-summary';
export const NO_TABLES =
  "The balance tables have not been calculated for this client's accounts; run 'Calculate Daily and Monthly Tables'.";
export const NO_CASH_VEST = 'No cashVest score has been entered for this client yet.';
export const NO_OPPORTUNITY = 'No section of this report found an opportunity it could put in dollars.';

/**
 * The score the report shows: the latest edited one of the report's cycle; else the latest one whose
 * period ends by the report's end; else the latest.
 */
export function pickCashVest(
  rows: readonly CashVestRecord[],
  ctx: Pick<ReportContext, 'openReportId' | 'endDate'>,
): CashVestRecord | null {
  const newest = (list: readonly CashVestRecord[]) =>
    [...list].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0] ?? null;
  const ofCycle = rows.filter((r) => ctx.openReportId !== null && r.openReportId === ctx.openReportId);
  if (ofCycle.length > 0) return newest(ofCycle);
  const before = rows.filter((r) => r.endDate !== null && r.endDate <= ctx.endDate);
  return before.at(-1) ?? rows.at(-1) ?? null;
}

async function buildBalances(ctx: ReportContext): Promise<Content[]> {
  const groupId = ctx.allAccountsGroupId;
  if (groupId === null) return [missingLine(NO_TABLES)];
  const [figures, interest] = await Promise.all([
    selectGroupPeriodFigures(ctx.db, groupId, ctx.startDate, ctx.endDate),
    readInterestFigures(ctx.db, groupId, ctx.startDate, ctx.endDate),
  ]);
  if (figures.days === 0) return [missingLine(NO_TABLES)];
  return [
    facts([
      ['Balance at the start of the period', formatMoney(figures.startBalance)],
      ['Balance at the end of the period', formatMoney(figures.endBalance)],
      ['Average daily balance', formatMoney(figures.averageBalance)],
      ['Interest earned in the period', formatMoney(interest.periodInterest)],
    ]),
  ];
}

/** '3.5 of 5 stars' (analytics.md: total / 20 in half-star steps). */
export const describeStars = (totalScore: number) => `${starsOfTotal(totalScore)} of 5 stars`;

async function buildCashVest(ctx: ReportContext): Promise<Content[]> {
  // The score the report was generated with (issue 41 point 4), as it was then.
  const row =
    ctx.frozen?.cashVest !== undefined
      ? (ctx.frozen.cashVest?.row ?? null)
      : pickCashVest(await selectScoredRows(ctx.db, ctx.clientId), ctx);
  const heading = bookmarkedHeading('cashVest Score', SECTION);
  if (!row || row.totalScore === null) return [heading, missingLine(NO_CASH_VEST)];
  const period =
    row.startDate && row.endDate ? ` for ${formatDate(row.startDate)} to ${formatDate(row.endDate)}` : '';
  return [
    heading,
    paragraph(`cashVest score${period}: ${row.totalScore} of 100, ${describeStars(row.totalScore)}.`),
    dataTable(
      [
        { title: 'Sub-score' },
        { title: 'Score', isNumeric: true, width: 45 },
        { title: 'Range', width: 45 },
        { title: 'Stars', isNumeric: true, width: 45 },
        { title: 'Commentary', width: 200 },
      ],
      CASH_VEST_SUB_SCORES.map((sub) => {
        const score = row[sub.key];
        const comments = row[sub.comments];
        return [
          sub.title,
          score,
          `${sub.min}-${sub.max}`,
          score === null ? null : `${starPercentageOf(score, sub.max)}%`,
          comments,
        ];
      }),
    ),
  ];
}

function buildOpportunities(opportunities: readonly Opportunity[]): Content[] {
  const largest = [...opportunities]
    .filter((o) => o.dollarsPerYear > 0)
    .sort((a, b) => b.dollarsPerYear - a.dollarsPerYear)
    .slice(0, 3);
  const heading = bookmarkedHeading('Largest Opportunities', SECTION);
  if (largest.length === 0) return [heading, missingLine(NO_OPPORTUNITY)];
  return [
    heading,
    dataTable(
      [{ title: 'Opportunity' }, { title: 'Dollars a year', isNumeric: true, width: 90 }],
      largest.map((o) => [o.label, formatWholeMoney(o.dollarsPerYear)]),
    ),
  ];
}

export async function buildSummary(
  ctx: ReportContext,
  opportunities: readonly Opportunity[],
): Promise<Content[]> {
  const [balances, cashVest] = await Promise.all([buildBalances(ctx), buildCashVest(ctx)]);
  return [sectionHeading('summary'), ...balances, ...cashVest, ...buildOpportunities(opportunities)];
}
