import {
  CASH_VEST_SUB_SCORES,
  starPercentageOf,
  starsOfTotal,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { bookmarkedHeading, facts, paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { readInterestFigures } from '../../../cash-vest/cash-vest-suggestion.service';
import { MODEL_WRITTEN_COMMENTS } from '../../../cash-vest/record-suggested-cash-vest';
import { selectScoredRows, type CashVestRecord } from '../../../cash-vest/cash-vest.queries';
import type { Opportunity, ReportContext } from '../report-context';
import { selectGroupPeriodFigures } from '../report-balances.queries';
import { formatDate, formatMoney, formatWholeMoney, missingLine } from '../report-format';
import { buildBenchmarkGap } from './benchmark-gap';
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

/** The balances and the period's interest; the interest is null without balance tables. */
async function buildBalances(ctx: ReportContext): Promise<{ content: Content[]; interest: number | null }> {
  const groupId = ctx.allAccountsGroupId;
  if (groupId === null) return { content: [missingLine(NO_TABLES)], interest: null };
  const [figures, interest] = await Promise.all([
    selectGroupPeriodFigures(ctx.db, groupId, ctx.startDate, ctx.endDate),
    readInterestFigures(ctx.db, groupId, ctx.startDate, ctx.endDate),
  ]);
  if (figures.days === 0) return { content: [missingLine(NO_TABLES)], interest: null };
  const content = [
    facts([
      ['Balance at the start of the period', formatMoney(figures.startBalance)],
      ['Balance at the end of the period', formatMoney(figures.endBalance)],
      ['Average daily balance', formatMoney(figures.averageBalance)],
      ['Interest earned in the period', formatMoney(interest.periodInterest)],
    ]),
  ];
  return { content, interest: interest.periodInterest };
}

/**
 * A sub-score's commentary as the client may read it: the analyst's own text from the wizard; a text
 * the model or the demo wrote in the analyst's place (never reviewed) is none (issue 42 point 5).
 */
export function reviewedCommentary(comment: string | null | undefined): string | null {
  const text = comment?.trim();
  return text && !MODEL_WRITTEN_COMMENTS.has(text) ? text : null;
}

/** '3.5 of 5 stars' (analytics.md: total / 20 in half-star steps). */
export const describeStars = (totalScore: number) => `${starsOfTotal(totalScore)} of 5 stars`;

/** The five sub-scores; the Commentary column only when an analyst wrote commentary for one. */
export function buildSubScoreTable(row: CashVestRecord): Content {
  const commentary = CASH_VEST_SUB_SCORES.map((sub) => reviewedCommentary(row[sub.comments]));
  const hasCommentary = commentary.some((c) => c !== null);
  return reportTable(
    [
      { title: 'Sub-score' },
      { title: 'Score', isNumeric: true },
      { title: 'Range' },
      { title: 'Stars', isNumeric: true },
      ...(hasCommentary ? [{ title: 'Commentary' }] : []),
    ],
    CASH_VEST_SUB_SCORES.map((sub, i) => {
      const score = row[sub.key];
      return [
        sub.title,
        score,
        `${sub.min}-${sub.max}`,
        score === null ? null : `${starPercentageOf(score, sub.max)}%`,
        ...(hasCommentary ? [commentary[i] ?? ''] : []),
      ];
    }),
  );
}

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
    buildSubScoreTable(row),
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
    reportTable(
      [{ title: 'Opportunity' }, { title: 'Dollars a year', isNumeric: true }],
      largest.map((o) => [o.label, formatWholeMoney(o.dollarsPerYear)]),
    ),
  ];
}

export async function buildSummary(
  ctx: ReportContext,
  opportunities: readonly Opportunity[],
): Promise<Content[]> {
  const [balances, cashVest] = await Promise.all([buildBalances(ctx), buildCashVest(ctx)]);
  const benchmark = balances.interest === null ? null : await buildBenchmarkGap(ctx, balances.interest);
  const all = benchmark?.opportunity ? [...opportunities, benchmark.opportunity] : opportunities;
  return [
    sectionHeading('summary'),
    ...balances.content,
    ...(benchmark?.content ?? []),
    ...cashVest,
    ...buildOpportunities(all),
  ];
}
