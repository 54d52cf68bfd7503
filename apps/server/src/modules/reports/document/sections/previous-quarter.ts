import type { ShortTermStep1Model } from '@tideline/analytics';
import { bookmarkedHeading, facts, paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { actualWindow, measureAccuracy, type StoredStep2 } from '../../../short-term/short-term-results';
import { selectGroupBalances } from '../../../short-term/short-term.queries';
import type { FrozenShortTerm } from '../../../analysis/frozen-runs';
import type { ReportContext, ReportSection } from '../report-context';
import { selectEarlierForecasts } from '../report-analyses.queries';
import { formatDate, formatDateRange, formatMoney, formatShare, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';

// design/reports.md "Previous quarter" (stmPrevQuarterResults): the short-term forecast of an earlier
// cycle (the latest step 2 ending before this period, per group) against what happened, by the same
// measure as the Step 2 Analysis table's accuracy (issue 18 point 7): weekly variance and band hit rate.

export const NO_EARLIER_FORECAST = 'No short-term forecast was made in an earlier cycle for this client.';
export const NO_ACTUALS =
  "No actual balance of the forecast's days is in the balance tables yet, so it cannot be compared.";

type EarlierForecast = Pick<FrozenShortTerm, 'groupName' | 'model'>;

async function buildForecast(ctx: ReportContext, found: EarlierForecast): Promise<Content[]> {
  const step1 = found.model.step1Result as ShortTermStep1Model;
  const step2 = found.model.step2Result as StoredStep2;
  const heading = bookmarkedHeading(found.groupName, 'section-previousQuarter');
  const window = actualWindow(step1, step2);
  const actuals = await selectGroupBalances(ctx.db, found.model.accountGroupId, window.from, window.to);
  const accuracy = measureAccuracy(step1, step2, actuals);
  const intro = paragraph(
    `Short term model '${found.model.shortTermModelName}', forecasting from ${formatDate(step1.endDate)}.`,
  );
  if (!accuracy) return [heading, intro, missingLine(NO_ACTUALS)];
  const band = accuracy.band;
  return [
    heading,
    intro,
    facts([
      ['Compared through', formatDate(accuracy.actualThrough)],
      ['Mean absolute error, single day', formatMoney(accuracy.singleDay.meanAbsoluteError)],
      ['Mean absolute error, 7 days', formatMoney(accuracy.sevenDay.meanAbsoluteError)],
      [
        'Band hit rate',
        band
          ? `${formatShare(band.shareInside)}: ${band.daysInside} of ${band.comparedDays} days inside the 5-95% band of Monte Carlo '${band.monteCarloName}'`
          : 'No band: the forecast was made without a finished Monte Carlo.',
      ],
    ]),
    accuracy.weeks.length === 0
      ? missingLine('No forecast week has fully happened yet.')
      : reportTable(
          [
            { title: 'Week' },
            { title: 'Forecast Change', isNumeric: true },
            { title: 'Actual Change', isNumeric: true },
            { title: 'Variance', isNumeric: true },
          ],
          accuracy.weeks.map((w) => [
            formatDateRange(w.dateRange),
            formatMoney(w.forecastChange),
            formatMoney(w.actualChange),
            formatMoney(w.error),
          ]),
        ),
  ];
}

export async function buildPreviousQuarter(ctx: ReportContext): Promise<ReportSection> {
  const listed = new Set(ctx.params.shortTermLiquidity);
  const found: EarlierForecast[] =
    ctx.frozen?.earlierForecasts ?? (await selectEarlierForecasts(ctx.db, ctx.clientId, ctx.startDate));
  const earlier = found.filter((f) => listed.size === 0 || listed.has(f.model.accountGroupId));
  if (earlier.length === 0)
    return { content: [sectionHeading('previousQuarter'), missingLine(NO_EARLIER_FORECAST)] };
  const parts = await Promise.all(earlier.map((found) => buildForecast(ctx, found)));
  return { content: [sectionHeading('previousQuarter'), ...parts.flat()] };
}
