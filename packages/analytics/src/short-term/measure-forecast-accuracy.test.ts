import { describe, expect, it } from 'vitest';
import { measureForecastAccuracy } from './measure-forecast-accuracy';

const actualBalances = [
  { date: '2024-01-01', balance: 1000 },
  { date: '2024-01-08', balance: 1100 },
  { date: '2024-01-15', balance: 1050 },
  { date: '2024-01-16', balance: 1070 },
  { date: '2024-01-31', balance: 900 },
];

describe('measureForecastAccuracy', () => {
  it('finds no error when the forecast matched what happened', () => {
    const result = measureForecastAccuracy({
      actualBalances,
      forecastRows: [
        {
          date: '2024-01-15',
          singleVariance: -50,
          sevenDayVariance: -50,
          fourteenDayVariance: 50,
          monthlyVariance: 50,
        },
        {
          date: '2024-01-16',
          singleVariance: 20,
          sevenDayVariance: -30,
          fourteenDayVariance: -30,
          monthlyVariance: 70,
        },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.singleDay).toEqual({
      comparedDays: 2,
      meanAbsoluteError: 0,
      bias: 0,
      rootMeanSquareError: 0,
    });
    expect(result.value.sevenDay.meanAbsoluteError).toBe(0);
    expect(result.value.fourteenDay.comparedDays).toBe(2);
    expect(result.value.band).toBeNull();
  });

  it('reports bias and errors by hand', () => {
    const result = measureForecastAccuracy({
      actualBalances,
      forecastRows: [
        // Actual one-day change -50 and 20; forecast -30 and 50: errors +20 and +30.
        {
          date: '2024-01-15',
          singleVariance: -30,
          sevenDayVariance: 0,
          fourteenDayVariance: 0,
          monthlyVariance: 0,
        },
        {
          date: '2024-01-16',
          singleVariance: 50,
          sevenDayVariance: 0,
          fourteenDayVariance: 0,
          monthlyVariance: 0,
        },
        // No actual on this date: not compared.
        {
          date: '2024-01-17',
          singleVariance: 999,
          sevenDayVariance: 0,
          fourteenDayVariance: 0,
          monthlyVariance: 0,
        },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.singleDay).toEqual({
      comparedDays: 2,
      meanAbsoluteError: 25,
      bias: 25,
      rootMeanSquareError: Math.round(Math.sqrt((400 + 900) / 2) * 100) / 100,
    });
  });

  it('counts the actual days inside the Monte Carlo band, linear between points', () => {
    const result = measureForecastAccuracy({
      actualBalances,
      forecastRows: [],
      band: [
        { date: '2024-01-01', lowerBalance: 900, upperBalance: 1100 },
        { date: '2024-01-31', lowerBalance: 900, upperBalance: 1400 },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    // Upper band on the 8th is 1100 + 7/30 x 300 = 1170: 1100 inside; all five days are inside.
    expect(result.value.band).toEqual({ comparedDays: 5, daysInside: 5, shareInside: 1 });
    const tight = measureForecastAccuracy({
      actualBalances,
      forecastRows: [],
      band: [
        { date: '2024-01-01', lowerBalance: 950, upperBalance: 1050 },
        { date: '2024-01-16', lowerBalance: 950, upperBalance: 1050 },
      ],
    });
    if (!tight.ok) throw new Error(tight.error.message);
    // 1000 and 1050 inside; 1100 and 1070 outside; the 31st is after the band.
    expect(tight.value.band).toEqual({ comparedDays: 4, daysInside: 2, shareInside: 0.5 });
  });

  it('rejects empty, duplicated and unordered actuals', () => {
    expect(measureForecastAccuracy({ actualBalances: [], forecastRows: [] })).toMatchObject({
      ok: false,
      error: { code: 'EMPTY_HISTORY' },
    });
    const duplicate = [actualBalances[0]!, actualBalances[0]!];
    expect(measureForecastAccuracy({ actualBalances: duplicate, forecastRows: [] })).toMatchObject({
      ok: false,
      error: { code: 'DUPLICATE_DATE' },
    });
    const unordered = [actualBalances[1]!, actualBalances[0]!];
    expect(measureForecastAccuracy({ actualBalances: unordered, forecastRows: [] })).toMatchObject({
      ok: false,
      error: { code: 'DATES_OUT_OF_ORDER' },
    });
  });
});
