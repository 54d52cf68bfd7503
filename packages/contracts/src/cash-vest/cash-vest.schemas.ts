import { z } from 'zod';
import { FrozenRunIdsSchema } from '../analysis/analysis.schemas';
import { MSG } from '../common/messages';

// ingestion-analysis.md 2 "cashVest tab", 3 "cashVest", 5 "cashVest", 7 "Analysis" (GET cash-vest/
// {clientId}, GET cash-vest/sub-scores/{cashVestId}, PUT cash-vest/update/{cashVestId}), 8; analytics.md
// "cashVest score". POST cash-vest/{clientId} ('New cashVest Score') and GET cash-vest/suggestion/
// {cashVestId} are ours: the spec does not say how rows come to exist, nor where suggestions come from.

export const CASH_VEST_MSG = {
  editFailed: 'Failed to edit cashVest scores.',
  /** Ours. */
  updated: 'cashVest scores updated successfully.',
  created: 'cashVest score created.',
  createFailed: 'Failed to create cashVest score.',
  notFound: 'cashVest score not found.',
  groupNotFound: 'Account group does not exist.',
  endBeforeStart: 'The end date must be on or after the start date.',
  /** Spec 2: what a row without dates shows in its Date Range. */
  noDateRange: 'Edit to Enter the Valid Date Range',
  rangeRule: (title: string, min: number, max: number) =>
    `${title} must be a whole number from ${min} to ${max}.`,
} as const;

/**
 * Spec 5 "cashVest" and 2 "cashVest tab": the five sub-scores in the wizard's page order, their ranges,
 * titles and the names they are sent under (spec 3: liquidityProficiency is sent as liquidityProf,
 * commentary as ...Comments). The total is their sum, at most 100.
 */
export const CASH_VEST_SUB_SCORES = [
  { key: 'valueScore', comments: 'valueScoreComments', title: 'Value Score', min: 2, max: 20 },
  {
    key: 'liquidityProf',
    comments: 'liquidityProfComments',
    title: 'Liquidity Proficiency',
    min: 3,
    max: 30,
  },
  {
    key: 'warnickRate',
    comments: 'warnickRateComments',
    title: 'Warnick Potential Rate Indicator',
    min: 2,
    max: 20,
  },
  { key: 'cashflow', comments: 'cashflowComments', title: 'Cash Flow Optimization', min: 2, max: 20 },
  { key: 'investment', comments: 'investmentComments', title: 'Investment Policy', min: 1, max: 10 },
] as const;
export type CashVestSubScoreKey = (typeof CASH_VEST_SUB_SCORES)[number]['key'];
export type CashVestCommentsKey = (typeof CASH_VEST_SUB_SCORES)[number]['comments'];
export const CASH_VEST_MAX_TOTAL = 100;

/** analytics.md "cashVest score": stars = total / 20 in half-star steps (0 to 5). */
export function starsOfTotal(totalScore: number): number {
  return Math.round((totalScore / 20) * 2) / 2;
}

/** analytics.md: a sub-score's star percentage = score / range maximum, as a percentage (0-100). */
export function starPercentageOf(score: number, max: number): number {
  return Math.round((score / max) * 1000) / 10;
}

/** The Investment Policy checklist of analytics.md (the analyst ticks what the client's policy has). */
export const POLICY_CHECKLIST = [
  { key: 'authorisedInstruments', label: 'Authorised instruments' },
  { key: 'maximumMaturity', label: 'Maximum maturity' },
  { key: 'diversification', label: 'Diversification' },
  { key: 'collateral', label: 'Collateral' },
  { key: 'liquidityBuffer', label: 'Liquidity buffer' },
  { key: 'reporting', label: 'Reporting' },
] as const;
export type PolicyChecklistKey = (typeof POLICY_CHECKLIST)[number]['key'];
export const PolicyChecklistSchema = z.object({
  authorisedInstruments: z.boolean(),
  maximumMaturity: z.boolean(),
  diversification: z.boolean(),
  collateral: z.boolean(),
  liquidityBuffer: z.boolean(),
  reporting: z.boolean(),
});
export type PolicyChecklist = z.infer<typeof PolicyChecklistSchema>;
export const EMPTY_POLICY_CHECKLIST: PolicyChecklist = {
  authorisedInstruments: false,
  maximumMaturity: false,
  diversification: false,
  collateral: false,
  liquidityBuffer: false,
  reporting: false,
};

export const CashVestClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });
export const CashVestIdParamsSchema = z.object({ cashVestId: z.coerce.number().int().positive() });

