import { asArray, parseXml, pick, textOf } from '@tideline/ingest/formats/parse-xml';
import { isIsoDate, parseRateValue, type RateObservation } from '../rate-observation';
import { fetchText } from './fetch-text';
import type { ProviderResult, RateProvider } from './rate-provider';

/**
 * The Treasury par yield curve columns the market data object reads, and the series each is stored
 * as: FRED's DGS* series are these same Treasury values (H.15 takes them from the curve); the
 * 2-month column has no FRED series and keeps the Treasury's own name.
 */
export const TREASURY_COLUMNS = {
  BC_1MONTH: 'DGS1MO',
  BC_2MONTH: 'BC_2MONTH',
  BC_3MONTH: 'DGS3MO',
  BC_1YEAR: 'DGS1',
  BC_2YEAR: 'DGS2',
} as const;

/**
 * The Treasury's daily par yield curve XML feed (home.treasury.gov, "Daily Treasury Par Yield Curve
 * Rates"): an Atom feed, one entry per business day, its values in m:properties as d:NEW_DATE,
 * d:BC_1MONTH… One request per calendar year since `since`.
 */
export function createTreasuryProvider(options: {
  baseUrl: string;
  timeoutMs: number;
  today?: () => string;
}): RateProvider {
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  return {
    name: 'treasury',
    async fetchObservations(since: string): Promise<ProviderResult> {
      const observations: RateObservation[] = [];
      for (let year = Number(since.slice(0, 4)); year <= Number(today().slice(0, 4)); year++) {
        const query = new URLSearchParams({
          data: 'daily_treasury_yield_curve',
          field_tdr_date_value: String(year),
        });
        const { status, text } = await fetchText(`${options.baseUrl}/pages/xml?${query}`, {
          timeoutMs: options.timeoutMs,
          accept: 'application/xml',
        });
        if (status !== 200) throw new Error(`Treasury answered HTTP ${status} for ${year}`);
        // Each yearly feed holds that year's days only; anything else is not the answer asked for.
        observations.push(
          ...readTreasuryFeed(text).filter((o) => o.date >= since && o.date.startsWith(String(year))),
        );
      }
      return { observations, failures: [] };
    },
  };
}

/** The whole feed or nothing: an entry without a date or with an unreadable value refuses the feed. */
export function readTreasuryFeed(xml: string): RateObservation[] {
  const parsed = parseXml(xml, new Set(['entry']));
  if (!parsed.ok) throw new Error(`Treasury feed: ${parsed.error.message}`);
  const feed = pick(parsed.value, 'feed');
  if (typeof feed !== 'object' || feed === null)
    throw new Error('Treasury answer is not the yield curve feed');
  const observations: RateObservation[] = [];
  for (const entry of asArray(pick(feed, 'entry'))) {
    const properties = pick(entry, 'content', 'properties');
    const stamp = textOf(pick(properties, 'NEW_DATE')) ?? '';
    const date = stamp.slice(0, 10);
    if (!isIsoDate(date)) throw new Error(`Treasury feed: an entry without a date ('${stamp.slice(0, 30)}')`);
    for (const [column, seriesId] of Object.entries(TREASURY_COLUMNS)) {
      const node = pick(properties, column);
      // A column the curve did not have that day is absent or marked m:null="true".
      if (node === undefined || (node as { '@null'?: string })['@null'] === 'true') continue;
      const value = parseRateValue(textOf(node) ?? '');
      if (value === undefined) throw new Error(`Treasury feed: ${column} on ${date} is not a rate`);
      if (value !== null) observations.push({ seriesId, date, value });
    }
  }
  return observations;
}
