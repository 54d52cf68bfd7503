import { sql } from 'drizzle-orm';
import { EXCEPTION_RULES } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { judgeEarningAccounts, readEarningSharePercent } from '../../cash-vest/account-earning';
import * as iq from '../../cash-vest/cash-vest-inputs.queries';
import { choosePeriodRun, levelsOfRun } from '../../monte-carlo/current-liquidity-levels.service';
import { buildEffectiveRateTable } from '../../monte-carlo/monte-carlo-results.service';
import type { CycleRef } from '../../monte-carlo/period-run.queries';
import { findRunRates, readRunRates, type RunRates } from '../../monte-carlo/run-rates';
import { addDays } from '../../market-rates/rate-observation';
import { measureBenchmarkGap } from '../../reports/document/sections/benchmark-gap';
import type { Detector, Finding } from '../finding';
import { formatRate, formatWholeDollars } from './format-dollars';
import { measureIdleCash, type IdleCash } from './measure-idle-cash';

/** The days of balances measured: a quarter up to the client's last daily balance. */
const MEASURED_DAYS = 90;
/** Clients measured at once: each is a handful of small queries on the shared pool. */
const CONCURRENCY = 4;
const HIGH_DOLLARS_PER_YEAR = 100_000;

interface Candidate {
  clientId: number;
  groupId: number;
  cycle: CycleRef | null;
  lastDay: string;
}

/**
 * The clients of the scope whose 'All Accounts' group may have liquidity levels (a finished run, or
 * a completed analysis that froze one), with their current cycle (open, else latest: the one whose
 * run the screens show now) and their last daily balance up to today. One statement for the scope.
 */
async function selectCandidates(
  db: DbOrTx,
  clientIds: readonly number[],
  today: string,
): Promise<Candidate[]> {
  const { rows } = await db.execute(sql`select g.client_id as "clientId", g.group_id as "groupId",
      cy.open_report_id as "openReportId", cy.analysis_completed_at as "analysisCompletedAt",
      cy.closed_at as "closedAt", cy.frozen_runs as "frozenRuns", last.day::text as "lastDay"
    from account_groups g
    left join lateral (select r.open_report_id, r.analysis_completed_at, r.closed_at, r.frozen_runs
      from open_reports r where r.client_id = g.client_id
      order by (r.closed_at is null) desc, r.created_at desc, r.open_report_id desc limit 1) cy on true
    join lateral (select max(d.balance_date) as day from account_group_accounts aga
      cross join lateral (select b.balance_date from daily_balances b
        where b.account_id = aga.account_id and b.balance_date <= ${today}::date
        order by b.balance_date desc limit 1) d
      where aga.group_id = g.group_id) last on last.day is not null
    where g.client_id = any(${sql.param([...clientIds])}::int[]) and g.is_all_accounts
      and (exists (select 1 from monte_carlo_runs m where m.account_group_id = g.group_id
          and m.state = 'done' and m.result is not null)
        or exists (select 1 from open_reports c where c.client_id = g.client_id
          and c.analysis_completed_at is not null))`);
  return (
    rows as unknown as (Omit<Candidate, 'cycle'> &
      Omit<CycleRef, 'openReportId'> & { openReportId: number | null })[]
  ).map((r) => ({
    clientId: r.clientId,
    groupId: r.groupId,
    lastDay: r.lastDay,
    cycle:
      r.openReportId === null
        ? null
        : {
            openReportId: r.openReportId,
            analysisCompletedAt: r.analysisCompletedAt,
            closedAt: r.closedAt,
            frozenRuns: r.frozenRuns,
          },
  }));
}

/** The earning rule's benchmarks (levels one and two) exist on the day: without them nothing is idle. */
const hasEarningBenchmarks = (rates: RunRates) =>
  rates.rates.levelOne !== null && rates.rates.levelTwo !== null;

interface Measured extends IdleCash {
  start: string;
  end: string;
  runName: string;
}

