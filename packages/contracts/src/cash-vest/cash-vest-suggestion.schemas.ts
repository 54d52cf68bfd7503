import { z } from 'zod';
import { POLICY_CHECKLIST, PolicyChecklistSchema, type PolicyChecklist } from './cash-vest.schemas';

// Ours: GET /api/analytics/cash-vest/suggestion/{cashVestId}, the model's suggestions (analytics.md
// "cashVest score", packages/analytics scoreCashVest) with the inputs and ratios behind each, so the
// edit wizard is prefilled and the analyst sees why. Where an input is missing the sub-score has no
// suggestion and says what is missing; nothing is made up.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.');

/**
 * The period and group the wizard has typed or picked (defaults: the row's dates, 'All Accounts', the
 * checklist of the last edit). `checklist` lists the ticked elements, comma-separated.
 */
export const CashVestSuggestionQuerySchema = z.object({
  accountGroupId: z.coerce.number().int().positive().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  checklist: z
    .string()
    .max(200)
    .optional()
    .refine(
      (v) => !v || v.split(',').every((k) => POLICY_CHECKLIST.some((item) => item.key === k)),
      'Unknown checklist element.',
    ),
});
export type CashVestSuggestionQuery = z.infer<typeof CashVestSuggestionQuerySchema>;

/** The query text of a checklist: the ticked keys, comma-separated. */
export function checklistQueryOf(checklist: PolicyChecklist): string {
  return POLICY_CHECKLIST.filter((item) => checklist[item.key])
    .map((item) => item.key)
    .join(',');
}

export const SUGGESTION_UNITS = ['money', 'rate', 'share', 'days', 'count', 'text'] as const;
/**
 * One figure behind a suggestion. money: dollars; rate: a yearly rate as a fraction (0.0425 = 4.25%);
 * share: a fraction of a whole (0.6 = 60%); days and count: whole numbers; text: as given.
 */
export const SuggestionInputSchema = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  unit: z.enum(SUGGESTION_UNITS),
});
export type SuggestionInput = z.infer<typeof SuggestionInputSchema>;

export const SuggestedSubScoreSchema = z.object({
  key: z.enum(['valueScore', 'liquidityProf', 'warnickRate', 'cashflow', 'investment']),
  title: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  /** Null when an input is missing (see `missing`). */
  score: z.number().int().nullable(),
  /** The ratio before it was mapped onto the range (may be below 0 or above 1). */
  ratio: z.number().nullable(),
  /** score / max as a percentage. */
  starPercentage: z.number().nullable(),
  /** What the ratio is, in words. */
  formula: z.string(),
  inputs: z.array(SuggestionInputSchema),
  notes: z.array(z.string()),
  missing: z.array(z.string()),
});
export type SuggestedSubScore = z.infer<typeof SuggestedSubScoreSchema>;

export const SuggestionAccountSchema = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  accountCategory: z.string().nullable(),
  /** Over the period, from the daily balance table; null when the table has no day in it. */
  averageBalance: z.number().nullable(),
  isEarning: z.boolean(),
  /** Why it counts as earning: interest received, an earnings credit rate, or its category. */
  earningReason: z.string().nullable(),
});
export type SuggestionAccount = z.infer<typeof SuggestionAccountSchema>;

const money = z.number();
export const SuggestionLevelsSchema = z.object({
  monteCarloId: z.number().int(),
  monteCarloName: z.string(),
  levelOne: money,
  levelTwo: money,
  levelThree: money,
  levelFour: money,
  levelFive: money,
});

export const CashVestSuggestionSchema = z.object({
  cashVestId: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  accountGroup: z.object({ groupId: z.number().int(), groupName: z.string() }).nullable(),
  liquidityLevels: SuggestionLevelsSchema.nullable(),
  accounts: z.array(SuggestionAccountSchema),
  policyChecklist: PolicyChecklistSchema,
  /** The sum of the five suggestions; null unless all five could be suggested. */
  totalScore: z.number().int().nullable(),
  totalStar: z.number().nullable(),
  periodInterest: z.number().nullable(),
  yearInterest: z.number().nullable(),
  initialInterest: z.number().nullable(),
  subScores: z.array(SuggestedSubScoreSchema),
  /** What is missing for the whole suggestion (no date range, no account group, no balances). */
  missing: z.array(z.string()),
});
export type CashVestSuggestion = z.infer<typeof CashVestSuggestionSchema>;
