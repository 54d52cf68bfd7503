import { sql } from 'drizzle-orm';
import {
  DUPLICATE_DECISIONS,
  DUPLICATE_RULES,
} from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import {
  bigint,
  check,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { batchFiles } from './ingestion';
import { investmentTypes } from './investments';
import { keywords } from './keywords';
import { stagingRowColumns, stagingRowConstraints } from './staging-columns';
import { transactions } from './transactions';

/**
 * ingestion-analysis.md 3 "Staging transaction": a statement line awaiting validation. The account is
 * the batch account's. A row equal on (account, date, amount, description) to a transaction in the books
 * or to a row of another file is a possible duplicate (ingestion.md step 6): extraction points at the
 * transaction, or at the staging row and its file. The pointers clear themselves when the match goes.
 */
export const stagingTransactions = pgTable(
  'staging_transactions',
  {
    stagingTransactionId: bigserial('staging_transaction_id', { mode: 'number' }).primaryKey(),
    ...stagingRowColumns(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    // Signed like transactions.amount: credits positive, debits negative.
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    keywordId: integer('keyword_id').references(() => keywords.keywordId, { onDelete: 'set null' }),
    duplicateOfTransactionId: bigint('duplicate_of_transaction_id', { mode: 'number' }).references(
      () => transactions.transactionId,
      { onDelete: 'set null' },
    ),
    duplicateOfStagingTransactionId: bigint('duplicate_of_staging_transaction_id', {
      mode: 'number',
    }).references((): AnyPgColumn => stagingTransactions.stagingTransactionId, { onDelete: 'set null' }),
    duplicateOfBatchFileId: integer('duplicate_of_batch_file_id').references(() => batchFiles.batchFileId, {
      onDelete: 'set null',
    }),
    // Issue 39 point 2: by which rule the flag was raised ('reference': the bank's own reference of the
    // entry, FITID and the like; 'match': date, amount and description), and what a person decided:
    // 'keep' books it as a real row, 'drop' leaves it out of the books. Null while undecided: such a
    // row blocks its account's validation and is never booked.
    duplicateRule: text('duplicate_rule', { enum: DUPLICATE_RULES }),
    duplicateDecision: text('duplicate_decision', { enum: DUPLICATE_DECISIONS }),
    // The statement of its file the row belongs to (staging_statements.statement_index), for the
    // reconciliation; null when the file states no statements (a pull).
    statementIndex: integer('statement_index'),
    // The bank's own reference of the entry when the file gives one (OFX FITID, BAI2 bank reference,
    // camt AcctSvcrRef, MT940 bank reference): the first duplicate rule.
    bankReference: text('bank_reference'),
  },
  (t) => [
    ...stagingRowConstraints('staging_transactions', t),
    // Inspect Staging Transactions walks a batch account by date; first and last dates come from it.
    index('staging_transactions_account_date_idx').on(
      t.batchAccountId,
      t.transactionDate,
      t.stagingTransactionId,
    ),
    // The search box: a batch account's description trigrams in one GIN index (btree_gin gives
    // batch_account_id its operator class), as transactions_account_description_trgm_idx in the books.
    index('staging_transactions_account_description_trgm_idx').using(
      'gin',
      t.batchAccountId,
      sql`lower(${t.description}) gin_trgm_ops`,
    ),
    // The referenced rows' deletes find their pointers without reading the table.
    index('staging_transactions_keyword_idx')
      .on(t.keywordId)
      .where(sql`${t.keywordId} is not null`),
    index('staging_transactions_duplicate_transaction_idx')
      .on(t.duplicateOfTransactionId)
      .where(sql`${t.duplicateOfTransactionId} is not null`),
    index('staging_transactions_duplicate_staging_idx')
      .on(t.duplicateOfStagingTransactionId)
      .where(sql`${t.duplicateOfStagingTransactionId} is not null`),
    index('staging_transactions_duplicate_file_idx')
      .on(t.duplicateOfBatchFileId)
      .where(sql`${t.duplicateOfBatchFileId} is not null`),
    check(
      'staging_transactions_duplicate_decision_check',
      sql`${t.duplicateDecision} is null or ${t.duplicateRule} is not null`,
    ),
  ],
);

/**
 * ingestion-analysis.md 3 "Staging investment": what the investment template reads (ingest's
 * InvestmentRow). Like investments, daysUntilMaturity, interestAtMaturity and premiumDiscount are
 * computed, liquidityLevel is analysis's. The type is the file's name for it until matched to a type.
 */
export const stagingInvestments = pgTable(
  'staging_investments',
  {
    stagingInvestmentId: bigserial('staging_investment_id', { mode: 'number' }).primaryKey(),
    ...stagingRowColumns(),
    // CUSIP, SEDOL or ISIN: the spec's investmentId.
    marketIdentifier: text('market_identifier'),
    investmentTypeName: text('investment_type_name').notNull(),
    investmentTypeId: integer('investment_type_id').references(() => investmentTypes.investmentTypeId),
    fund: varchar('fund', { length: 50 }),
    faceValue: numeric('face_value', { precision: 18, scale: 2 }).notNull(),
    settlementAmount: numeric('settlement_amount', { precision: 18, scale: 2 }).notNull(),
    // Percents, as in investments (4.25 = 4.25 %).
    interestRate: numeric('interest_rate', { precision: 9, scale: 6 }).notNull(),
    couponRate: numeric('coupon_rate', { precision: 9, scale: 6 }),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    maturityDate: date('maturity_date', { mode: 'string' }).notNull(),
    callDate: date('call_date', { mode: 'string' }),
  },
  (t) => [
    ...stagingRowConstraints('staging_investments', t),
    index('staging_investments_account_idx').on(t.batchAccountId, t.stagingInvestmentId),
  ],
);
