import { parseDelimited } from '@tideline/ingest/text/parse-delimited';
import { MARKET_RATE_SERIES } from '@tideline/contracts/market-rates/market-rates.schemas';
import { isIsoDate, parseRateValue, type RateObservation } from './rate-observation';

export interface ParsedRateFile {
  observations: RateObservation[];
  /** One line per problem, naming the file's line number; the file is imported only when empty. */
  problems: string[];
}

const DATE_HEADERS = new Set(['observation_date', 'date']);
const KNOWN_SERIES = new Set<string>(MARKET_RATE_SERIES);
const MAX_CELL = 100;

/**
 * Reads FRED's download format: `observation_date,SERIES[,SERIES…]` (today's fredgraph.csv, blank =
 * missing) or `DATE,SERIES` (the older download, '.' = missing); one row per date, dates YYYY-MM-DD.
 */
export function parseFredCsv(text: string): ParsedRateFile {
  const { records } = parseDelimited(text.replace(/^\uFEFF/, ''), ',', true, MAX_CELL);
  const problems: string[] = [];
  const header = records[0]?.map((h) => h.trim()) ?? [];
  if (header.length < 2 || !DATE_HEADERS.has(header[0]!.toLowerCase())) {
    return {
      observations: [],
      problems: [
        'Line 1: the header must be observation_date (or DATE) followed by one column per FRED series.',
      ],
    };
  }
  const series = header.slice(1);
  series.forEach((id, i) => {
    if (!KNOWN_SERIES.has(id))
      problems.push(
        `Line 1: unknown series '${id}' in column ${i + 2}; known: ${MARKET_RATE_SERIES.join(', ')}.`,
      );
    else if (series.indexOf(id) !== i) problems.push(`Line 1: series '${id}' appears twice.`);
  });
  const observations: RateObservation[] = [];
  const seenDates = new Map<string, number>();
  records.slice(1).forEach((record, i) => {
    const line = i + 2;
    if (record.length === 1 && record[0]!.trim() === '') return;
    if (record.length !== header.length) {
      problems.push(`Line ${line}: ${record.length} fields where the header has ${header.length}.`);
      return;
    }
    const date = record[0]!.trim();
    if (!isIsoDate(date)) {
      problems.push(`Line ${line}: '${date}' is not a date (YYYY-MM-DD).`);
      return;
    }
    const earlier = seenDates.get(date);
    if (earlier !== undefined) problems.push(`Line ${line}: ${date} is already on line ${earlier}.`);
    seenDates.set(date, line);
    series.forEach((seriesId, c) => {
      const cell = record[c + 1]!;
      const value = parseRateValue(cell);
      if (value === undefined) problems.push(`Line ${line}: '${cell.trim()}' is not a rate (${seriesId}).`);
      else if (value !== null) observations.push({ seriesId, date, value });
    });
  });
  if (records.length < 2) problems.push('The file has no rows below the header.');
  return { observations, problems };
}
