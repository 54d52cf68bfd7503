import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { MARKET_RATE_SOURCES } from '@tideline/contracts/market-rates/market-rates.schemas';

// issue 6 point 4: the dated history of market rate observations (FRED, the Treasury curve, imports, the
// shipped snapshot, the demo's made-up history). One row per series and date; a later fetch of the same
// day replaces the value.
// The primary key (series_id, observation_date) is the index of both reads: the latest value of a
// series (a backward scan of its prefix) and a series' history over a date range (analysis).
export const marketRateObservations = pgTable(
  'market_rate_observations',
  {
    seriesId: text('series_id').notNull(),
    observationDate: date('observation_date', { mode: 'string' }).notNull(),
    /** Percent a year, as published (FRED gives up to 5 decimals). */
    value: numeric('value', { precision: 12, scale: 6, mode: 'number' }).notNull(),
    source: text('source', { enum: MARKET_RATE_SOURCES }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'market_rate_observations_pkey', columns: [t.seriesId, t.observationDate] }),
    check(
      'market_rate_observations_source_check',
      sql`${t.source} in ('fred', 'treasury', 'import', 'snapshot', 'demo')`,
    ),
  ],
);
