import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';
import { SERVER_PAGE_SIZES } from '../paging/paging.schemas';

// platform.md 3 "Transaction" and 2.9 "Transactions filter"; the account profile's Transactions tab.
export const TRANSACTION_MSG = {
  notFound: 'Transaction not found.',
  keywordNotFound: 'Keyword not found.',
  editFailed: 'Failed to edit transaction.',
  deleteFailed: 'Failed to delete transaction(s).',
  updated: 'Transaction updated successfully.',
  deleted: 'Transaction(s) deleted successfully.',
} as const;

/** The Transactions table pages on the server in these sizes (platform.md 9). */
export const TRANSACTION_PAGE_SIZES = SERVER_PAGE_SIZES;

/**
 * Columns the list may filter and sort by: transactionDate (date range), transactionDescription (text
 * prefix; the search box matches anywhere in it), amount (number range), creditDebit ('Any', 'Debit' =
 * amount below zero, 'Credit' = zero or more), keyword (a list of keyword ids).
 */
export const TRANSACTION_LIST_COLUMNS = [
  'transactionDate',
  'transactionDescription',
  'amount',
  'creditDebit',
  'keyword',
] as const;
export const CREDIT_DEBIT_OPTIONS = ['Any', 'Debit', 'Credit'] as const;
export type CreditDebit = (typeof CREDIT_DEBIT_OPTIONS)[number];

export const TransactionSchema = z.object({
  transactionId: z.number().int(),
  accountId: z.number().int(),
  transactionDate: z.string(),
  transactionDescription: z.string(),
  /** Signed: credits positive, debits negative. */
  amount: z.number(),
  /** The keyword's name, null when none was assigned. */
  keyword: z.string().nullable(),
  keywordId: z.number().int().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** PUT /api/transactions/{id}: {transaction:{transactionDescription, keyword, transactionDate, amount}}. */
export const TransactionEditBodySchema = z.object({
  transaction: z.object({
    transactionDescription: z.string().trim().max(1000, 'At most 1000 characters.'),
    /** A keyword id, or null for none. */
    keyword: z.number().int().positive().nullable(),
    transactionDate: z.preprocess(
      blankToUndefined,
      z
        .string({ error: MSG.required })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.')
        .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date.'),
    ),
    // Thousands separators are taken out ('12,000', issue 20 point 7).
    amount: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : plainNumberText(blankToUndefined(v))),
      z
        .string({ error: MSG.required })
        .trim()
        .regex(/^-?\d{1,16}(\.\d{1,2})?$/, MSG.fieldMustBeNumber),
    ),
  }),
});

/** DELETE /api/transactions: {transaction:{ids}}. */
export const TransactionIdsBodySchema = z.object({
  transaction: z.object({ ids: z.array(z.number().int().positive()).min(1, MSG.required).max(1000) }),
});

export const TransactionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const TransactionAccountParamsSchema = z.object({ accountId: z.coerce.number().int().positive() });

export const TransactionResultSchema = z.object({ msg: z.string(), transaction: TransactionSchema });
export const TransactionsDeletedSchema = z.object({ msg: z.string(), deletedCount: z.number().int() });

/** The Filter Keywords multi-select (label and value). */
export const KeywordOptionSchema = z.object({ label: z.string(), value: z.number().int() });
export type KeywordOption = z.infer<typeof KeywordOptionSchema>;
