import type { ShortTermStep1Model } from '@tideline/analytics';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';
import { chart, dataTable, facts, heading, note, paragraph } from '../../platform/pdf/pdf-blocks';
import type { Content } from '../../platform/pdf/pdf-types';
import { renderChartSvg } from '../../platform/pdf/render-chart-svg';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { backTestChart, cashPositionChart, dayToDayChart } from './short-term-charts';
import type { StoredStep2 } from './short-term-results';

// Download PDF (issue 18 point 4): the model's inputs, checks, back-test and charts. Written when
// step 1 finishes, and again with the forecast when step 2 does.

export const PDF_SECTIONS = {
  inputs: 'Inputs',
  checks: 'Checks',
  backTest: 'Back-test',
  forecast: 'Forecast',
  cashPosition: 'Short-Term Cash Position Forecast',
  dayToDay: 'Day-to-Day Variance',
  forecastTable: 'Forecast Table',
} as const;

export interface ShortTermPdfInput {
  modelName: string;
  clientName: string;
  groupName: string;
  createdAt: Date;
  dataAsOf: Date | null;
  step1: ShortTermStep1Model;
  step2: StoredStep2 | null;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (value: number | null | undefined) =>
  value === null || value === undefined ? null : dollars.format(value);
const percent = (rate: number | null) => (rate === null ? 'n/a' : `${(rate * 100).toFixed(1)}%`);
const passFail = (isPassed: boolean) => (isPassed ? 'PASS' : 'FAIL');
const CHART = { width: 720, height: 300 };

function inputsSection(input: ShortTermPdfInput): Content[] {
  const { step1 } = input;
  const adjustments = step1.balanceAdjustments;
  return [
    heading(PDF_SECTIONS.inputs),
    facts([
      ['Client', input.clientName],
      ['Account group', input.groupName],
      ['Start date', step1.startDate],
      ['End date', step1.endDate],
      ["Group's first date (minDate)", step1.minDate],
      ['Run on', input.createdAt.toISOString().slice(0, 10)],
      [
        'Data as of',
        input.dataAsOf ? input.dataAsOf.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : null,
      ],
      ['Balance at the end date', money(step1.endBalance)],
    ]),
    { text: 'Balance adjustments', bold: true, margin: [0, 4, 0, 4] },
    adjustments.length === 0
      ? paragraph('None.')
      : dataTable(
          [{ title: 'Date' }, { title: 'Amount', isNumeric: true }],
          adjustments.map((a) => [a.date, money(a.amount)]),
        ),
  ];
}

function checksSection(step1: ShortTermStep1Model): Content[] {
  const { checks, trend } = step1;
  const gap =
    checks.longestGapBusinessDays === 0
      ? 'none'
      : `${checks.longestGapBusinessDays} business days from ${checks.longestGapStart ?? '?'}`;
  return [
    heading(PDF_SECTIONS.checks),
    dataTable(
      [{ title: 'Check' }, { title: 'Needed' }, { title: 'Found' }, { title: 'Result', width: 50 }],
      [
        [
          'History length',
          'at least 24 months',
          `${checks.historyMonths} months`,
          passFail(checks.hasEnoughHistory),
        ],
        ['Longest gap without transactions', 'at most 10 business days', gap, passFail(checks.hasNoLongGap)],
      ],
    ),
    paragraph(`Step 1 Ready? ${checks.isReady ? 'YES' : 'NO'}`),
    facts([
      ['Trend ratio', trend.ratio.toFixed(4)],
      ['Net flows, last 3 months', money(trend.trailingTotal)],
      ['Net flows, same 3 months a year earlier', money(trend.priorYearTotal)],
    ]),
    ...(trend.isFallback
      ? [note('The two totals are zero or of opposite signs, so the ratio means nothing: 1 is used.')]
      : []),
  ];
}

function backTestSection(step1: ShortTermStep1Model): Content[] {
  const { backTest } = step1;
  return [
    heading(PDF_SECTIONS.backTest),
    paragraph(
      'The model was fitted again on the history up to 13 weeks before the end date and asked to forecast those 13 weeks; each week’s net flow is compared with what happened (balance adjustments are not used).',
    ),
    facts([
      ['Mean absolute error per week', money(backTest.meanAbsoluteError)],
      ['Relative error', percent(backTest.relativeError)],
    ]),
    dataTable(
      [
        { title: 'Week' },
        { title: 'Forecast', isNumeric: true },
        { title: 'Actual', isNumeric: true },
        { title: 'Error', isNumeric: true },
      ],
      backTest.weeks.map((w) => [
        `${w.weekStart} - ${w.weekEnd}`,
        money(w.forecast),
        money(w.actual),
        money(w.error),
      ]),
    ),
    chart('Back-test: weekly net flow, forecast and actual', renderChartSvg(backTestChart(step1), CHART)),
  ];
}

function forecastSections(step2: StoredStep2 | null): Content[] {
  if (!step2)
    return [heading(PDF_SECTIONS.forecast), paragraph('Step 2 has not been run for this model yet.')];
  const liquidity = step2.strategicLiquidity;
  return [
    heading(PDF_SECTIONS.forecast),
    liquidity
      ? paragraph(
          `Strategic liquidity ${money(liquidity.amount)}: levels two to five of the current liquidity levels (Monte Carlo '${liquidity.monteCarloName}').`,
        )
      : note(SHORT_TERM_MSG.noLiquidityLevels),
    dataTable(
      [
        { title: 'Date Range' },
        { title: 'Forecast', isNumeric: true },
        { title: 'Prior Year Actual', isNumeric: true },
        { title: 'Strategic Liquidity', isNumeric: true },
      ],
      step2.weekly.map((w) => [
        w.dateRange,
        money(w.forecast),
        money(w.priorYearActual),
        money(w.strategicLiquidity),
      ]),
    ),
    heading(PDF_SECTIONS.cashPosition),
    chart('Forecast balance by week', renderChartSvg(cashPositionChart(step2), CHART)),
    heading(PDF_SECTIONS.dayToDay),
    chart(
      'Forecast change of balance from one business day to the next',
      renderChartSvg(dayToDayChart(step2), CHART),
    ),
    heading(PDF_SECTIONS.forecastTable),
    dataTable(
      [
        { title: 'Date' },
        { title: 'Balance', isNumeric: true },
        { title: 'Single Day', isNumeric: true },
        { title: '7 Day', isNumeric: true },
        { title: '14 Day', isNumeric: true },
        { title: '30 Day', isNumeric: true },
      ],
      step2.rows.map((r) => [
        r.date,
        money(r.forecastBalance),
        money(r.singleVariance),
        money(r.sevenDayVariance),
        money(r.fourteenDayVariance),
        money(r.monthlyVariance),
      ]),
    ),
  ];
}

/** The model's PDF: inputs, checks and back-test; the forecast and its charts once step 2 ran. */
export function renderShortTermPdf(input: ShortTermPdfInput): Promise<Buffer> {
  return renderPdf({
    title: `Short Term Model: ${input.modelName}`,
    subtitle: `${input.clientName} · ${input.groupName} · ${input.step1.startDate} to ${input.step1.endDate}`,
    content: [
      ...inputsSection(input),
      ...checksSection(input.step1),
      ...backTestSection(input.step1),
      ...forecastSections(input.step2),
    ],
  });
}
