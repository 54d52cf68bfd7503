import { extractAccountsJob } from './modules/accounts/account-upload.service';
import { createCopySupportCheck } from './db/copy-support';
import { balanceTablesJob } from './modules/balance-tables/balance-tables.job';
import { shortTermStep1Job, shortTermStep2Job } from './modules/short-term/short-term.job';
import { monteCarloJob } from './modules/monte-carlo/monte-carlo.job';
import { reportPdfJob } from './modules/reports/reports.job';
import { sweepExcelCopies } from './modules/data-ingestion/extraction/excel-copy';
import { extractBatchFileJob } from './modules/data-ingestion/extraction/extract-batch-file.job';
import { createRateProviders } from './modules/market-rates/create-rate-providers';
import { refreshMarketRatesJob } from './modules/market-rates/refresh-market-rates.job';
import { detectExceptionsJob, followJobsWithDetection } from './modules/exceptions/exceptions.job';
import { sendExceptionDigestJob } from './modules/exceptions/send-exception-digest.job';
import type { Platform } from './platform/create-platform';

/** Every job the instance knows, registered in the API process and in workers alike. */
export function defineJobs(platform: Platform): void {
  // Bulk account upload (issue 4): one job per csv file, staging accounts all or nothing.
  platform.jobs.define(
    extractAccountsJob({
      storage: platform.storage,
      workers: platform.ingestWorkers,
      budget: platform.parseBudget,
    }),
  );
  // Market rates (issue 6): the daily refresh from the configured providers.
  platform.jobs.define(
    refreshMarketRatesJob({
      providers: createRateProviders(platform.config),
      cron: platform.config.MARKET_RATES_REFRESH_CRON,
    }),
  );
  // Statement extraction (issue 16 point 5): one job per uploaded batch file, staged whole or not at all.
  platform.jobs.define(
    extractBatchFileJob(
      {
        database: platform.database,
        storage: platform.storage,
        workers: platform.ingestWorkers,
        budget: platform.parseBudget,
        canCopy: createCopySupportCheck(platform.database.db),
      },
      // One file per parse thread at once: a file's transaction waits on the database while the
      // next is read (issue 40 point 5).
      {
        expireInSeconds: platform.config.EXTRACTION_JOB_EXPIRE_SECONDS,
        lanes: platform.config.PARSE_WORKERS,
      },
    ),
  );
  // Copies left by extractions a killed process never finished (their jobs ran again elsewhere): at
  // twice the longest an extraction may take, and at least an hour, no running job owns them.
  const staleMs = Math.max(2 * platform.config.EXTRACTION_JOB_EXPIRE_SECONDS * 1000, 3_600_000);
  void sweepExcelCopies(staleMs).catch(() => undefined);
  // 'Calculate Daily and Monthly Tables' (issue 18 point 1), also sent after VALIDATE THIS BATCH.
  platform.jobs.define(balanceTablesJob());
  // Monte Carlo runs (issue 18 point 3), on worker threads.
  platform.jobs.define(monteCarloJob());
  // Short-term model steps 1 and 2 (issue 18 point 4), each writing the model's PDF.
  platform.jobs.define(shortTermStep1Job({ storage: platform.storage }));
  platform.jobs.define(shortTermStep2Job({ storage: platform.storage }));
  // Client reports (issue 19 point 2): the Liquidity Analysis PDF of a generated report.
  platform.jobs.define(reportPdfJob({ storage: platform.storage }));
  // The exception queue (issue 43): nightly over every client, and after each followed job of a client.
  const detectCron = platform.config.EXCEPTIONS_DETECT_CRON;
  platform.jobs.define(detectExceptionsJob(detectCron === 'off' ? {} : { cron: detectCron }));
  platform.jobs.onJobEnded(followJobsWithDetection(platform.database.db, platform.jobs));
  const digestCron = platform.config.EXCEPTIONS_DIGEST_CRON;
  platform.jobs.define(
    sendExceptionDigestJob({
      mailer: platform.mailer,
      publicUrl: platform.config.publicUrl,
      ...(digestCron === 'off' ? {} : { cron: digestCron }),
    }),
  );
  // Analysis jobs register here as their issues land.
}
