import { isBusinessDay, nextBusinessDayOnOrAfter } from '@tideline/analytics/calendar/business-calendar';
import {
  addMonths,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
} from '@tideline/analytics/core/iso-date';
import type { Db } from '../db/open-database';
import { loadRateSnapshotIfEmpty, readRateSnapshot } from '../modules/market-rates/load-rate-snapshot';
import { addDemoRates } from '../modules/market-rates/market-rates.service';
import type { RateObservation } from '../modules/market-rates/rate-observation';
import { createDemoRandom, DEMO_SEED, hashText } from './demo-random';

// Issue 41: the demo's three years need market rates, or every account "earns" for want of a benchmark
// (docs/models.md "Market rates", "The demo's rate history"). The shipped snapshot has real-looking
// values for a few months only; before it, this writes a made-up but plausible path, stored with source
// 'demo' and shown as "Demo figures": the fed funds target range falls in 25-basis-point steps (one of
// 50) from 5.25-5.50% about three years before the snapshot to the snapshot's first range; EFFR keeps
// its snapshot spread to the range's lower limit; every other series keeps its average snapshot spread
// to EFFR, on business days, with a wiggle of at most 2 basis points from the demo's seeded random
// (SOFR30DAYAVG is the 30-calendar-day average of that SOFR; the HQM curve is dated the 1st of each
// month, as published). After the snapshot's last day, each series holds its last snapshot value.

/** The cuts of the target range, in months before the snapshot's first month, and their size in percent. */
export const DEMO_RATE_CUTS: readonly { monthsBefore: number; percent: number }[] = [
  { monthsBefore: 23, percent: 0.5 },
  { monthsBefore: 21, percent: 0.25 },
  { monthsBefore: 20, percent: 0.25 },
  { monthsBefore: 11, percent: 0.25 },
  { monthsBefore: 10, percent: 0.25 },
  { monthsBefore: 8, percent: 0.25 },
  { monthsBefore: 4, percent: 0.25 },
];
/** A cut takes effect on the business day on or after this day of its month (mid-month, as FOMC days). */
const CUT_DAY_OF_MONTH = 18;
/** Days before the window also filled: a rate of the window's first day may be up to 45 days old. */
const LEAD_DAYS = 60;
/** The largest day-to-day wiggle of a market series around its spread, in percent. */
const WIGGLE = 0.02;
const AVERAGE_DAYS = 30;
/** Days computed before a range's first day, so its 30-day average has a full 30 days (holidays included). */
const PRIOR_DAYS = AVERAGE_DAYS + 7;

const TARGET_SERIES = new Set(['DFEDTARL', 'DFEDTARU', 'EFFR']);
/** Published monthly, dated the 1st of the month (even on a weekend). */
const MONTHLY_SERIES = new Set(['HQMCB1YR', 'HQMCB2YR']);
const AVERAGE_OF: Record<string, string> = { SOFR30DAYAVG: 'SOFR' };

const dayOf = (iso: string) => parseIsoDate(iso) as number;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const isFirstOfMonth = (day: number) => fromDayNumber(day).day === 1;

interface SnapshotFacts {
  firstDay: number;
  lastDay: number;
  series: Map<string, { first: number; last: number; mean: number }>;
}

function describeSnapshot(snapshot: readonly RateObservation[]): SnapshotFacts {
  const bySeries = new Map<string, RateObservation[]>();
  for (const o of [...snapshot].sort((a, b) => a.date.localeCompare(b.date)))
    bySeries.set(o.seriesId, [...(bySeries.get(o.seriesId) ?? []), o]);
  const series = new Map(
    [...bySeries].map(([id, list]) => [
      id,
      {
        first: list[0]!.value,
        last: list.at(-1)!.value,
        mean: list.reduce((sum, o) => sum + o.value, 0) / list.length,
      },
    ]),
  );
  const days = snapshot.map((o) => dayOf(o.date));
  return { firstDay: Math.min(...days), lastDay: Math.max(...days), series };
}

/** The target range's lower limit on a day before the snapshot: its first value plus the cuts still to come. */
function lowerLimitOn(day: number, facts: SnapshotFacts): number {
  const first = fromDayNumber(facts.firstDay);
  const firstMonth = toDayNumber(first.year, first.month, 1);
  let lower = facts.series.get('DFEDTARL')!.first;
  for (const cut of DEMO_RATE_CUTS) {
    const cutDay = nextBusinessDayOnOrAfter(addMonths(firstMonth, -cut.monthsBefore) + CUT_DAY_OF_MONTH - 1);
    if (day < cutDay) lower += cut.percent;
  }
  return lower;
}

