import { z } from 'zod';
import { MSG } from '../common/messages';
import { stagingRowIdsSchema } from '../data-ingestion/staging-rows.schemas';
import { ListFilterSchema } from '../paging/paging.schemas';

// Issue 39 point 2: a possible duplicate is a decision, never a side effect. Each flag says which
// booked or staged transaction it matches and by which rule; a person keeps or drops it; an account
// with undecided flags cannot be validated and promotion never books an undecided or dropped row.

/**
 * reference: the bank's own reference of the entry (OFX FITID, BAI2 bank reference, camt AcctSvcrRef,
 * MT940 bank reference) equals one already booked or staged for the account. match: the same date,
 * amount and description, where the file holds no more such rows than the books (or another file)
 * already do, so N identical real rows are kept as N.
 */
export const DUPLICATE_RULES = ['reference', 'match'] as const;
export type DuplicateRule = (typeof DUPLICATE_RULES)[number];

/** keep: a real row, booked on validation. drop: a copy of what is already there, never booked. */
export const DUPLICATE_DECISIONS = ['keep', 'drop'] as const;
export type DuplicateDecision = (typeof DUPLICATE_DECISIONS)[number];

/** What a person may set: keep, drop, or back to undecided. */
export const DUPLICATE_CHOICES = [...DUPLICATE_DECISIONS, 'undecided'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

export const DUPLICATE_MSG = {
  kept: 'Possible duplicate(s) kept.',
  dropped: 'Possible duplicate(s) dropped.',
  undecided: 'Possible duplicate(s) set back to undecided.',
  decideFailed: 'Failed to decide the possible duplicate(s).',
  selectionRequired: 'Send either stagingTransactionIds or matching.',
} as const;

/**
 * Every row of a filter, not only the page shown: the inspect list's batch accounts, filters and
 * search (the same columns and rules as POST /staging/inspect).
 */
export const StagingMatchingSchema = z.object({
  batchAccountIds: z.array(z.number().int().positive()).min(1, MSG.required).max(100),
  filters: z.array(ListFilterSchema).max(50).default([]),
  searchTerm: z.string().max(200).default(''),
  timeZone: z.string().max(64).optional(),
});
export type StagingMatching = z.input<typeof StagingMatchingSchema>;

/**
 * PUT /api/transactions/staging/duplicates (ours): keep, drop or undecide the possible duplicates of
 * the selection; rows of the selection that are not flagged are left alone.
 */
export const StagingDuplicateDecisionBodySchema = z
  .object({
    decision: z.enum(DUPLICATE_CHOICES),
    stagingTransactionIds: stagingRowIdsSchema().optional(),
    matching: StagingMatchingSchema.optional(),
  })
  .refine((s) => (s.stagingTransactionIds === undefined) !== (s.matching === undefined), {
    message: DUPLICATE_MSG.selectionRequired,
  });
export type StagingDuplicateDecisionBody = z.input<typeof StagingDuplicateDecisionBodySchema>;
