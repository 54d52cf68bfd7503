import type { Config } from '../../platform/config';
import { createFredProvider } from './providers/fred-provider';
import type { RateProvider } from './providers/rate-provider';
import { createTreasuryProvider } from './providers/treasury-provider';

/** The providers MARKET_RATES_PROVIDERS names, in its order (config.ts checks FRED has a key). */
export function createRateProviders(config: Config): RateProvider[] {
  return config.MARKET_RATES_PROVIDERS.map((name) =>
    name === 'fred'
      ? createFredProvider({
          apiKey: config.FRED_API_KEY ?? '',
          baseUrl: config.fredBaseUrl,
          timeoutMs: config.MARKET_RATES_TIMEOUT_MS,
        })
      : createTreasuryProvider({
          baseUrl: config.treasuryBaseUrl,
          timeoutMs: config.MARKET_RATES_TIMEOUT_MS,
        }),
  );
}
