import { describe, expect, it } from 'vitest';
import { isBusinessDate } from '@tideline/analytics/calendar/business-calendar';
import { parseIsoDate } from '@tideline/analytics/core/iso-date';
import { MARKET_RATE_SERIES } from '@tideline/contracts/market-rates/market-rates.schemas';
import { readRateSnapshot } from '../modules/market-rates/load-rate-snapshot';
import type { RateObservation } from '../modules/market-rates/rate-observation';
import { DEMO_RATE_CUTS, planDemoMarketRates } from './demo-market-rates';
import { DEMO_SEED } from './demo-random';

// The demo's made-up rate history, planned from the shipped snapshot for a window that starts before
// it and ends after it (a demo seeded on 2026-12-03).
const WINDOW = { firstDate: '2023-12-03', lastDate: '2026-12-02' };
const snapshot = await readRateSnapshot();
const planned = planDemoMarketRates(snapshot, WINDOW);
const snapshotDates = snapshot.map((o) => o.date).sort();
const [first, last] = [snapshotDates[0]!, snapshotDates.at(-1)!];

const seriesOf = (rows: readonly RateObservation[], id: string) =>
  rows.filter((o) => o.seriesId === id).sort((a, b) => a.date.localeCompare(b.date));
const before = planned.filter((o) => o.date < first);
const valueOn = (id: string, date: string) =>
  planned.find((o) => o.seriesId === id && o.date === date)?.value;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('planDemoMarketRates', () => {
  it("writes every snapshot series, never on a day inside the snapshot's own range", () => {
    expect(new Set(planned.map((o) => o.seriesId))).toEqual(new Set(MARKET_RATE_SERIES));
    expect(planned.filter((o) => o.date >= first && o.date <= last)).toEqual([]);
    for (const o of planned)
      if (o.seriesId.startsWith('HQM')) expect(o.date.endsWith('-01'), o.date).toBe(true);
      else expect(isBusinessDate(o.date), `${o.seriesId} ${o.date}`).toBe(true);
  });

  it("lowers the fed funds target in steps from 5.25-5.50% to the snapshot's first range", () => {
    const upper = seriesOf(before, 'DFEDTARU');
    expect(upper[0]!.date < WINDOW.firstDate).toBe(true);
    expect([valueOn('DFEDTARL', upper[0]!.date), upper[0]!.value, valueOn('EFFR', upper[0]!.date)]).toEqual([
      5.25, 5.5, 5.33,
    ]);
    const lastBefore = upper.at(-1)!.date;
    const snapshotFirst = (id: string) => seriesOf(snapshot, id)[0]!.value;
    expect(valueOn('DFEDTARU', lastBefore)).toBe(snapshotFirst('DFEDTARU'));
    expect(valueOn('DFEDTARL', lastBefore)).toBe(snapshotFirst('DFEDTARL'));
    expect(valueOn('EFFR', lastBefore)).toBe(snapshotFirst('EFFR'));
    const steps = upper
      .slice(1)
      .map((o, i) => Math.round((upper[i]!.value - o.value) * 100) / 100)
      .filter((step) => step !== 0);
    expect(steps).toEqual(DEMO_RATE_CUTS.map((c) => c.percent));
  });

  it('keeps each series at its average snapshot spread to EFFR, within 2 basis points', () => {
    const effr = new Map(seriesOf(before, 'EFFR').map((o) => [o.date, o.value]));
    const snapshotEffr = mean(seriesOf(snapshot, 'EFFR').map((o) => o.value));
    for (const id of ['DGS1MO', 'BC_2MONTH', 'DGS3MO', 'DGS1', 'DGS2', 'DCPF3M', 'DCPN3M', 'SOFR']) {
      const spread = mean(seriesOf(snapshot, id).map((o) => o.value)) - snapshotEffr;
      for (const o of seriesOf(before, id))
        expect(Math.abs(o.value - effr.get(o.date)! - spread), `${id} ${o.date}`).toBeLessThanOrEqual(0.0251);
    }
  });

  it('averages SOFR over 30 calendar days for SOFR30DAYAVG', () => {
    const sofr = seriesOf(before, 'SOFR');
    const day = '2025-03-14';
    const from = parseIsoDate(day)! - 29;
    const window = Array.from({ length: 30 }, (_, i) => {
      const onOrBefore = sofr.filter((o) => parseIsoDate(o.date)! <= from + i);
      return onOrBefore.at(-1)!.value;
    });
    expect(valueOn('SOFR30DAYAVG', day)).toBeCloseTo(mean(window), 5);
  });

  it("holds each series at its last snapshot value after the snapshot's last day", () => {
    const after = planned.filter((o) => o.date > last);
    expect(after.length).toBeGreaterThan(0);
    for (const o of after) expect(o.value, o.seriesId).toBe(seriesOf(snapshot, o.seriesId).at(-1)!.value);
    expect(seriesOf(after, 'EFFR').at(-1)!.date).toBe(WINDOW.lastDate);
  });

  it('gives the same rows for the same seed, and other wiggles for another', () => {
    expect(planDemoMarketRates(snapshot, WINDOW)).toEqual(planned);
    const other = planDemoMarketRates(snapshot, WINDOW, DEMO_SEED + 1);
    expect(seriesOf(other, 'DFEDTARU')).toEqual(seriesOf(planned, 'DFEDTARU'));
    expect(seriesOf(other, 'DGS3MO')).not.toEqual(seriesOf(planned, 'DGS3MO'));
  });
});
