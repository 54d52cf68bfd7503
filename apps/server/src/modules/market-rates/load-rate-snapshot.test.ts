import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_RATE_SERIES } from '@tideline/contracts/market-rates/market-rates.schemas';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { loadRateSnapshotIfEmpty } from './load-rate-snapshot';
import { buildMarketData } from './market-rates.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

class Rollback extends Error {}

describe('the shipped rate snapshot', () => {
  it('fills an empty history on start, covers every series and is left alone once loaded', async () => {
    // The history is shared by every test file: empty it inside a transaction that is rolled back,
    // holding the table so no other file writes meanwhile.
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`lock table market_rate_observations in exclusive mode`);
        await tx.execute(sql`delete from market_rate_observations`);
        const loaded = await loadRateSnapshotIfEmpty(tx);
        expect(loaded).toBeGreaterThan(1000);
        expect(await loadRateSnapshotIfEmpty(tx)).toBe(0);
        const sources = await tx.execute<{ source: string; series: number }>(
          sql`select source, count(distinct series_id)::int as series from market_rate_observations group by source`,
        );
        expect(sources.rows).toEqual([{ source: 'snapshot', series: MARKET_RATE_SERIES.length }]);
        const data = await buildMarketData(tx);
        const rates = Object.values(data).flat();
        expect(rates.every((r) => r.value !== null && r.asOf !== null && r.source === 'snapshot')).toBe(true);
        expect(data.federalFund.map((r) => r.value)).toEqual([3.25, 3.5]);
        expect(data.usTreasury[0]!.asOf).toBe('2026-11-20');
        expect(data.corporateBond[0]!.asOf).toBe('2026-10-01');
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  });
});
