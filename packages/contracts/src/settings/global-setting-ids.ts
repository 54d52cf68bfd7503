// platform.md 2.12, 3 "Global setting": the settings' ids and their defaults, without the schemas of
// global-settings.schemas.ts (a client profile's Maturing Investments reads the maturity limit).

export const GLOBAL_SETTING_IDS = {
  /** The business day of the month data ingestion expects uploads by (1 to 24). */
  uploadDate: 1,
  /** The Maturing Investments window, in days from today. */
  maturityLimit: 2,
  /**
   * Ours (design/reports.md "Accounts to close"; platform.md 3 is silent): transactions a month below
   * which an account of the report's closure group is listed to close, 0 to 1000.
   */
  minTransactionsPerMonth: 3,
} as const;
export type GlobalSettingId = (typeof GLOBAL_SETTING_IDS)[keyof typeof GLOBAL_SETTING_IDS];

export const GLOBAL_SETTING_DEFAULTS: Record<GlobalSettingId, number> = { 1: 5, 2: 90, 3: 5 };
