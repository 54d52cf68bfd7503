import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { bookmarkedHeading, paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { describeLevelRate, findRunRates, type RunRates } from '../../../monte-carlo/run-rates';
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
  'Monte Carlo: the group’s daily flows over its history are split into a seasonal pattern (month, business day of the month, large dated events such as tax receipts) and what is left over; the left-over is replayed in random blocks, many times over, for five years from today’s balance, with no growth unless the analyst states one. The amount still untouched in 95 of 100 of those futures, for each horizon, is the duration capability; running it again with each history year left out gives its range.',
  'Liquidity levels split today’s balance by how long the money can stay invested: the operating need of the next 30 days, 30 days to 30 weeks, 30 weeks to a year, a year to 30 months, and longer. A cushion for the worst 30 days of outflows beyond the operating need is held out of the longer levels. Each level earns the market rate of its horizon in the benchmark. An analyst may set the levels by hand.',
  'Short-term model: receipts and disbursements are forecast separately from the calendar of the history (weekday, business day of the month, month, payroll cycles, tax and aid dates), each with its own trend. A back-test on the history’s own past weeks compares it with the same weeks of the year before; where it does not beat them, last year’s flows are the forecast.',
  'cashVest score: five areas (value, liquidity proficiency, rate earned, cash flow optimization, investment policy) rated by an analyst, out of 100, with the model’s suggestions as a starting point.',
];

function buildRates(runs: readonly { name: string; rates: RunRates }[]): Content {
  return reportTable(
    [
      { title: 'Used for' },
      { title: 'Level' },
      { title: 'Benchmark' },
      { title: 'Series' },
      { title: 'Date' },
      { title: 'Rate', isNumeric: true },
    ],
    runs.flatMap(({ name, rates }) =>
      LIQUIDITY_LEVEL_TERMS.map((term) => {
        const rate = rates.rates[term.field];
        // Issue 41 point 5: the series standing in for a stale one, named; or why there is no rate.
        const said = describeLevelRate(rates, term.field, formatDate);
        return [
          name,
          term.label,
          rate?.fallbackFor ? (said ?? term.benchmark) : term.benchmark,
          rate?.seriesId ?? term.seriesId,
          rate ? formatDate(rate.date) : null,
          formatPercent(rate?.value) ?? said,
        ];
      }),
    ),
  );
}

function describeBatch(source: Awaited<ReturnType<typeof selectSources>>[number]): string | null {
  if (source.batchId === null) return null;
  const what = [source.bankName, source.templateType].filter(Boolean).join(', ');
  const when = source.batchStart
    ? ` ${formatDate(source.batchStart)} to ${source.batchEnd ? formatDate(source.batchEnd) : 'open'}`
    : '';
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
        : reportTable(
            [
              { title: 'Records' },
              { title: 'File' },
              { title: 'Batch' },
              { title: 'Count', isNumeric: true },
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
