import { extractAccountsJob } from './modules/accounts/account-upload.service';
import { createRateProviders } from './modules/market-rates/create-rate-providers';
import { refreshMarketRatesJob } from './modules/market-rates/refresh-market-rates.job';
import type { Platform } from './platform/create-platform';

/** Every job the instance knows, registered in the API process and in workers alike. */
export function defineJobs(platform: Platform): void {
  // Bulk account upload (issue 4): one job per csv file, staging accounts all or nothing.
  platform.jobs.define(extractAccountsJob({ storage: platform.storage }));
  // Market rates (issue 6): the daily refresh from the configured providers.
  platform.jobs.define(
    refreshMarketRatesJob({
      providers: createRateProviders(platform.config),
      cron: platform.config.MARKET_RATES_REFRESH_CRON,
    }),
  );
  // Extraction, balance tables, analysis and report jobs register here as their issues land.
}
