import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketRateObservations } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { chooseRunRates, describeLevelRate, findRunRates, RATE_LIMIT_DAYS, toRateCurve } from './run-rates';

// Issue 41 point 5: a level's rate is its own series' latest observation within the limit (45 days);
// when that is older, the nearest fresh series of the same horizon stands in and is named; when none
// is fresh, the level says "Rate unavailable since DATE". Never an empty level.

const RUN_DATE = '2026-11-20';
/** The shipped snapshot's situation: daily series up to date, the monthly HQM curve last on 2026-10-01. */
const LATEST = [
  { seriesId: 'EFFR', date: '2026-11-19', value: 3.33 },
  { seriesId: 'SOFR', date: '2026-11-19', value: 3.32 },
  { seriesId: 'DGS3MO', date: '2026-11-19', value: 3.31 },
  { seriesId: 'DCPN3M', date: '2026-11-19', value: 3.31 },
  { seriesId: 'DGS1', date: '2026-11-19', value: 3.17 },
  { seriesId: 'HQMCB1YR', date: '2026-10-01', value: 3.71 },
  { seriesId: 'DGS2', date: '2026-11-19', value: 3.17 },
  { seriesId: 'HQMCB2YR', date: '2026-10-01', value: 3.8 },
];

describe('chooseRunRates', () => {
  it('uses each level’s own series while it is within its limit', () => {
    const rates = chooseRunRates('2026-11-10', LATEST);
    // 2026-10-01 + 40 days: HQM still stands.
    expect(rates.rates.levelFive).toEqual({ seriesId: 'HQMCB2YR', date: '2026-10-01', value: 3.8 });
    expect(describeLevelRate(rates, 'levelFive')).toBeNull();
    // Exactly on the limit it still stands; a day later it does not.
    const onLimit = chooseRunRates('2026-11-15', LATEST);
    expect(onLimit.rates.levelFive?.seriesId).toBe('HQMCB2YR');
    expect(RATE_LIMIT_DAYS).toBe(45);
    expect(chooseRunRates('2026-11-16', LATEST).rates.levelFive?.seriesId).toBe('DGS2');
  });

  it('falls back to the nearest fresh series of the same horizon and names it', () => {
    const rates = chooseRunRates(RUN_DATE, LATEST);
    expect(rates.rates.levelFive).toEqual({
      seriesId: 'DGS2',
      date: '2026-11-19',
      value: 3.17,
      fallbackFor: { seriesId: 'HQMCB2YR', lastDate: '2026-10-01' },
    });
    expect(describeLevelRate(rates, 'levelFive')).toBe(
      '2-year Treasury (DGS2) in place of 2-year corporate bond (HQM) (HQMCB2YR), whose latest rate (2026-10-01) is more than 45 days old',
    );
    // The other levels keep their own series, so the whole curve is known: no empty level or total.
    expect(rates.rates.levelFour?.seriesId).toBe('DGS2');
    expect(rates.rates.levelOne?.fallbackFor).toBeUndefined();
    expect(toRateCurve(rates)).toEqual({
      effectiveFedFunds: 0.0333,
      treasuryBill90Day: 0.0331,
      treasury1Year: 0.0317,
      treasury2Year: 0.0317,
      corporate2Year: 0.0317,
    });
  });

  it('takes the stand-ins in order, skipping a stale one', () => {
    const rates = chooseRunRates(RUN_DATE, [
      { seriesId: 'DGS3MO', date: '2026-08-01', value: 3.4 },
      { seriesId: 'DCPN3M', date: '2026-09-01', value: 3.5 },
      { seriesId: 'DCPF3M', date: '2026-11-18', value: 3.6 },
    ]);
    expect(rates.rates.levelTwo).toMatchObject({
      seriesId: 'DCPF3M',
      value: 3.6,
      fallbackFor: { seriesId: 'DGS3MO', lastDate: '2026-08-01' },
    });
  });

  it('says "Rate unavailable since DATE" when no series of the horizon is fresh', () => {
    const rates = chooseRunRates('2027-03-01', LATEST);
    // Everything stopped in November: HQMCB2YR last on 2026-10-01, DGS2 on 2026-11-19.
    expect(rates.rates.levelFive).toBeNull();
    expect(rates.unavailable?.levelFive).toEqual({ seriesId: 'HQMCB2YR', lastDate: '2026-10-01' });
    expect(describeLevelRate(rates, 'levelFive')).toBe('Rate unavailable since 2026-10-01');
    expect(describeLevelRate(rates, 'levelOne')).toBe('Rate unavailable since 2026-11-19');
    expect(describeLevelRate(rates, 'levelOne', (d) => `[${d}]`)).toBe('Rate unavailable since [2026-11-19]');
    expect(toRateCurve(rates)).toBeUndefined();
    // A series never stored is said so, not left empty.
    const none = chooseRunRates(RUN_DATE, []);
    expect(describeLevelRate(none, 'levelThree')).toBe('Rate unavailable (no DGS1 rate stored)');
    // A run stored before the reasons were kept still answers.
    expect(describeLevelRate({ runDate: RUN_DATE, rates: { ...none.rates } }, 'levelThree')).toBe(
      'Rate unavailable (not stored with this run)',
    );
  });

  it('never reads an observation after the run date', () => {
    // A rate dated after the run date is not the run's (the caller reads on or before it).
    const rates = chooseRunRates('2026-10-15', [{ seriesId: 'HQMCB2YR', date: '2026-10-01', value: 3.8 }]);
    expect(rates.rates.levelFive?.value).toBe(3.8);
  });
});

describe('findRunRates on the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    const rows = [
      ...LATEST.map((r) => ({ ...r })),
      // Later than the run date: never read.
      { seriesId: 'HQMCB2YR', date: '2026-12-01', value: 9.9 },
      { seriesId: 'DGS2', date: '2026-11-25', value: 9.9 },
      // Older ones of the same series: the latest on or before the run date wins.
      { seriesId: 'DGS2', date: '2026-11-02', value: 3.23 },
    ];
    await ctx.database.db
      .insert(marketRateObservations)
      .values(
        rows.map((r) => ({
          seriesId: r.seriesId,
          observationDate: r.date,
          value: r.value,
          source: 'import' as const,
        })),
      )
      .onConflictDoUpdate({
        target: [marketRateObservations.seriesId, marketRateObservations.observationDate],
        set: { value: 0 },
      });
  });
  afterAll(() => ctx.close());

  it('reads the latest on or before the run date, then chooses as chooseRunRates', async () => {
    const rates = await findRunRates(ctx.database.db, RUN_DATE);
    expect(rates.rates.levelFive).toEqual({
      seriesId: 'DGS2',
      date: '2026-11-19',
      value: 3.17,
      fallbackFor: { seriesId: 'HQMCB2YR', lastDate: '2026-10-01' },
    });
    expect(rates).toEqual(chooseRunRates(RUN_DATE, LATEST));
  });
});