/** Spec 3 "cashVest": a history row. Scores are null until the first edit; dates may be null. */
export const CashVestHistoryRowSchema = z.object({
  cashVestId: z.number().int(),
  createdAt: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  totalScore: z.number().int().nullable(),
  /** 0 to 5 in half steps. */
  totalStar: z.number().nullable(),
  periodInterest: z.number().nullable(),
  yearInterest: z.number().nullable(),
  initialInterest: z.number().nullable(),
});
export type CashVestHistoryRow = z.infer<typeof CashVestHistoryRowSchema>;

const score = z.number().int().nullable();
const star = z.number().nullable();
const comments = z.string().nullable();

/** GET cash-vest/sub-scores/{cashVestId}: each sub-score with its Star percentage (0-100) and commentary. */
export const CashVestSubScoresSchema = CashVestHistoryRowSchema.extend({
  valueScore: score,
  valueScoreStar: star,
  valueScoreComments: comments,
  liquidityProf: score,
  liquidityProfStar: star,
  liquidityProfComments: comments,
  warnickRate: score,
  warnickRateStar: star,
  warnickRateComments: comments,
  cashflow: score,
  cashflowStar: star,
  cashflowComments: comments,
  investment: score,
  investmentStar: star,
  investmentComments: comments,
  /** The group and checklist the suggestion of the last edit read (null before the first edit). */
  accountGroupId: z.number().int().nullable(),
  policyChecklist: PolicyChecklistSchema.nullable(),
  updatedAt: z.string(),
  /** The Monte Carlo run and short-term model the scores were suggested from (ours, issue 41 point 4). */
  frozenRuns: FrozenRunIdsSchema.nullable().optional(),
});
export type CashVestSubScores = z.infer<typeof CashVestSubScoresSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A number typed as text is read as a number; other text stays text and fails as not numeric. */
const numericInput = (v: unknown) => {
  const blank = blankToUndefined(v);
  if (typeof blank === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(blank)) return Number(blank);
  return blank;
};

/** Spec 5: required ('Required!'), numeric ('Field must be a number.'), a whole number in its range. */
function scoreField(title: string, min: number, max: number) {
  const outOfRange = CASH_VEST_MSG.rangeRule(title, min, max);
  return z.preprocess(
    numericInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
      .int(outOfRange)
      .min(min, outOfRange)
      .max(max, outOfRange),
  );
}

const commentsField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(2000, 'At most 2000 characters.').nullish(),
);

const isoDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: MSG.required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.')
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      'Not a real date.',
    ),
);

const [valueDef, liquidityDef, warnickDef, cashflowDef, investmentDef] = CASH_VEST_SUB_SCORES;

/**
 * PUT cash-vest/update/{cashVestId}, body {cashVest}: the five scores (spec 5), their commentary
 * (optional), the date range (rows without dates get theirs here), and what the suggestion read: the
 * account group (default 'All Accounts') and the Investment Policy checklist.
 */
export const CashVestInputSchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    valueScore: scoreField(valueDef.title, valueDef.min, valueDef.max),
    liquidityProf: scoreField(liquidityDef.title, liquidityDef.min, liquidityDef.max),
    warnickRate: scoreField(warnickDef.title, warnickDef.min, warnickDef.max),
    cashflow: scoreField(cashflowDef.title, cashflowDef.min, cashflowDef.max),
    investment: scoreField(investmentDef.title, investmentDef.min, investmentDef.max),
    valueScoreComments: commentsField,
    liquidityProfComments: commentsField,
    warnickRateComments: commentsField,
    cashflowComments: commentsField,
    investmentComments: commentsField,
    accountGroupId: z.preprocess(blankToUndefined, z.number().int().positive().optional()),
    policyChecklist: PolicyChecklistSchema.optional(),
  })
  .superRefine((i, ctx) => {
    if (i.endDate < i.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: CASH_VEST_MSG.endBeforeStart });
  });
export type CashVestInput = z.input<typeof CashVestInputSchema>;
export type CashVestInputParsed = z.output<typeof CashVestInputSchema>;
export const CashVestEditBodySchema = z.object({ cashVest: CashVestInputSchema });
export type CashVestEditBody = z.input<typeof CashVestEditBodySchema>;

export const CashVestResultSchema = z.object({ msg: z.string(), cashVest: CashVestSubScoresSchema });
export type CashVestResult = z.infer<typeof CashVestResultSchema>;