/** The made-up days before the snapshot, [from, to]: the path above, each series on its own days. */
function planBefore(facts: SnapshotFacts, from: number, to: number, seed: number): RateObservation[] {
  const at = (id: string) => facts.series.get(id)!;
  const width = at('DFEDTARU').first - at('DFEDTARL').first;
  const effrOverLower = at('EFFR').first - at('DFEDTARL').first;
  const effrOn = (day: number) => lowerLimitOn(day, facts) + effrOverLower;
  const spreadOf = (id: string) => at(id).mean - at('EFFR').mean;
  const rows: RateObservation[] = [];
  const push = (seriesId: string, day: number, value: number) =>
    rows.push({ seriesId, date: formatIsoDate(day), value });
  const daily = new Map<string, Map<number, number>>();
  for (const id of facts.series.keys()) {
    if (MONTHLY_SERIES.has(id) || AVERAGE_OF[id]) continue;
    const random = createDemoRandom(seed, hashText(`market-rate:${id}`));
    const values = new Map<number, number>();
    for (let day = from - PRIOR_DAYS; day <= to; day += 1) {
      if (!isBusinessDay(day)) continue;
      const lower = lowerLimitOn(day, facts);
      const value =
        id === 'DFEDTARL'
          ? lower
          : id === 'DFEDTARU'
            ? lower + width
            : id === 'EFFR'
              ? effrOn(day)
              : effrOn(day) + spreadOf(id) + (random.unit() * 2 - 1) * WIGGLE;
      values.set(day, round(value, TARGET_SERIES.has(id) ? 4 : 2));
    }
    daily.set(id, values);
    for (const [day, value] of values) if (day >= from) push(id, day, value);
  }
  for (const [id, of] of Object.entries(AVERAGE_OF)) {
    const values = daily.get(of);
    if (!facts.series.has(id) || !values) continue;
    let latest: number | undefined;
    const window: number[] = [];
    for (let day = from - PRIOR_DAYS; day <= to; day += 1) {
      latest = values.get(day) ?? latest;
      // A weekend or holiday counts at the rate published before it, as the New York Fed counts days.
      if (latest !== undefined) window.push(latest);
      if (window.length > AVERAGE_DAYS) window.shift();
      if (day >= from && isBusinessDay(day) && window.length === AVERAGE_DAYS)
        push(id, day, round(window.reduce((sum, v) => sum + v, 0) / AVERAGE_DAYS, 5));
    }
  }
  for (const id of MONTHLY_SERIES) {
    if (!facts.series.has(id)) continue;
    for (let day = from; day <= to; day += 1)
      if (isFirstOfMonth(day)) push(id, day, round(effrOn(day) + spreadOf(id), 2));
  }
  return rows;
}

/** The days after the snapshot, [from, to]: each series held at its last snapshot value. */
function planAfter(facts: SnapshotFacts, from: number, to: number): RateObservation[] {
  const rows: RateObservation[] = [];
  for (const [id, { last }] of facts.series)
    for (let day = from; day <= to; day += 1)
      if (MONTHLY_SERIES.has(id) ? isFirstOfMonth(day) : isBusinessDay(day))
        rows.push({ seriesId: id, date: formatIsoDate(day), value: last });
  return rows;
}

/**
 * Pure: the demo's rates of every snapshot series for a window (and the days before it that its first
 * day may read), never on a day inside the snapshot's own range. The same snapshot, window and seed
 * give the same rows.
 */
export function planDemoMarketRates(
  snapshot: readonly RateObservation[],
  window: { firstDate: string; lastDate: string },
  seed: number = DEMO_SEED,
): RateObservation[] {
  if (snapshot.length === 0) throw new Error('The shipped rate snapshot is empty.');
  const facts = describeSnapshot(snapshot);
  const from = dayOf(window.firstDate) - LEAD_DAYS;
  const to = dayOf(window.lastDate);
  return [
    ...(from < facts.firstDay ? planBefore(facts, from, facts.firstDay - 1, seed) : []),
    ...(to > facts.lastDay ? planAfter(facts, Math.max(from, facts.lastDay + 1), to) : []),
  ];
}

/**
 * seed-demo, before any analysis: the shipped snapshot if the rate history is empty, then the demo's
 * rates on the days that have none (a stored value, the snapshot's or a live one, is kept).
 * Answers how many demo rows were stored.
 */
export async function insertDemoMarketRates(
  db: Db,
  window: { firstDate: string; lastDate: string },
): Promise<number> {
  await loadRateSnapshotIfEmpty(db);
  return addDemoRates(db, planDemoMarketRates(await readRateSnapshot(), window));
}