/** One client: its levels now, its accounts' balances, interest and earning verdicts over the period. */
async function measureClient(
  db: DbOrTx,
  c: Candidate,
  benchmarksOf: (day: string) => Promise<RunRates>,
): Promise<Measured | null> {
  const start = addDays(c.lastDay, -(MEASURED_DAYS - 1));
  const end = c.lastDay;
  // No benchmark rate for the period (no market rate observations near its end): the comparison and
  // the earning rule cannot be applied, so nothing is said rather than calling every balance idle.
  if (!hasEarningBenchmarks(await benchmarksOf(end))) return null;
  const chosen = await choosePeriodRun(db, c.clientId, c.groupId, c.cycle);
  const current = levelsOfRun(chosen);
  if (!chosen || !current) return null;
  const rateTable = buildEffectiveRateTable(current.levels, readRunRates(chosen.run.rates));
  const members = await iq.selectGroupAccounts(db, c.groupId);
  const ids = members.map((m) => m.accountId);
  const [averages, interest] = await Promise.all([
    iq.selectAverageBalances(db, ids, start, end),
    iq.selectInterestByDay(db, ids, start, end),
  ]);
  const received = new Map<number, number>();
  for (const row of interest)
    received.set(row.accountId, (received.get(row.accountId) ?? 0) + Number(row.amount));
  const measured = members.filter((m) => averages.has(m.accountId));
  const verdicts = await judgeEarningAccounts(
    db,
    measured,
    { start, end },
    { averages: new Map([...averages].map(([id, a]) => [id, a.average])), interestReceived: received },
  );
  const periodInterest = [...received.values()].reduce((sum, v) => sum + v, 0);
  const gap = measureBenchmarkGap(rateTable, current.levels.cushion, periodInterest, MEASURED_DAYS);
  if (!gap) return null;
  const idle = measureIdleCash(
    gap,
    measured.map((m) => ({
      averageBalance: averages.get(m.accountId)!.average,
      interestReceived: received.get(m.accountId) ?? 0,
      isEarning: verdicts.get(m.accountId)?.isEarning ?? false,
    })),
    MEASURED_DAYS,
  );
  return idle ? { ...idle, start, end, runName: current.monteCarloName } : null;
}

function describeIdleCash(m: Measured): string {
  return (
    `${formatWholeDollars(m.idleBalance)} of the ${formatWholeDollars(m.aboveNeed)} above the operating need ` +
    `sits in accounts earning under ${readEarningSharePercent()}% of their benchmark: ${formatRate(m.earnedRate)} ` +
    `a year against ${formatRate(m.benchmarkRate)}, ${formatWholeDollars(m.dollarsPerYear)} a year at stake ` +
    `(balances of ${m.start} to ${m.end}, levels of '${m.runName}').`
  );
}

/** Runs `work` over `items`, `limit` at a time. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Idle cash (issue 43 point 1, the rule of issue 41 "Models that beat the baselines"): balances above
 * the liquidity levels' operating need, in accounts earning less than the benchmark, with the dollars
 * a year at stake; one exception per client. The levels are the run the screens show now (the current
 * cycle's, with the analyst's Set Liquidity Levels); the balances the last 90 days of the client's
 * daily balance tables, as they stand (a detection reads, it does not rebuild them). Clients without
 * a run, without balances or without a benchmark rate get nothing.
 *
 * Cost: one statement for the scope, then per client with a run and balances about eight small
 * indexed queries, four clients at a time (200 such clients: ~1,600 queries, a second or two).
 */
export const idleCashDetector: Detector = {
  kinds: ['idle_cash'],
  async detect(db, scope) {
    const candidates = await selectCandidates(db, scope.clientIds, scope.today);
    // The market rates of a day are the same for every client: read once per distinct last day.
    const rates = new Map<string, Promise<RunRates>>();
    const benchmarksOf = (day: string) => {
      if (!rates.has(day)) rates.set(day, findRunRates(db, day));
      return rates.get(day)!;
    };
    const measured = await mapBounded(candidates, CONCURRENCY, (c) => measureClient(db, c, benchmarksOf));
    return candidates.flatMap((c, i): Finding[] => {
      const m = measured[i];
      if (!m || m.dollarsPerYear < EXCEPTION_RULES.idleCashMinimumPerYear) return [];
      return [
        {
          clientId: c.clientId,
          kind: 'idle_cash',
          subjectKey: `client:${c.clientId}:idle-cash`,
          severity: m.dollarsPerYear >= HIGH_DOLLARS_PER_YEAR ? 'High' : 'Medium',
          summary: describeIdleCash(m),
          link: { place: 'analysisCashVest', clientId: c.clientId },
          since: `${m.start}T00:00:00.000Z`,
          amount: m.dollarsPerYear,
        },
      ];
    });
  },
};
