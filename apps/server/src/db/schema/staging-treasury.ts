import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { stagingRowColumns, stagingRowConstraints } from './staging-columns';

// ingestion-analysis.md 3 "Staging fee", "Staging balance", "Staging account balance": the three
// sections of a treasury (account analysis) statement, each in the batch account of its section type.
// A native statement (ingest's TreasuryStatement: camt.086) fills the scalar figures; a template-read
// statement with several amount columns (one per month or account) fills headers (the column labels)
// and amounts / volumes as [headerIndex, value] pairs, value a decimal string or null.

/** A dynamic column's values: [headerIndex, value] pairs. */
const pairs = (name: string) =>
  jsonb(name)
    .$type<[number, string | null][]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** Dynamic amount columns: the labels, and the row's amounts under them. */
function dynamicColumns() {
  return {
    headers: jsonb('headers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    amounts: pairs('amounts'),
  };
}

/** A service charge line (TreasuryFeeRow): unit price x volume = amount, a credit negative. */
export const stagingFees = pgTable(
  'staging_fees',
  {
    stagingFeeId: bigserial('staging_fee_id', { mode: 'number' }).primaryKey(),
    ...stagingRowColumns(),
    accountNumber: text('account_number').notNull().default(''),
    // The bank's grouping of the service (camt.086 service type).
    bankCategory: text('bank_category'),
    description: text('description').notNull().default(''),
    bankCode: text('bank_code'),
    afpCode: text('afp_code'),
    // Chosen while validating (Edit / Bulk Edit Staging Fee), from the fee category lists.
    category: text('category'),
    subCategory: text('sub_category'),
    bankLevelException: text('bank_level_exception'),
    clientLevelException: text('client_level_exception'),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }),
    volume: numeric('volume', { precision: 18, scale: 4 }),
    // The line's total charge: the batch account's Total Charges sums it.
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: text('currency'),
    ...dynamicColumns(),
    volumes: pairs('volumes'),
  },
  (t) => [
    ...stagingRowConstraints('staging_fees', t),
    index('staging_fees_account_idx').on(t.batchAccountId, t.stagingFeeId),
  ],
);

/**
 * A statement-level balance or rate (TreasuryBalanceRow). isRate rows ('ecr', or a description with
 * 'Rate') hold percentages, shown x100 by the web (spec 3).
 */
export const stagingBalances = pgTable(
  'staging_balances',
  {
    stagingBalanceId: bigserial('staging_balance_id', { mode: 'number' }).primaryKey(),
    ...stagingRowColumns(),
    accountNumber: text('account_number').notNull().default(''),
    afpCode: text('afp_code'),
    description: text('description').notNull().default(''),
    standardizedDescription: text('standardized_description'),
    isRate: boolean('is_rate').notNull().default(false),
    amount: numeric('amount', { precision: 20, scale: 6 }),
    ...dynamicColumns(),
    volumes: pairs('volumes'),
  },
  (t) => [
    ...stagingRowConstraints('staging_balances', t),
    index('staging_balances_account_idx').on(t.batchAccountId, t.stagingBalanceId),
  ],
);

/** One account's balances within the analysis statement (the Account Balance section). */
export const stagingAccountBalances = pgTable(
  'staging_account_balances',
  {
    stagingAccountBalanceId: bigserial('staging_account_balance_id', { mode: 'number' }).primaryKey(),
    ...stagingRowColumns(),
    accountNumber: text('account_number').notNull(),
    afpCode: text('afp_code'),
    description: text('description').notNull().default(''),
    standardizedDescription: text('standardized_description'),
    isRate: boolean('is_rate').notNull().default(false),
    amount: numeric('amount', { precision: 20, scale: 6 }),
    ...dynamicColumns(),
  },
  (t) => [
    ...stagingRowConstraints('staging_account_balances', t),
    index('staging_account_balances_account_idx').on(t.batchAccountId, t.stagingAccountBalanceId),
  ],
);
