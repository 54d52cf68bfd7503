import { MARKET_RATE_SERIES } from '@tideline/contracts/market-rates/market-rates.schemas';
import { isIsoDate, parseRateValue, type RateObservation } from '../rate-observation';
import { fetchText } from './fetch-text';
import type { ProviderResult, RateProvider } from './rate-provider';

/** The FRED series of the market data object; BC_2MONTH has no FRED series (see docs/models.md). */
export const FRED_SERIES = MARKET_RATE_SERIES.filter((s) => s !== 'BC_2MONTH');

/**
 * FRED's fred/series/observations (https://fred.stlouisfed.org/docs/api/fred/series_observations.html):
 * one request per series, JSON, values as text with '.' for a day without a value.
 */
export function createFredProvider(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  series?: readonly string[];
}): RateProvider {
  const series = options.series ?? FRED_SERIES;
  return {
    name: 'fred',
    async fetchObservations(since: string): Promise<ProviderResult> {
      const observations: RateObservation[] = [];
      const failures: string[] = [];
      // One at a time: FRED allows 120 requests a minute per key, and a dozen series take seconds.
      for (const seriesId of series) {
        try {
          observations.push(...(await fetchSeries(options, seriesId, since)));
        } catch (err) {
          failures.push(`${seriesId}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      if (failures.length === series.length) throw new Error(`FRED answered no series. ${failures[0]}`);
      return { observations, failures };
    },
  };
}

async function fetchSeries(
  options: { apiKey: string; baseUrl: string; timeoutMs: number },
  seriesId: string,
  since: string,
): Promise<RateObservation[]> {
  const query = new URLSearchParams({
    series_id: seriesId,
    api_key: options.apiKey,
    file_type: 'json',
    observation_start: since,
  });
  const { status, text } = await fetchText(`${options.baseUrl}/series/observations?${query}`, {
    timeoutMs: options.timeoutMs,
    accept: 'application/json',
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${status}: the answer is not JSON`);
  }
  if (status !== 200) {
    const message = (body as { error_message?: unknown } | null)?.error_message;
    throw new Error(`HTTP ${status}${typeof message === 'string' ? `: ${message}` : ''}`);
  }
  return readObservations(body, seriesId);
}

/** The whole answer or nothing: one unreadable row means the answer cannot be trusted. */
export function readObservations(body: unknown, seriesId: string): RateObservation[] {
  const rows = (body as { observations?: unknown } | null)?.observations;
  if (!Array.isArray(rows)) throw new Error('the answer has no observations list');
  const observations: RateObservation[] = [];
  for (const row of rows as { date?: unknown; value?: unknown }[]) {
    if (typeof row?.date !== 'string' || !isIsoDate(row.date) || typeof row.value !== 'string')
      throw new Error(`an observation without a date or value: ${JSON.stringify(row).slice(0, 80)}`);
    const value = parseRateValue(row.value);
    if (value === undefined) throw new Error(`'${row.value.slice(0, 20)}' on ${row.date} is not a rate`);
    if (value !== null) observations.push({ seriesId, date: row.date, value });
  }
  return observations;
}
