import { describe, expect, it } from 'vitest';
import { toDay } from '../../test/make-history';
import { listBusinessDays } from '../calendar/business-calendar';
import { formatIsoDate } from '../core/iso-date';
import { buildSeasonalSegments, countHistoryYears, SEASONAL_SLOTS } from './seasonal-segments';

/** The business days of each (year, slot) piece as ISO dates, read back from the segments. */
function piecesOf(days: readonly number[], endDate: string, years: number): string[][] {
  const segments = buildSeasonalSegments(days, toDay(endDate), years);
  const pieces: string[][] = [];
  for (let piece = 0; piece < years * SEASONAL_SLOTS; piece += 1) {
    const start = segments.starts[piece] as number;
    const length = segments.lengths[piece] as number;
    pieces.push(days.slice(start, start + length).map(formatIsoDate));
  }
  return pieces;
}

describe('countHistoryYears', () => {
  it('counts the 12-month years ending on the end date that the data covers, up to numberOfYears', () => {
    const end = toDay('2024-06-28');
    expect(countHistoryYears(end, 3, toDay('2021-06-01'))).toBe(3);
    expect(countHistoryYears(end, 2, toDay('2021-06-01'))).toBe(2);
    expect(countHistoryYears(end, 5, toDay('2022-06-28'))).toBe(2);
    expect(countHistoryYears(end, 5, toDay('2023-01-02'))).toBe(1);
  });

  it('still counts a year whose data starts within its first week', () => {
    const end = toDay('2024-06-28');
    // Year 3 runs from 2021-06-29; data from 2021-07-01 (its first transaction) or 2021-07-05 counts.
    expect(countHistoryYears(end, 3, toDay('2021-07-01'))).toBe(3);
    expect(countHistoryYears(end, 3, toDay('2021-07-05'))).toBe(3);
    expect(countHistoryYears(end, 3, toDay('2021-07-06'))).toBe(2);
  });
});

describe('buildSeasonalSegments', () => {
  it('cuts each history year into the same 13 calendar pieces, in calendar order', () => {
    const days = listBusinessDays(toDay('2021-06-01') + 1, toDay('2024-06-14'));
    const pieces = piecesOf(days, '2024-06-14', 3);
    for (let year = 0; year < 3; year += 1) {
      const yearPieces = pieces.slice(year * SEASONAL_SLOTS, (year + 1) * SEASONAL_SLOTS);
      // Slot 0: June 15-30; slots 1-11: July to May; slot 12: June 1-14.
      expect(yearPieces[0]?.[0]).toBe(`${2023 - year}-06-15`);
      expect(yearPieces[0]?.every((date) => date.slice(5, 7) === '06' && date.slice(8) > '14')).toBe(true);
      yearPieces.slice(1, 12).forEach((piece, index) => {
        const month = String(((6 + index) % 12) + 1).padStart(2, '0');
        expect(piece.length).toBeGreaterThan(17);
        expect(piece.every((date) => date.slice(5, 7) === month)).toBe(true);
      });
      expect(yearPieces[12]?.every((date) => date.slice(5, 7) === '06' && date.slice(8) <= '14')).toBe(true);
      // The pieces of a year are its business days, each once, in order.
      const yearStart = `${2023 - year}-06-14`;
      const yearEnd = `${2024 - year}-06-14`;
      const expected = days.map(formatIsoDate).filter((date) => date > yearStart && date <= yearEnd);
      expect(yearPieces.flat()).toEqual(expected);
    }
  });

  it('leaves slot 0 empty when the end date is a month end and handles years of different lengths', () => {
    const days = listBusinessDays(toDay('2022-03-01'), toDay('2024-02-29'));
    const segments = buildSeasonalSegments(days, toDay('2024-02-29'), 2);
    expect(segments.lengths[0]).toBe(0);
    expect(segments.lengths[SEASONAL_SLOTS]).toBe(0);
    const yearLength = (year: number) =>
      Array.from(segments.lengths.subarray(year * SEASONAL_SLOTS, (year + 1) * SEASONAL_SLOTS)).reduce(
        (sum, length) => sum + length,
        0,
      );
    // 2023-03-01..2024-02-29 and 2022-03-01..2023-02-28 (the year before ends on Feb 28).
    expect(yearLength(0)).toBe(listBusinessDays(toDay('2023-03-01'), toDay('2024-02-29')).length);
    expect(yearLength(1)).toBe(listBusinessDays(toDay('2022-03-01'), toDay('2023-02-28')).length);
    expect(yearLength(0)).not.toBe(yearLength(1));
  });
});
