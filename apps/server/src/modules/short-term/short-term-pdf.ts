import type { BackTestAccuracy, ShortTermStep1Model } from '@tideline/analytics';
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
    paragraph(
      'Trend: receipts and disbursements each grow by their own year-over-year ratio (the last 12 months against the 12 before, compared with what the calendar expects), bounded to 0.8-1.25; the net is never scaled.',
    ),
    dataTable(
      [
        { title: 'Side' },
        { title: 'Growth a year', isNumeric: true },
        { title: 'Last 12 months', isNumeric: true },
        { title: '12 months before', isNumeric: true },
      ],
      (['receipts', 'disbursements'] as const).map((side) => [
        side === 'receipts' ? 'Receipts' : 'Disbursements',
        trend[side].isFallback ? '1.0000 (not measured)' : trend[side].ratio.toFixed(4),
        money(trend[side].lastYearTotal),
        money(trend[side].priorYearTotal),
      ]),
    ),
  ];
}

const ratio = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const signedPercent = (rate: number | null) =>
  rate === null ? 'n/a' : `${rate > 0 ? '+' : ''}${(rate * 100).toFixed(1)}%`;

/** MASE, WAPE and bias of the forecast used, 13 weeks ahead (the accuracy line of step 2). */
export function accuracyLine(accuracy: BackTestAccuracy): string {
  const used = (accuracy.usesNaive ? accuracy.seasonalNaive : accuracy.model).at(-1);
  if (!used) return 'Accuracy: not measured.';
  return `MASE ${ratio(used.mase)} · WAPE ${percent(used.wape)} · bias ${signedPercent(used.relativeBias)} (weekly net flow, 13 weeks ahead, ${accuracy.origins.length} rolling origins)`;
}

function accuracySection(accuracy: BackTestAccuracy): Content[] {
  const rows = accuracy.model.flatMap((model, index) => {
    const naive = accuracy.seasonalNaive[index];
    const same = accuracy.sameBusinessDayLastYear[index];
    return [
      ['Model', model],
      ['Same week last year (364 days)', naive],
      ['Same business day of the month, last year', same],
    ].map(([name, h]) => {
      const item = h as (typeof accuracy.model)[number] | undefined;
      return [
        `${model.weeks} week${model.weeks === 1 ? '' : 's'}`,
        name as string,
        ratio(item?.mase ?? null),
        percent(item?.wape ?? null),
        signedPercent(item?.relativeBias ?? null),
      ];
    });
  });
  return [
    paragraph(
      `Forecast accuracy over ${accuracy.origins.length} rolling origins (${accuracy.origins[0] ?? '-'} to ${accuracy.origins.at(-1) ?? '-'}, every 4 weeks): at each origin the model is fitted on the history up to it and forecasts the next 13 weeks, as do the two naive baselines. MASE: mean absolute weekly error divided by that of "same week last year" within the history (below 1 is better); WAPE: total absolute error over total absolute actual; bias: total error over total absolute actual (above 0: too optimistic).`,
    ),
    dataTable(
      [
        { title: 'Horizon' },
        { title: 'Forecast' },
        { title: 'MASE', isNumeric: true },
        { title: 'WAPE', isNumeric: true },
        { title: 'Bias', isNumeric: true },
      ],
      rows,
    ),
    accuracy.usesNaive ? note(accuracy.note) : paragraph(accuracy.note),
  ];
}

function backTestSection(step1: ShortTermStep1Model): Content[] {
  const { backTest } = step1;
  return [
    heading(PDF_SECTIONS.backTest),
    paragraph(
      `The ${backTest.accuracy.usesNaive ? 'naive forecast (same week last year)' : 'model'} was fitted again on the history up to 13 weeks before the end date and asked to forecast those 13 weeks; each week’s net flow is compared with what happened (balance adjustments are not used).`,
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
    ...accuracySection(backTest.accuracy),
  ];
}

function forecastSections(step2: StoredStep2 | null): Content[] {
  if (!step2)
    return [heading(PDF_SECTIONS.forecast), paragraph('Step 2 has not been run for this model yet.')];
  const liquidity = step2.strategicLiquidity;
  const accuracy = step2.accuracy ?? null;
  return [
    heading(PDF_SECTIONS.forecast),
    ...(accuracy
      ? [
          paragraph(accuracyLine(accuracy)),
          ...(accuracy.usesNaive ? [note(SHORT_TERM_MSG.naiveForecastUsed)] : []),
        ]
      : []),
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
