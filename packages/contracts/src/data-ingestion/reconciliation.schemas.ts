import { z } from 'zod';

// Issue 39 point 1: every batch account reconciles its statements — opening balance + staged rows =
// closing balance, to the cent, per statement and across statements (each statement opens at the
// previous one's close) — or is validated only with an override and a reason.

/**
 * Where a statement's balances come from: the bank format itself (BAI2, camt, OFX, MT940), a template's
 * balance column, balances stated in the file's title or footer rows, or nowhere.
 */
export const STATEMENT_BALANCE_SOURCES = ['statement', 'balance column', 'stated', 'none'] as const;
export type StatementBalanceSource = (typeof STATEMENT_BALANCE_SOURCES)[number];

/**
 * Reconciled: every statement adds up and each opens at the previous close. Not Reconciled: a
 * statement does not add up or a break between two. Unstated: a file states no balance to check
 * against. No Statements: nothing extracted yet.
 */
export const RECONCILIATION_STATUSES = ['Reconciled', 'Not Reconciled', 'Unstated', 'No Statements'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** One statement of one file for the account, with what its staged rows add up to now. */
export const ReconciledStatementSchema = z.object({
  batchFileId: z.number().int(),
  fileName: z.string(),
  statementRef: z.string().nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  openingBalance: z.number().nullable(),
  closingBalance: z.number().nullable(),
  balanceSource: z.enum(STATEMENT_BALANCE_SOURCES),
  /** Staged rows of the statement now (dropped duplicates included: they are the bank's rows). */
  rowCount: z.number().int(),
  stagedSum: z.number(),
  /** closing - (opening + stagedSum) when both balances are stated, else null. */
  difference: z.number().nullable(),
});
export type ReconciledStatement = z.infer<typeof ReconciledStatementSchema>;

/** An override of a reconciliation that failed: who validated anyway, when, why, and what it said. */
export const ReconciliationOverrideSchema = z.object({
  reason: z.string(),
  summary: z.string(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type ReconciliationOverride = z.infer<typeof ReconciliationOverrideSchema>;

/** A batch account's reconciliation, as the Validate Batch dialog shows it. */
export const ReconciliationSchema = z.object({
  status: z.enum(RECONCILIATION_STATUSES),
  /** A sentence or two: what adds up, or the first statement or break that does not, with dates and figures. */
  explanation: z.string(),
  /** Every problem found, each a sentence naming the dates and the difference (the first is in `explanation`). */
  problems: z.array(z.string()),
  statements: z.array(ReconciledStatementSchema),
  override: ReconciliationOverrideSchema.nullable(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** Undecided possible duplicates block an account's validation (issue 39 point 2). */
export const DuplicateCountsSchema = z.object({
  undecided: z.number().int(),
  kept: z.number().int(),
  dropped: z.number().int(),
});
export type DuplicateCounts = z.infer<typeof DuplicateCountsSchema>;

export const RECONCILIATION_MSG = {
  overrideReasonRequired: 'Give the reason for validating an account that does not reconcile.',
  overrideTitle: 'Validate without reconciling',
  /** 409 when Validate meets an account that does not reconcile and no override was given. */
  notReconciled: (account: string, explanation: string) =>
    `${account} does not reconcile: ${explanation} Validate it with an override and a reason, or correct its rows.`,
  /** 409 when Validate meets undecided possible duplicates. */
  undecidedDuplicates: (account: string, count: number) =>
    `${account} has ${count.toLocaleString('en-US')} possible ${count === 1 ? 'duplicate' : 'duplicates'} to decide: keep or drop ${count === 1 ? 'it' : 'them'} in Edit/Inspect/Validate Transactions first.`,
} as const;

/** A reason typed for an override: at least a few words, at most what an audit row should hold. */
export const OverrideReasonSchema = z
  .string({ error: RECONCILIATION_MSG.overrideReasonRequired })
  .trim()
  .min(3, RECONCILIATION_MSG.overrideReasonRequired)
  .max(1000, 'At most 1000 characters.');
