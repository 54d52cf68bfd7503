import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { createRateProviders } from './create-rate-providers';

const KEY = '0123456789abcdef0123456789abcdef';

describe('market rate configuration', () => {
  it('asks no provider unless told', () => {
    expect(loadConfig({}).MARKET_RATES_PROVIDERS).toEqual([]);
    expect(createRateProviders(loadConfig({ MARKET_RATES_PROVIDERS: 'none' }))).toEqual([]);
  });

  it('takes a list of providers, in order', () => {
    const config = loadConfig({ MARKET_RATES_PROVIDERS: 'Treasury, fred', FRED_API_KEY: KEY });
    expect(createRateProviders(config).map((p) => p.name)).toEqual(['treasury', 'fred']);
    expect(loadConfig({ FRED_BASE_URL: 'http://127.0.0.1:9/fred/' }).fredBaseUrl).toBe(
      'http://127.0.0.1:9/fred',
    );
  });

  it('refuses an unknown provider, FRED without a key, a malformed key or cron', () => {
    expect(() => loadConfig({ MARKET_RATES_PROVIDERS: 'quandl' })).toThrow(
      'Each provider must be fred or treasury (or the list none).',
    );
    expect(() => loadConfig({ MARKET_RATES_PROVIDERS: 'fred' })).toThrow('fred needs FRED_API_KEY');
    expect(() => loadConfig({ FRED_API_KEY: 'not-a-key' })).toThrow('A FRED API key is 32 lower-case');
    expect(() => loadConfig({ MARKET_RATES_REFRESH_CRON: 'daily' })).toThrow(
      'A cron expression has five fields',
    );
  });
});
