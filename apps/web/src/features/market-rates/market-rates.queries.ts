import { queryOptions } from '@tanstack/react-query';
import { MarketDataSchema, type MarketData } from '@tideline/contracts/market-rates/market-rates.schemas';
import { useSessionStore } from '../../lib/session-store';
import { fetchMarketData } from './market-rates.api';

/** Rates change once a day; a dashboard visit within the hour reuses what it has. */
const MARKET_DATA_STALE_MS = 60 * 60 * 1000;

/** The market data kept in the session store across reloads (platform.md 1), if it still reads. */
export function storedMarketData(): MarketData | undefined {
  const parsed = MarketDataSchema.safeParse(useSessionStore.getState().marketData);
  return parsed.success ? parsed.data : undefined;
}

export const marketRateQueries = {
  marketData: () =>
    queryOptions({
      queryKey: ['market-rates', 'market-data'] as const,
      queryFn: async ({ signal }) => {
        const data = await fetchMarketData(signal);
        // platform.md 1: the market data survives a reload; logout clears it with the user.
        useSessionStore.getState().setMarketData(data);
        return data;
      },
      staleTime: MARKET_DATA_STALE_MS,
    }),
};
