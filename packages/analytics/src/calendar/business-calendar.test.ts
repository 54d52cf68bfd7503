import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  countBusinessDays,
  isBusinessDate,
  isBusinessDay,
  nextBusinessDayOnOrAfter,
} from './business-calendar';
import { foldToBusinessDays } from './fold-to-business-days';
import { formatIsoDate, parseIsoDate } from '../core/iso-date';
import { listFederalHolidayDates } from './us-federal-holidays';

const day = (iso: string): number => {
  const parsed = parseIsoDate(iso);
  if (parsed === undefined) throw new Error(`bad test date ${iso}`);
  return parsed;
};

describe('listFederalHolidayDates', () => {
  it('gives the observed holidays of 2021, including Juneteenth and the Saturday New Year of 2022', () => {
    expect(listFederalHolidayDates(2021).map((holiday) => holiday.date)).toEqual([
      '2021-01-01',
      '2021-01-18',
      '2021-02-15',
      '2021-05-31',
      '2021-06-18',
      '2021-07-05',
      '2021-09-06',
      '2021-10-11',
      '2021-11-11',
      '2021-11-25',
      '2021-12-24',
      '2021-12-31',
    ]);
  });

  it('gives 2022 without New Year (observed in 2021) and moves Sunday holidays to Monday', () => {
    expect(listFederalHolidayDates(2022).map((holiday) => holiday.date)).toEqual([
      '2022-01-17',
      '2022-02-21',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-10-10',
      '2022-11-11',
      '2022-11-24',
      '2022-12-26',
    ]);
  });

  it('gives 2023 with Saturday Veterans Day observed on Friday', () => {
    expect(listFederalHolidayDates(2023).map((holiday) => holiday.date)).toEqual([
      '2023-01-02',
      '2023-01-16',
      '2023-02-20',
      '2023-05-29',
      '2023-06-19',
      '2023-07-04',
      '2023-09-04',
      '2023-10-09',
      '2023-11-10',
      '2023-11-23',
      '2023-12-25',
    ]);
  });

  it('gives 1990 without Juneteenth', () => {
    expect(listFederalHolidayDates(1990).map((holiday) => holiday.date)).toEqual([
      '1990-01-01',
      '1990-01-15',
      '1990-02-19',
      '1990-05-28',
      '1990-07-04',
      '1990-09-03',
      '1990-10-08',
      '1990-11-12',
      '1990-11-22',
      '1990-12-25',
    ]);
  });

  it('has 10 or 11 holidays, all on weekdays, for every year 1990-2100', () => {
    for (let year = 1990; year <= 2100; year += 1) {
      const holidays = listFederalHolidayDates(year);
      expect(holidays.length).toBeGreaterThanOrEqual(year >= 2021 ? 10 : 9);
      expect(holidays.length).toBeLessThanOrEqual(year >= 2021 ? 12 : 11);
      for (const holiday of holidays) expect(isBusinessDate(holiday.date)).toBe(false);
    }
  });
});

describe('business days', () => {
  it('excludes weekends and holidays', () => {
    expect(isBusinessDay(day('2024-07-04'))).toBe(false);
    expect(isBusinessDay(day('2024-07-06'))).toBe(false);
    expect(isBusinessDay(day('2024-07-05'))).toBe(true);
    expect(isBusinessDate('2024-12-25')).toBe(false);
  });

  it('counts 249 business days in 2021 (12 holidays) and 251 in 2024', () => {
    expect(countBusinessDays(day('2021-01-01'), day('2021-12-31'))).toBe(365 - 104 - 12);
    expect(countBusinessDays(day('2024-01-01'), day('2024-12-31'))).toBe(366 - 104 - 11);
  });

  it('steps over a holiday weekend', () => {
    expect(formatIsoDate(nextBusinessDayOnOrAfter(day('2023-12-23')))).toBe('2023-12-26');
    expect(formatIsoDate(addBusinessDays(day('2023-12-22'), 1))).toBe('2023-12-26');
  });
});

describe('foldToBusinessDays', () => {
  it('moves weekend and holiday flows to the next business day and keeps the window total', () => {
    const flows = [
      { day: day('2023-12-22'), amount: 10 },
      { day: day('2023-12-23'), amount: 5 },
      { day: day('2023-12-25'), amount: -2 },
      { day: day('2023-12-26'), amount: 1 },
      { day: day('2023-12-30'), amount: 7 },
    ];
    const folded = foldToBusinessDays(flows, day('2023-12-22'), day('2023-12-30'));
    expect(folded.days.map(formatIsoDate)).toEqual([
      '2023-12-22',
      '2023-12-26',
      '2023-12-27',
      '2023-12-28',
      '2023-12-29',
    ]);
    // The Saturday at the very end stays in the window, on its last business day.
    expect(Array.from(folded.flows)).toEqual([10, 4, 0, 0, 7]);
  });
});
