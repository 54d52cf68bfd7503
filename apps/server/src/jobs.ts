import { extractAccountsJob } from './modules/accounts/account-upload.service';
import type { Platform } from './platform/create-platform';

/** Every job the instance knows, registered in the API process and in workers alike. */
export function defineJobs(platform: Platform): void {
  // Bulk account upload (issue 4): one job per csv file, staging accounts all or nothing.
  platform.jobs.define(extractAccountsJob({ storage: platform.storage }));
  // Extraction, balance tables, analysis and report jobs register here as their issues land.
}
