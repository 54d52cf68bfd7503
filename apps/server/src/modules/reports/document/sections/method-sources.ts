import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { bookmarkedHeading, dataTable, paragraph } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { findRunRates, type RunRates } from '../../../monte-carlo/run-rates';
import { listShownRuns } from '../group-run';
import type { ReportContext, ReportSection } from '../report-context';
import { selectSources } from '../report-books.queries';
import { formatCount, formatDate, formatPercent, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';

// design/reports.md "Method and sources": the models in plain words (docs/models.md says them in
// full), the files and batches the period's records came from, and the market rates used with their
// dates: those stored with each Monte Carlo run the report showed, else those on the period's end.

const SECTION = 'section-method';

const MODELS = [
  'Balances: each account has an end-of-day balance for every calendar day, counted from its start balance and its validated transactions; a group is the sum of its accounts. Monthly figures (month-end, average, lowest, highest, credits, debits) come from those days.',
  'Monte Carlo: the group’s daily net flows over its history are replayed in random order, many times over, for five years from today’s balance. The amount still untouched in 95 of 100 of those futures, for each horizon, is the duration capability.',
  'Liquidity levels split today’s balance, less a cushion for the largest month of outflows, by how long the money can stay invested: within 30 days, 30 days to 30 weeks, 30 weeks to a year, a year to 30 months, and longer. Each level earns the market rate of its horizon in the benchmark. An analyst may set the levels by hand.',
  'Short-term model: each business day’s flow is forecast from the same day of the month in earlier years, scaled by the recent trend, and checked against the last 13 weeks before it is used.',
  'cashVest score: five areas (value, liquidity proficiency, rate earned, cash flow optimization, investment policy) rated by an analyst, out of 100, with the model’s suggestions as a starting point.',
];

function buildRates(runs: readonly { name: string; rates: RunRates }[]): Content {
  return dataTable(
    [
      { title: 'Used for', width: 120 },
      { title: 'Level', width: 60 },
      { title: 'Benchmark' },
      { title: 'Series', width: 60 },
      { title: 'Date', width: 85 },
      { title: 'Rate', isNumeric: true, width: 45 },
    ],
    runs.flatMap(({ name, rates }) =>
      LIQUIDITY_LEVEL_TERMS.map((term) => {
        const rate = rates.rates[term.field];
        return [
          name,
          term.label,
          term.benchmark,
          term.seriesId,
          rate ? formatDate(rate.date) : null,
          formatPercent(rate?.value),
        ];
      }),
    ),
  );
}

function describeBatch(source: Awaited<ReturnType<typeof selectSources>>[number]): string | null {
  if (source.batchId === null) return null;
  const what = [source.bankName, source.templateType].filter(Boolean).join(', ');
  const when = source.batchStart ? ` ${source.batchStart} to ${source.batchEnd}` : '';
  return `Batch ${source.batchId}${what ? `: ${what}` : ''}${when}`;
}

export async function buildMethodAndSources(ctx: ReportContext): Promise<ReportSection> {
  const [sources, shown] = await Promise.all([
    selectSources(ctx.db, ctx.clientId, ctx.startDate, ctx.endDate),
    listShownRuns(ctx),
  ]);
  // Runs of the same day read the same rates: one set of rows names them all.
  const byDay = new Map<string, { names: string[]; rates: RunRates }>();
  for (const r of shown) {
    if (!r.runRates) continue;
    const day = byDay.get(r.runRates.runDate) ?? { names: [], rates: r.runRates };
    day.names.push(`'${r.run.monteCarloName}'`);
    byDay.set(r.runRates.runDate, day);
  }
  const runRates = [...byDay.values()].map((d) => ({
    name: `Monte Carlo ${d.names.join(', ')}`,
    rates: d.rates,
  }));
  const rates =
    runRates.length > 0
      ? runRates
      : [{ name: `Rates on ${formatDate(ctx.endDate)}`, rates: await findRunRates(ctx.db, ctx.endDate) }];
  return {
    content: [
      sectionHeading('method'),
      bookmarkedHeading('Models', SECTION),
      ...MODELS.map((text) => paragraph(text)),
      bookmarkedHeading('Data Sources', SECTION),
      sources.length === 0
        ? missingLine('No transaction or treasury record of the period was found.')
        : dataTable(
            [
              { title: 'Records', width: 70 },
              { title: 'File' },
              { title: 'Batch', width: 150 },
              { title: 'Count', isNumeric: true, width: 50 },
            ],
            sources.map((s) => [
              s.kind,
              s.fileName ?? 'No file (keyed in, a bank link or the demo data)',
              describeBatch(s),
              formatCount(s.records),
            ]),
          ),
      bookmarkedHeading('Market Rates', SECTION),
      buildRates(rates),
    ],
  };
}
