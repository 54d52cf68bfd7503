import { describe, expect, it } from 'vitest';
import { listBusinessDays, nextBusinessDayOnOrAfter } from '../calendar/business-calendar';
import { fromDayNumber, toDayNumber } from '../core/iso-date';
import { createSeededRandom } from '../core/seeded-random';
import { describeDay } from '../short-term/calendar-features';
import { selectStationaryBlockLength } from './select-block-length';
import {
  findBusinessPosition,
  fitSeasonalMean,
  listFutureBusinessDays,
  projectSeasonalMean,
} from './seasonal-mean';

const MONTH_EFFECTS = [30, -20, 10, -40, 50, 0, -10, 20, -30, 40, -50, 0];
const positionEffect = (position: number) => (position === 0 ? -300 : position === 10 ? -200 : 25);

/** Three years of days: level + month + position effects + a tax receipt on Dec's 3rd business day + noise. */
function makeSeries(level: number, noise: number) {
  const days = listBusinessDays(toDayNumber(2021, 7, 1), toDayNumber(2024, 6, 28));
  const random = createSeededRandom(9);
  const flows = Float64Array.from(days, (day) => {
    const position = findBusinessPosition(day);
    const month = fromDayNumber(day).month - 1;
    const tax = month === 11 && position === 2 ? 50_000 : 0;
    return (
      level +
      (MONTH_EFFECTS[month] as number) +
      positionEffect(position) +
      tax +
      (random.nextUnit() - 0.5) * noise
    );
  });
  return { days, flows };
}

