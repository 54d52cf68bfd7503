import { describe, expect, it } from 'vitest';
import { listBusinessDays } from '../calendar/business-calendar';
import { fromDayNumber, toDayNumber } from '../core/iso-date';
import { createSeededRandom } from '../core/seeded-random';
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

  it('counts business days within the month', () => {
    // July 2024: Monday the 1st, the 4th is a holiday.
    expect(findBusinessPosition(toDayNumber(2024, 7, 1))).toBe(0);
    expect(findBusinessPosition(toDayNumber(2024, 7, 5))).toBe(3);
  });
});
