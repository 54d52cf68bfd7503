import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { MarketRateSource } from '@tideline/contracts/market-rates/market-rates.schemas';
import type { DbOrTx } from '../../db/open-database';
import { marketRateObservations } from '../../db/schema';
import type { RateObservation } from './rate-observation';

const UPSERT_BATCH = 1000;

/** The sources that stand in for live values until a provider reads the series. */
const STAND_IN_SOURCES: MarketRateSource[] = ['snapshot', 'demo'];

/** Inserts or replaces (series, date) rows; a later fetch of the same day wins. */
export async function upsertObservations(
  db: DbOrTx,
  rows: RateObservation[],
  source: MarketRateSource,
): Promise<void> {
  // One statement may not touch a row twice: of repeated (series, date) pairs the last one wins.
  const unique = [...new Map(rows.map((r) => [`${r.seriesId}|${r.date}`, r])).values()];
  for (let i = 0; i < unique.length; i += UPSERT_BATCH) {
    await db
      .insert(marketRateObservations)
      .values(
        unique.slice(i, i + UPSERT_BATCH).map((r) => ({
          seriesId: r.seriesId,
          observationDate: r.date,
          value: r.value,
          source,
        })),
      )
      .onConflictDoUpdate({
        target: [marketRateObservations.seriesId, marketRateObservations.observationDate],
        set: {
          value: sql`excluded.value`,
          source: sql`excluded.source`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      });
  }
}

/**
 * The shipped snapshot and the demo's made-up history are stand-ins: once live values of a series
 * arrive, its 'snapshot' and 'demo' rows go.
 */
export async function deleteStandInRows(db: DbOrTx, seriesIds: string[]): Promise<void> {
  if (seriesIds.length === 0) return;
  await db
    .delete(marketRateObservations)
    .where(
      and(
        inArray(marketRateObservations.seriesId, seriesIds),
        inArray(marketRateObservations.source, STAND_IN_SOURCES),
      ),
    );
}

/** Inserts the (series, date) rows not stored yet; a stored value of any source is kept. */
export async function insertAbsentObservations(
  db: DbOrTx,
  rows: RateObservation[],
  source: MarketRateSource,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const saved = await db
      .insert(marketRateObservations)
      .values(
        rows.slice(i, i + UPSERT_BATCH).map((r) => ({
          seriesId: r.seriesId,
          observationDate: r.date,
          value: r.value,
          source,
        })),
      )
      .onConflictDoNothing()
      .returning({ seriesId: marketRateObservations.seriesId });
    inserted += saved.length;
  }
  return inserted;
}

/** The newest observation of each series (one backward primary-key scan per series). */
export async function selectLatestObservations(
  db: DbOrTx,
  seriesIds: readonly string[],
): Promise<(RateObservation & { source: MarketRateSource })[]> {
  const result = await db.execute<{
    series_id: string;
    observation_date: string;
    value: string;
    source: MarketRateSource;
  }>(sql`
    select s.series_id, o.observation_date::text as observation_date, o.value::text as value, o.source
    from unnest(${`{${seriesIds.join(',')}}`}::text[]) as s(series_id)
    cross join lateral (
      select observation_date, value, source from market_rate_observations m
      where m.series_id = s.series_id
      order by observation_date desc limit 1
    ) o`);
  return result.rows.map((r) => ({
    seriesId: r.series_id,
    date: r.observation_date,
    value: Number(r.value),
    source: r.source,
  }));
}

/**
 * The newest observation on or before `date` of each series that has one (one backward primary-key
 * scan per series): what the analysis reads as a series' rate of a day, and how old it is.
 */
export async function selectLatestObservationsOnOrBefore(
  db: DbOrTx,
  seriesIds: readonly string[],
  date: string,
): Promise<RateObservation[]> {
  if (seriesIds.length === 0) return [];
  const result = await db.execute<{ series_id: string; observation_date: string; value: string }>(sql`
    select s.series_id, o.observation_date::text as observation_date, o.value::text as value
    from unnest(${`{${seriesIds.join(',')}}`}::text[]) as s(series_id)
    cross join lateral (
      select observation_date, value from market_rate_observations m
      where m.series_id = s.series_id and m.observation_date <= ${date}::date
      order by observation_date desc limit 1
    ) o`);
  return result.rows.map((r) => ({
    seriesId: r.series_id,
    date: r.observation_date,
    value: Number(r.value),
  }));
}

/** One series' observations between two dates, inclusive, oldest first (analysis reads this too). */
export async function selectHistory(
  db: DbOrTx,
  seriesId: string,
  from: string,
  to: string,
): Promise<RateObservation[]> {
  const rows = await db
    .select({
      date: marketRateObservations.observationDate,
      value: marketRateObservations.value,
    })
    .from(marketRateObservations)
    .where(
      and(
        eq(marketRateObservations.seriesId, seriesId),
        gte(marketRateObservations.observationDate, from),
        lte(marketRateObservations.observationDate, to),
      ),
    )
    .orderBy(asc(marketRateObservations.observationDate));
  return rows.map((r) => ({ seriesId, date: r.date, value: r.value }));
}

export async function countObservations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(marketRateObservations);
  return row?.n ?? 0;
}
