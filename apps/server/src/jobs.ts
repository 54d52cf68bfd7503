import type { Platform } from './platform/create-platform';

/** Every job the instance knows, registered in the API process and in workers alike. */
export function defineJobs(_platform: Platform): void {
  // Extraction, balance tables, analysis and report jobs register here as their issues land.
}
