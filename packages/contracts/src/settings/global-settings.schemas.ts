import { z } from 'zod';
import { MSG } from '../common/messages';

// platform.md 2.12, 3 "Global setting", 5 (maturity range, upload date), 7 "Administration", 8.
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

/** The largest minimum of transactions a month (global setting 3). */
export const MIN_TRANSACTIONS_PER_MONTH_MAX = 1000;

export const GLOBAL_SETTING_MSG = {
  uploadDateFailed: 'Failed to update Data Ingestion upload date.',
  maturityLimitFailed: 'Failed to update Maturity Investment Date Range.',
  minTransactionsFailed: 'Failed to update Minimum Transactions a Month.',
  minTransactionsRange: `Choose a whole number of transactions from 0 to ${MIN_TRANSACTIONS_PER_MONTH_MAX}.`,
  notFound: 'Global setting not found.',
  updated: 'Global setting updated successfully.',
} as const;

export const GlobalSettingSchema = z.object({
  globalSettingId: z.number().int(),
  globalSettingValue: z.number().int(),
  updatedAt: z.string(),
});
export type GlobalSetting = z.infer<typeof GlobalSettingSchema>;

export const GlobalSettingIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .refine(
      (id) => (Object.values(GLOBAL_SETTING_IDS) as number[]).includes(id),
      GLOBAL_SETTING_MSG.notFound,
    ),
});

/**
 * PUT /api/administration/global-setting/{id}: {globalSetting:{value}}. Id 1 takes 1 to 24 (ordinals);
 * id 2 a whole number of days, at least 0 (platform.md 5 "Maturity range"); id 3 a whole number of
 * transactions from 0 to 1000; the route checks the range.
 */
export const GlobalSettingBodySchema = z.object({
  globalSetting: z.object({
    value: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      // 'abc' is no number, not a missing one (issue 20 point 7).
      z
        .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
        .int(MSG.fieldMustBeNumber)
        .min(0, 'Minimum is 0.')
        .max(3650),
    ),
  }),
});

/** The form's value of global setting 3: the body's value, at most 1000 (the route checks the same). */
export const MinTransactionsValueSchema = GlobalSettingBodySchema.shape.globalSetting.refine(
  ({ value }) => value <= MIN_TRANSACTIONS_PER_MONTH_MAX,
  { message: GLOBAL_SETTING_MSG.minTransactionsRange, path: ['value'] },
);

export const GlobalSettingResultSchema = z.object({ msg: z.string(), globalSetting: GlobalSettingSchema });
