import {
  date,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accountGroups, accounts } from './accounts';

// analytics.md "Balance tables" ("Calculate Daily and Monthly Tables"): what the balance-tables job
// writes with packages/analytics, per account and per account group. Derived data: a job run replaces
// an account's (or group's) rows whole, so they are never edited in place. Rows refer to their account
// or group by (client_id, id), so a client's delete cascades and a row never crosses tenants.

const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull();

const dailyColumns = {
  clientId: integer('client_id').notNull(),
  balanceDate: date('balance_date', { mode: 'string' }).notNull(),
  // End-of-day balance.
  balance: money('balance'),
  credits: money('credits'),
  // <= 0.
  debits: money('debits'),
  transactionCount: integer('transaction_count').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
};

// MonthlyBalanceRow of packages/analytics/src/balances/compute-monthly-table.ts.
const monthlyColumns = {
  clientId: integer('client_id').notNull(),
  // The month's first day.
  month: date('month', { mode: 'string' }).notNull(),
  monthEndBalance: money('month_end_balance'),
  averageDailyBalance: money('average_daily_balance'),
  minimumBalance: money('minimum_balance'),
  maximumBalance: money('maximum_balance'),
  totalCredits: money('total_credits'),
  totalDebits: money('total_debits'),
  transactionCount: integer('transaction_count').notNull(),
  // Days of the month in the table (fewer than the month's length at the edges).
  dayCount: smallint('day_count').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
};

export const dailyBalances = pgTable(
  'daily_balances',
  { accountId: integer('account_id').notNull(), ...dailyColumns },
  (t) => [
    primaryKey({ name: 'daily_balances_pkey', columns: [t.accountId, t.balanceDate] }),
    foreignKey({
      name: 'daily_balances_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
  ],
);

export const monthlyBalances = pgTable(
  'monthly_balances',
  { accountId: integer('account_id').notNull(), ...monthlyColumns },
  (t) => [
    primaryKey({ name: 'monthly_balances_pkey', columns: [t.accountId, t.month] }),
    foreignKey({
      name: 'monthly_balances_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
  ],
);

export const accountGroupDailyBalances = pgTable(
  'account_group_daily_balances',
  { accountGroupId: integer('account_group_id').notNull(), ...dailyColumns },
  (t) => [
    primaryKey({ name: 'account_group_daily_balances_pkey', columns: [t.accountGroupId, t.balanceDate] }),
    foreignKey({
      name: 'account_group_daily_balances_group_fk',
      columns: [t.clientId, t.accountGroupId],
      foreignColumns: [accountGroups.clientId, accountGroups.groupId],
    }).onDelete('cascade'),
  ],
);

export const accountGroupMonthlyBalances = pgTable(
  'account_group_monthly_balances',
  { accountGroupId: integer('account_group_id').notNull(), ...monthlyColumns },
  (t) => [
    primaryKey({ name: 'account_group_monthly_balances_pkey', columns: [t.accountGroupId, t.month] }),
    foreignKey({
      name: 'account_group_monthly_balances_group_fk',
      columns: [t.clientId, t.accountGroupId],
      foreignColumns: [accountGroups.clientId, accountGroups.groupId],
    }).onDelete('cascade'),
  ],
);
