import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accountGroups } from './accounts';
import { clients } from './clients';
import { openReports } from './reporting';
import { users } from './users';

// Issue 18: the analyses of ingestion-analysis.md 2 "Analysis" (Monte Carlo, short-term model,
// cashVest) on the models of analytics.md. Each run keeps its inputs, the model's result as the
// package returned it (jsonb: read whole, never queried inside), when it read its data ('Data Has
// Changed?' compares that with transaction_changes) and the open report it belongs to, if any (the
// report reads the cycle's runs).
// Rows refer to their client's group by (client_id, account_group_id), so no run crosses tenants.

/** queued -> running -> done | failed (a failed run can be run again). */
export const ANALYSIS_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
const runState = (name: string) => text(name, { enum: ANALYSIS_RUN_STATES });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

const runColumns = {
  clientId: integer('client_id').notNull(),
  accountGroupId: integer('account_group_id').notNull(),
  openReportId: integer('open_report_id'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const monteCarloRuns = pgTable(
  'monte_carlo_runs',
  {
    monteCarloId: serial('monte_carlo_id').primaryKey(),
    ...runColumns,
    monteCarloName: text('monte_carlo_name').notNull(),
    numberOfYears: smallint('number_of_years').notNull(),
    // Recorded so a run is reproducible (analytics.md "Monte Carlo": deterministic for a seed).
    seed: bigint('seed', { mode: 'number' }).notNull(),
    paths: integer('paths').notNull(),
    state: runState('state').notNull().default('queued'),
    jobId: text('job_id'),
    // What the user reads when the run failed.
    message: text('message'),
    // The MonteCarloResult of packages/analytics exactly as runMonteCarlo returns it.
    result: jsonb('result'),
    // The market rates of the run date, with their as-of dates (the Benchmark Interest table).
    rates: jsonb('rates'),
    // The default cushion of each duration range, { "6": dollars, "12": dollars } (analytics.md step 5),
    // so Set Liquidity Levels offers both defaults without reading the history again.
    defaultCushions: jsonb('default_cushions'),
    // When the job read the group's data: later transaction_changes in the range make it 'YES'.
    dataAsOf: timestamp('data_as_of', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'monte_carlo_runs_group_fk',
      columns: [t.clientId, t.accountGroupId],
      foreignColumns: [accountGroups.clientId, accountGroups.groupId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'monte_carlo_runs_open_report_fk',
      columns: [t.clientId, t.openReportId],
      foreignColumns: [openReports.clientId, openReports.openReportId],
    }).onDelete('set null'),
    index('monte_carlo_runs_client_created_idx').on(t.clientId, t.createdAt.desc()),
    index('monte_carlo_runs_group_created_idx').on(t.accountGroupId, t.createdAt.desc()),
    check('monte_carlo_runs_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

// Set Liquidity Levels: the analyst's amounts for one run; without a row the run's computed levels
// count. A group's current levels are those of its latest finished run (with this row, if any).
export const liquidityLevelOverrides = pgTable(
  'liquidity_level_overrides',
  {
    monteCarloId: integer('monte_carlo_id')
      .primaryKey()
      .references(() => monteCarloRuns.monteCarloId, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    dateRange: smallint('date_range').notNull().default(6),
    levelOne: money('level_one').notNull(),
    levelTwo: money('level_two').notNull(),
    levelThree: money('level_three').notNull(),
    levelFour: money('level_four').notNull(),
    levelFive: money('level_five').notNull(),
    cushion: money('cushion').notNull(),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('liquidity_level_overrides_date_range_check', sql`${t.dateRange} in (6, 12)`)],
);

// Short Term Model: a step-1 row (learn and check), and step 2 (the forecast) on the same row, which
// the step-2 table lists once it ran; removing step 2 clears its columns and keeps step 1.
export const shortTermModels = pgTable(
  'short_term_models',
  {
    shortTermModelId: serial('short_term_model_id').primaryKey(),
    ...runColumns,
    shortTermModelName: text('short_term_model_name').notNull(),
    // [{ date, amount }] added on their dates (ingestion-analysis.md 5 "Short term step 1").
    balanceAdjustments: jsonb('balance_adjustments').notNull().default([]),
    step1State: runState('step1_state').notNull().default('queued'),
    step1JobId: text('step1_job_id'),
    step1Message: text('step1_message'),
    // Step 1 Ready?: the model's readiness checks passed.
    step1Ready: boolean('step1_ready'),
    step1Result: jsonb('step1_result'),
    step1CompletedAt: timestamp('step1_completed_at', { withTimezone: true }),
    step2State: runState('step2_state'),
    step2JobId: text('step2_job_id'),
    step2Message: text('step2_message'),
    step2Result: jsonb('step2_result'),
    step2CompletedAt: timestamp('step2_completed_at', { withTimezone: true }),
    // Storage key of the Download PDF document (fileUrl), written with step 2.
    fileKey: text('file_key'),
    // When step 1 read the group's data (see monte_carlo_runs.data_as_of).
    dataAsOf: timestamp('data_as_of', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'short_term_models_group_fk',
      columns: [t.clientId, t.accountGroupId],
      foreignColumns: [accountGroups.clientId, accountGroups.groupId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'short_term_models_open_report_fk',
      columns: [t.clientId, t.openReportId],
      foreignColumns: [openReports.clientId, openReports.openReportId],
    }).onDelete('set null'),
    index('short_term_models_client_created_idx').on(t.clientId, t.createdAt.desc()),
    index('short_term_models_group_created_idx').on(t.accountGroupId, t.createdAt.desc()),
    check('short_term_models_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

// cashVest: the analyst's scores (the 5-page wizard) for a period; the model only suggests them.
// Scores stay null until the first edit; a row without dates asks 'Edit to Enter the Valid Date Range'.
export const cashVestScores = pgTable(
  'cash_vest_scores',
  {
    cashVestId: serial('cash_vest_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    openReportId: integer('open_report_id'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    valueScore: smallint('value_score'),
    liquidityProf: smallint('liquidity_prof'),
    warnickRate: smallint('warnick_rate'),
    cashflow: smallint('cashflow'),
    investment: smallint('investment'),
    totalScore: smallint('total_score'),
    valueScoreComments: text('value_score_comments'),
    liquidityProfComments: text('liquidity_prof_comments'),
    warnickRateComments: text('warnick_rate_comments'),
    cashflowComments: text('cashflow_comments'),
    investmentComments: text('investment_comments'),
    periodInterest: money('period_interest'),
    yearInterest: money('year_interest'),
    initialInterest: money('initial_interest'),
    // The model's suggestions with the inputs and ratios behind each, as of the last edit.
    suggestion: jsonb('suggestion'),
    // Issue 41 point 4: the Monte Carlo run and the short-term model the scores were suggested from
    // (ids and a copy of each row, analysis/frozen-runs.ts), kept once the score's cycle is completed.
    frozenRuns: jsonb('frozen_runs'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'cash_vest_scores_open_report_fk',
      columns: [t.clientId, t.openReportId],
      foreignColumns: [openReports.clientId, openReports.openReportId],
    }).onDelete('set null'),
    index('cash_vest_scores_client_created_idx').on(t.clientId, t.createdAt.desc()),
    check('cash_vest_scores_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'cash_vest_scores_ranges_check',
      sql`(${t.valueScore} is null or ${t.valueScore} between 2 and 20)
        and (${t.liquidityProf} is null or ${t.liquidityProf} between 3 and 30)
        and (${t.warnickRate} is null or ${t.warnickRate} between 2 and 20)
        and (${t.cashflow} is null or ${t.cashflow} between 2 and 20)
        and (${t.investment} is null or ${t.investment} between 1 and 10)`,
    ),
  ],
);

// What changed in the books, written by statement-level triggers on transactions (migration 0022): one
// row per account and statement, with the dates it touched. Analyses compare it with their data_as_of
// ('Data Has Changed?'), and the balance tables with their computed_at (stale tables are rebuilt
// before an analysis reads them). Only amount, date and account changes count: a new description or
// keyword changes no analysis.
export const transactionChanges = pgTable(
  'transaction_changes',
  {
    accountId: integer('account_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('transaction_changes_account_changed_idx').on(t.accountId, t.changedAt)],
);