describe('fitSeasonalMean', () => {
  it('recovers a known seasonal mean, keeps a calendar event in its cell and leaves the noise as residuals', () => {
    const { days, flows } = makeSeries(1_000, 20);
    const model = fitSeasonalMean(days, flows, 3);
    const futureDays = listFutureBusinessDays(toDayNumber(2024, 6, 28));
    const path = projectSeasonalMean(model, futureDays);
    // The mean of every future day matches the known mean (without the level, centred) within the noise.
    const truth = futureDays.map((day) => {
      const position = findBusinessPosition(day);
      const month = fromDayNumber(day).month - 1;
      return (
        (MONTH_EFFECTS[month] as number) +
        positionEffect(position) +
        (month === 11 && position === 2 ? 50_000 : 0)
      );
    });
    const truthMean = truth.reduce((sum, value) => sum + value, 0) / truth.length;
    futureDays.forEach((_, t) =>
      expect(Math.abs((path[t] as number) - ((truth[t] as number) - truthMean))).toBeLessThan(8),
    );
    // Residuals: uniform noise of width 20 has standard deviation 20 / sqrt(12) = 5.77.
    const sd = Math.sqrt(
      model.residuals.reduce((sum, value) => sum + value * value, 0) / model.residuals.length,
    );
    expect(sd).toBeGreaterThan(5.2);
    expect(sd).toBeLessThan(6.6);
    expect(Math.abs(model.residuals.reduce((sum, value) => sum + value, 0))).toBeLessThan(1e-6);
    expect(model.level).toBeCloseTo(1_000 + (50_000 * 3) / days.length + 0, -1);
  });

  it('carries no drift unless one is stated', () => {
    const { days, flows } = makeSeries(1_000, 20);
    const model = fitSeasonalMean(days, flows, 3);
    const futureDays = listFutureBusinessDays(toDayNumber(2024, 6, 28));
    const total = (values: Float64Array) => values.reduce((sum, value) => sum + value, 0);
    expect(Math.abs(total(projectSeasonalMean(model, futureDays)))).toBeLessThan(1e-6);
    // A stated 252,000 a year over the 5 simulated years (1,260 business days) adds 1,260,000.
    expect(total(projectSeasonalMean(model, futureDays, 252_000))).toBeCloseTo(1_260_000, 4);
  });

  it('takes out a weekday pattern, a biweekly payroll and the 15th, so the residuals need short blocks', () => {
    // Weekday pattern + a $5,000 payroll every other Friday (on the next business day when the Friday
    // is a holiday) + a $2,000 receipt on the business day covering the 15th + uniform noise of width
    // 400 (standard deviation 115.5). Left in the residuals, the payroll alone is a 14-day cycle.
    const weekdayPattern = [200, -100, 0, 50, -150];
    const anchor = toDayNumber(2021, 7, 9); // a Friday
    const end = toDayNumber(2024, 6, 28);
    const paydays = new Set<number>();
    for (let day = anchor; day <= end; day += 14) paydays.add(nextBusinessDayOnOrAfter(day));
    const allDays = listBusinessDays(toDayNumber(2021, 7, 1), end);
    const random = createSeededRandom(17);
    const allFlows = Float64Array.from(allDays, (day) => {
      const features = describeDay(day);
      return (
        (weekdayPattern[features.weekday] as number) +
        (paydays.has(day) ? -5_000 : 0) +
        (features.isMidMonth ? 2_000 : 0) +
        (random.nextUnit() - 0.5) * 400
      );
    });
    const phase = ((anchor % 14) + 14) % 14;
    for (const years of [1, 2, 3]) {
      const first = allDays.findIndex((day) => day > toDayNumber(2024 - years, 6, 28));
      const days = allDays.slice(first);
      const model = fitSeasonalMean(days, allFlows.slice(first), years);
      expect(model.biweekly?.phase).toBe(phase);
      expect(Math.abs((model.biweekly?.effect ?? 0) + 5_000)).toBeLessThan(60);
      expect(Math.abs((model.midMonthEffect ?? 0) - 2_000)).toBeLessThan(120);
      const weekdays = model.weekdayEffects;
      expect(Math.abs((weekdays[0] as number) - (weekdays[4] as number) - 350)).toBeLessThan(50);
      expect(Math.abs((weekdays[1] as number) - (weekdays[3] as number) + 150)).toBeLessThan(50);
      // The residuals are the noise: its spread, and a short automatic block length.
      const sd = Math.sqrt(
        model.residuals.reduce((sum, value) => sum + value * value, 0) / model.residuals.length,
      );
      expect(sd).toBeGreaterThan(100);
      expect(sd).toBeLessThan(135);
      expect(selectStationaryBlockLength(model.residuals).blockLength).toBeLessThan(5);
      // The projected mean pays the payroll on the future paydays.
      const futureDays = listFutureBusinessDays(end);
      const path = projectSeasonalMean(model, futureDays);
      const payday = futureDays.findIndex((day) => ((day % 14) + 14) % 14 === phase);
      const nextDay = payday + 1;
      const gap = (path[payday] as number) - (path[nextDay] as number);
      // A Friday payday against the following Monday: -5,000 - 150 - 200.
      expect(Math.abs(gap - (-5_000 - 150 - 200))).toBeLessThan(150);
    }
  });

  it('keeps a receipt due on a day of the month on that date, whatever its business-day position', () => {
    // $40,000 on the business day covering March 10 each year; its position moves with the weekdays.
    const days = listBusinessDays(toDayNumber(2021, 7, 1), toDayNumber(2024, 6, 28));
    const random = createSeededRandom(5);
    const flows = Float64Array.from(days, (day) => {
      const features = describeDay(day);
      const isDue =
        features.month === 3 && features.coversFrom <= toDayNumber(fromDayNumber(day).year, 3, 10);
      const covers = isDue && day >= toDayNumber(fromDayNumber(day).year, 3, 10);
      return (covers ? 40_000 : 0) + (random.nextUnit() - 0.5) * 100;
    });
    const model = fitSeasonalMean(days, flows, 3);
    const event = model.events.find((candidate) => candidate.effect > 10_000);
    expect(event).toMatchObject({ month: 3, anchor: 'dayOfMonth', value: 10 });
    expect(Math.abs((event?.effect ?? 0) - 40_000)).toBeLessThan(200);
    // Nothing of it is left in the residuals.
    expect(Math.max(...Array.from(model.residuals, Math.abs))).toBeLessThan(200);
  });

  it('counts business days within the month', () => {
    // July 2024: Monday the 1st, the 4th is a holiday.
    expect(findBusinessPosition(toDayNumber(2024, 7, 1))).toBe(0);
    expect(findBusinessPosition(toDayNumber(2024, 7, 5))).toBe(3);
  });
});
