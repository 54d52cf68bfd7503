import { MarketDataListSchema, type MarketData } from '@tideline/contracts/market-rates/market-rates.schemas';
import { apiRequest } from '../../lib/api-client';

/** platform.md 7 "GET /api/dashboard/quandl": the market data is the first element of the list. */
export async function fetchMarketData(signal?: AbortSignal): Promise<MarketData | null> {
  const list = MarketDataListSchema.parse(await apiRequest('/dashboard/quandl', { signal }));
  return list[0] ?? null;
}
