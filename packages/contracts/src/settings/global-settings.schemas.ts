import { z } from 'zod';
import { MSG } from '../common/messages';
import { GLOBAL_SETTING_IDS } from './global-setting-ids';

// platform.md 2.12, 3 "Global setting", 5 (maturity range, upload date), 7 "Administration", 8.
// The ids and defaults without the schemas, for screens that only read a setting (issue 21).
export { GLOBAL_SETTING_DEFAULTS, GLOBAL_SETTING_IDS, type GlobalSettingId } from './global-setting-ids';
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
